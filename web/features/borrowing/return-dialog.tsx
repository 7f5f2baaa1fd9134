// Take back all or part of a borrowing: the quantity starts at what is still out, the location at where it came
// from. One idempotency key per opening; the server's refusals (more than is out, already back) show on the fields.
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  borrowerLabel,
  type TBorrowing,
  type TReturnInputRaw,
  ZReturnInputSchema,
} from '#common/schemas/borrowing.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { LocationSelect } from '../../components/location-select.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { toast } from '../../lib/toast.ts';
import { returnBorrowed } from './api.ts';
import { returnedMessage } from './format.ts';
import { refreshAfterStockChange } from './refresh.ts';

/** The return dialog of `borrowing`; closed when null. */
export function ReturnDialog({ borrowing, onClose }: { borrowing: TBorrowing | null; onClose: () => void }) {
  return (
    <Modal
      opened={borrowing !== null}
      onClose={onClose}
      title={borrowing ? `Return ${borrowing.partNumber}` : ''}
      size="md"
    >
      {borrowing ? <ReturnForm key={borrowing.id} borrowing={borrowing} onClose={onClose} /> : null}
    </Modal>
  );
}

function ReturnForm({ borrowing, onClose }: { borrowing: TBorrowing; onClose: () => void }) {
  const queryClient = useQueryClient();
  // Made once per opening of the dialog: not a field, so not the form's.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useContractForm({
    schema: ZReturnInputSchema,
    initialValues: {
      quantity: borrowing.outstanding,
      locationId: borrowing.locationId as string | null,
      // What the location picker shows for the chosen location.
      locationCode: borrowing.locationCode as string | null,
    },
    toBody: (values): TReturnInputRaw => ({
      quantity: values.quantity,
      locationId: values.locationId,
      idempotencyKey,
    }),
  });
  const unit = borrowing.unitOfMeasure;

  const save = useMutation({
    mutationFn: (body: TReturnInputRaw) => returnBorrowed(borrowing.id, body),
    onSuccess: async (after, body) => {
      await refreshAfterStockChange(queryClient);
      toast('success', { title: 'Item returned', message: returnedMessage(after, body.quantity.trim()) });
      onClose();
    },
    onError: form.showFailure,
  });

  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutate(body))}
      noValidate
      aria-label={`Return ${borrowing.partNumber}`}
    >
      <Stack>
        <Text size="sm">
          <strong>{borrowing.partNumber}</strong> · {borrowing.itemName}
          {borrowing.lotNumber ? ` · lot ${borrowing.lotNumber}` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {borrowerLabel(borrowing)} has {borrowing.outstanding} {unit} of the {borrowing.quantity} {unit}{' '}
          lent, due {borrowing.dueOn}.
        </Text>
        <TextInput
          label={`Quantity back (${unit})`}
          required
          inputMode="decimal"
          autoComplete="off"
          description={`At most ${borrowing.outstanding} ${unit}`}
          data-autofocus
          {...form.getInputProps('quantity')}
        />
        <LocationSelect
          label="Put it back into"
          description={`Where it came from (${borrowing.locationCode}) unless you choose another location.`}
          value={form.values.locationId}
          selectedLabel={form.values.locationCode}
          onChange={(id, code) => {
            form.setFieldValue('locationId', id);
            form.setFieldValue('locationCode', code);
          }}
          error={form.errorOf('locationId')}
        />
        <FormFooter error={form.formError} onCancel={onClose} submitLabel="Return" pending={save.isPending} />
      </Stack>
    </form>
  );
}
