// An order's lines on the form kit while it is a draft or open: the assembly (released ones only) and quantity of
// each, saved whole with the route's contract. A kept line keeps its id, so its work orders stay with it; the
// server refuses removing a line with work orders or going below what they hold, under the line.
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type TBuildOrder,
  type TBuildOrderUpdate,
  ZBuildOrderUpdateSchema,
} from '#common/schemas/build-orders.ts';
import { AssemblySelect, assemblyOption, type TAssemblyOption } from '../../components/assembly-picker.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { AddRowButton, FormRow } from '../../components/form-rows.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { orderKeys, updateOrder } from './api.ts';

interface TLineValues {
  id: string | undefined;
  assembly: TAssemblyOption | null;
  quantity: string;
  /** Already in work orders (kept lines only), shown as a hint. */
  planned: string;
}

function valuesOf(order: TBuildOrder) {
  return {
    lines: order.lines.map<TLineValues>((l) => ({
      id: l.id,
      assembly: assemblyOption({
        id: l.assembly.id,
        partNumber: l.assembly.partNumber,
        name: l.assembly.name,
      }),
      quantity: l.quantity,
      planned: l.planned,
    })),
  };
}

function bodyOf(v: ReturnType<typeof valuesOf>): TBuildOrderUpdate {
  return {
    lines: v.lines.map((l) => ({
      ...(l.id ? { id: l.id } : {}),
      assemblyId: l.assembly?.value ?? '',
      quantity: l.quantity,
    })),
  };
}

function pathsOf(v: ReturnType<typeof valuesOf>) {
  const paths: Record<string, string> = {};
  v.lines.forEach((_, i) => {
    paths[`lines.${i}.assemblyId`] = `lines.${i}.assembly`;
    paths[`lines.${i}.quantity`] = `lines.${i}.quantity`;
  });
  return paths;
}

export function OrderLinesEditor({ order, onDone }: { order: TBuildOrder; onDone: () => void }) {
  const client = useQueryClient();
  const form = useContractForm({
    schema: ZBuildOrderUpdateSchema,
    initialValues: valuesOf(order),
    toBody: bodyOf,
    paths: pathsOf,
    rules: (v) =>
      Object.fromEntries(v.lines.map((l, i) => [`lines.${i}.assembly`, !l.assembly && 'Choose an assembly'])),
    wholeMessage: () => true,
  });
  const save = useMutation({
    mutationFn: (body: TBuildOrderUpdate) => updateOrder(order.id, body),
    onSuccess: async (saved) => {
      client.setQueryData(orderKeys.order(order.id), saved);
      await client.invalidateQueries({ queryKey: orderKeys.all });
      onDone();
    },
    onError: form.showFailure,
  });
  const newLine: TLineValues = { id: undefined, assembly: null, quantity: '1', planned: '0' };

  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="Edit lines">
      <Stack>
        {form.values.lines.length === 0 ? (
          <Text c="dimmed">No lines yet: add the first with “Add line”.</Text>
        ) : null}
        {form.values.lines.map((line, i) => (
          <FormRow
            key={form.key(`lines.${i}`)}
            label={`Line ${i + 1}`}
            removeLabel={`Remove line ${i + 1}`}
            removeOffset={line.planned !== '0' ? 46 : 26}
            onRemove={() => form.removeListItem('lines', i)}
          >
            <div style={{ flex: '1 1 260px', minWidth: 0 }}>
              <AssemblySelect
                label={`Line ${i + 1} assembly`}
                value={line.assembly}
                onChange={(a) => form.setFieldValue(`lines.${i}.assembly`, a)}
                error={form.errorOf(`lines.${i}.assembly`)}
              />
            </div>
            <TextInput
              label="Quantity"
              inputMode="decimal"
              w={130}
              required
              {...(line.planned !== '0'
                ? { description: `${formatQuantity(line.planned)} in work orders` }
                : {})}
              {...form.getInputProps(`lines.${i}.quantity`)}
            />
          </FormRow>
        ))}
        <AddRowButton onClick={() => form.insertListItem('lines', newLine)}>Add line</AddRowButton>
        {form.formError ? <ErrorAlert>{form.formError}</ErrorAlert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save lines
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
