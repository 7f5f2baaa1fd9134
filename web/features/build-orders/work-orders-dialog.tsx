// "Create work orders" for one line: what is left of it in one part or split into several, each posted as a tree
// (POST /api/v1/work-orders/tree, owned by the work-order module): a work order of the line's assembly and, under
// it, one for each sub-assembly stock does not cover, through every level (decision 064). The proposed tree is
// shown first, for the whole of what is planned; the planner may untick a sub-assembly. The parts may not add up to
// more than is left (decision 047). Posted one after another; if one is refused, those made before it stay and the
// dialog says so.
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fromScaled, isDecimal, toScaled } from '#common/decimal.ts';
import {
  type TBuildOrder,
  type TBuildOrderLine,
  type TWorkOrderSplit,
  ZWorkOrderSplitSchema,
} from '#common/schemas/build-orders.ts';
import { DateField } from '../../components/date-field.tsx';
import { FormFooter } from '../../components/form-footer.tsx';
import {
  useWorkOrderProposal,
  WorkOrderProposal,
  workOrdersMade,
} from '../../components/work-order-proposal.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { quantityInputMode } from '../../lib/quantity-input.ts';
import { createWorkOrderTree } from '../../lib/work-order-tree-api.ts';
import { orderKeys } from './api.ts';

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
  const [leaveOut, setLeaveOut] = useState<ReadonlySet<string>>(new Set());
  const total = sumOf(form.values.parts);
  const dueOn = form.values.dueOn;
  // The plan of the whole of what is being planned; each part is then made as its own tree, netted the same way.
  const proposal = useWorkOrderProposal(
    total > 0n && total <= left && form.values.parts.every((p) => isDecimal(p.quantity.trim(), 6))
      ? {
          assemblyId: line.assembly.id,
          quantity: fromScaled(total, 6),
          orderLineId: line.id,
          ...(dueOn ? { dueOn } : {}),
        }
      : null,
  );
  const made = workOrdersMade(proposal.data, leaveOut);
  const withChildren = made > 1;
  const post = useMutation({
    mutationFn: async (body: TWorkOrderSplit) => {
      for (const [i, part] of body.parts.entries()) {
        try {
          await createWorkOrderTree({
            assemblyId: line.assembly.id,
            orderLineId: line.id,
            quantity: part.quantity,
            leaveOut: [...leaveOut],
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
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: orderKeys.all }),
        client.invalidateQueries({ queryKey: ['work-orders'] }),
      ]),
    onSuccess: onClose,
    onError: (failure) => form.setFormError(failure.message),
  });
  const parts = form.values.parts.length;
  const submitLabel =
    parts === 1
      ? withChildren
        ? `Create ${made} work orders`
        : 'Create work order'
      : withChildren
        ? // Each part's tree is netted as it is made, so only the parts are counted: the plan above shows the rest.
          'Create work orders'
        : `Create ${parts} work orders`;

  return (
    <form onSubmit={form.onSubmit((body) => post.mutate(body))} noValidate aria-label="Create work orders">
      <Stack>
        <Text size="sm">
          {line.position}. {line.assembly.partNumber} · {formatQuantity(line.remaining, unit)} left of{' '}
          {formatQuantity(line.quantity, unit)}. One work order per part; split to build in batches. Under
          each, a work order for every sub-assembly stock does not cover: untick one to plan it yourself.
        </Text>
        {form.values.parts.map((_, i) => (
          <Group key={form.key(`parts.${i}`)} align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={`Part ${i + 1} quantity`}
              inputMode={quantityInputMode(unit)}
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
        <Stack gap="xs" component="section" aria-labelledby="work-order-plan">
          <Title order={3} fz="sm" id="work-order-plan">
            What it takes
          </Title>
          <WorkOrderProposal
            query={proposal}
            leaveOut={leaveOut}
            onToggle={(key, make) =>
              setLeaveOut((before) => {
                const next = new Set(before);
                if (make) next.delete(key);
                else next.add(key);
                return next;
              })
            }
          />
        </Stack>
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel={submitLabel}
          pending={post.isPending}
        />
      </Stack>
    </form>
  );
}
