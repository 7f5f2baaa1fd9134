// "Create work orders" for one line: what is left of it in one part or split into several, each posted as one work
// order (POST /api/v1/work-orders, owned by the work-order module). The parts may not add up to more than is left
// (decision 047). Posted one after another; if one is refused, those made before it stay and the dialog says so.
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fromScaled, isDecimal, toScaled } from '#common/decimal.ts';
import {
  type TBuildOrder,
  type TBuildOrderLine,
  type TWorkOrderSplit,
  ZWorkOrderSplitSchema,
} from '#common/schemas/build-orders.ts';
import { DateField } from '../../components/date-field.tsx';
import { FormFooter } from '../../components/form-footer.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { createWorkOrder, orderKeys } from './api.ts';

export function WorkOrdersDialog({
  order,
  line,
  onClose,
}: {
  order: TBuildOrder;
  line: TBuildOrderLine | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={line !== null} onClose={onClose} title="Create work orders" size="md">
      {line ? <SplitForm order={order} line={line} onClose={onClose} /> : null}
    </Modal>
  );
}

/** The sum of the parts that are numbers (scaled to 6), for the running total and the rule. */
const sumOf = (parts: { quantity: string }[]) =>
  parts.reduce((s, p) => s + (isDecimal(p.quantity.trim(), 6) ? toScaled(p.quantity.trim(), 6) : 0n), 0n);

function SplitForm({
  order,
  line,
  onClose,
}: {
  order: TBuildOrder;
  line: TBuildOrderLine;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const unit = line.assembly.unitOfMeasure;
  const left = toScaled(line.remaining, 6);
  const form = useContractForm({
    schema: ZWorkOrderSplitSchema,
    initialValues: { parts: [{ quantity: line.remaining }], dueOn: order.dueOn ?? '' },
    toBody: (v): TWorkOrderSplit => ({ parts: v.parts, ...(v.dueOn ? { dueOn: v.dueOn } : {}) }),
    rules: (v) => ({
      parts:
        sumOf(v.parts) > left &&
        `The parts add up to ${formatQuantity(fromScaled(sumOf(v.parts), 6), unit)}: at most ${formatQuantity(line.remaining, unit)} is left of this line.`,
    }),
  });
  const post = useMutation({
    mutationFn: async (body: TWorkOrderSplit) => {
      for (const [i, part] of body.parts.entries()) {
        try {
          await createWorkOrder({
            assemblyId: line.assembly.id,
            orderLineId: line.id,
            quantity: part.quantity,
            ...(body.dueOn ? { dueOn: body.dueOn } : {}),
          });
        } catch (failure) {
          // The parts made are taken off the form, so a retry posts only the rest.
          if (i > 0) form.setFieldValue('parts', body.parts.slice(i));
          throw new Error(
            i === 0
              ? messageOf(failure)
              : `${i} of ${body.parts.length} work orders were made; part ${i + 1} was refused: ${messageOf(failure)}`,
          );
        }
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
    onSuccess: onClose,
    onError: (failure) => form.setFormError(failure.message),
  });
  const total = sumOf(form.values.parts);

  return (
    <form onSubmit={form.onSubmit((body) => post.mutate(body))} noValidate aria-label="Create work orders">
      <Stack>
        <Text size="sm">
          {line.position}. {line.assembly.partNumber} · {formatQuantity(line.remaining, unit)} left of{' '}
          {formatQuantity(line.quantity, unit)}. One work order per part; split to build in batches.
        </Text>
        {form.values.parts.map((_, i) => (
          <Group key={form.key(`parts.${i}`)} align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={`Part ${i + 1} quantity`}
              inputMode="decimal"
              required
              style={{ flex: 1 }}
              {...form.getInputProps(`parts.${i}.quantity`)}
            />
            {form.values.parts.length > 1 ? (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={26}
                aria-label={`Remove part ${i + 1}`}
                onClick={() => form.removeListItem('parts', i)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            ) : null}
          </Group>
        ))}
        <Group justify="space-between" wrap="wrap">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem('parts', { quantity: '' })}
          >
            Add part
          </Button>
          <Text size="sm" c={total > left ? 'red.9' : 'dimmed'} aria-live="polite">
            Total {formatQuantity(fromScaled(total, 6), unit)} of {formatQuantity(line.remaining, unit)} left
          </Text>
        </Group>
        {form.errorOf('parts') && total > left ? (
          <Text size="sm" c="red.9" role="alert">
            {form.errorOf('parts')}
          </Text>
        ) : null}
        <DateField
          label="Due date"
          clearable
          value={form.values.dueOn}
          onChange={(v) => form.setFieldValue('dueOn', v)}
          error={form.errorOf('dueOn')}
        />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel={
            form.values.parts.length === 1
              ? 'Create work order'
              : `Create ${form.values.parts.length} work orders`
          }
          pending={post.isPending}
        />
      </Stack>
    </form>
  );
}
