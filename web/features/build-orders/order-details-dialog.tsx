// "Edit details": an order's customer (empty: for stock), due date and notes, while it is not done or cancelled.
import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type TBuildOrder,
  type TBuildOrderUpdate,
  ZBuildOrderUpdateSchema,
} from '#common/schemas/build-orders.ts';
import { DateField } from '../../components/date-field.tsx';
import { FormFooter } from '../../components/form-footer.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { orderKeys, updateOrder } from './api.ts';
import { headerBody, type THeaderValues } from './new-order-dialog.tsx';

export function OrderDetailsDialog({
  order,
  opened,
  onClose,
}: {
  order: TBuildOrder;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Edit ${order.numberText}`} size="md">
      {opened ? <DetailsForm order={order} onClose={onClose} /> : null}
    </Modal>
  );
}

function DetailsForm({ order, onClose }: { order: TBuildOrder; onClose: () => void }) {
  const client = useQueryClient();
  const form = useContractForm<THeaderValues, TBuildOrderUpdate>({
    schema: ZBuildOrderUpdateSchema,
    initialValues: { customer: order.customer ?? '', dueOn: order.dueOn ?? '', notes: order.notes },
    toBody: headerBody,
  });
  const save = useMutation({
    mutationFn: (body: TBuildOrderUpdate) => updateOrder(order.id, body),
    onSuccess: async (saved) => {
      client.setQueryData(orderKeys.order(order.id), saved);
      await client.invalidateQueries({ queryKey: orderKeys.all });
      onClose();
    },
    onError: form.showFailure,
  });
  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutate(body))}
      noValidate
      aria-label={`Edit ${order.numberText}`}
    >
      <Stack>
        <TextInput
          label="Customer"
          description="Leave empty for an order for stock"
          data-autofocus
          {...form.getInputProps('customer')}
        />
        <DateField
          label="Due date"
          clearable
          value={form.values.dueOn}
          onChange={(v) => form.setFieldValue('dueOn', v)}
          error={form.errorOf('dueOn')}
        />
        <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
        <FormFooter error={form.formError} onCancel={onClose} submitLabel="Save" pending={save.isPending} />
      </Stack>
    </form>
  );
}
