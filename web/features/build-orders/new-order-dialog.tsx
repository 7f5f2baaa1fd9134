// "New order": the customer (empty: for stock), due date and notes of a draft order; its page opens for the lines.
import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { type TBuildOrderCreate, ZBuildOrderCreateSchema } from '#common/schemas/build-orders.ts';
import { DateField } from '../../components/date-field.tsx';
import { FormFooter } from '../../components/form-footer.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { createOrder, orderHref, orderKeys } from './api.ts';

export function NewOrderDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New order" size="md">
      {opened ? <NewOrderForm onClose={onClose} /> : null}
    </Modal>
  );
}

/** The header fields as a form keeps them: text, '' for nothing. */
export interface THeaderValues extends Record<string, unknown> {
  customer: string;
  dueOn: string;
  notes: string;
}

export const headerBody = (v: THeaderValues) => ({
  customer: v.customer.trim() || null,
  dueOn: v.dueOn || null,
  notes: v.notes,
});

function NewOrderForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const client = useQueryClient();
  const form = useContractForm<THeaderValues, TBuildOrderCreate>({
    schema: ZBuildOrderCreateSchema,
    initialValues: { customer: '', dueOn: '', notes: '' },
    toBody: (v) => ({ ...headerBody(v), lines: [] }),
  });
  const save = useMutation({
    mutationFn: createOrder,
    onSuccess: async (made) => {
      await client.invalidateQueries({ queryKey: orderKeys.all });
      onClose();
      navigate(orderHref(pathname, made.id));
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="New order">
      <Stack>
        <Text size="sm" c="dimmed">
          The order starts as a draft with the next number; add its lines on its page.
        </Text>
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
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel="Create order"
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
