// Take back all or part of a borrowing: the quantity starts at what is still out, the location at where it came
// from. One idempotency key per opening; the server's refusals (more than is out, already back) show on the fields.
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { borrowerLabel, type TBorrowing, ZReturnInputSchema } from '#common/schemas/borrowing.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { LocationSelect } from '../../components/location-select.tsx';
import { formErrorsOf } from '../../lib/api-errors.ts';
import { toast } from '../../lib/toast.ts';
import { returnBorrowed } from './api.ts';
import { pathErrorsOf, returnedMessage } from './format.ts';
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
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [quantity, setQuantity] = useState(borrowing.outstanding);
  const [location, setLocation] = useState<{ id: string | null; code: string | null }>({
    id: borrowing.locationId,
    code: borrowing.locationCode,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const unit = borrowing.unitOfMeasure;

  const save = useMutation({
    mutationFn: () =>
      returnBorrowed(borrowing.id, {
        quantity,
        locationId: location.id ?? borrowing.locationId,
        idempotencyKey,
      }),
    onSuccess: async (after) => {
      await refreshAfterStockChange(queryClient);
      toast('success', { title: 'Item returned', message: returnedMessage(after, quantity.trim()) });
      onClose();
    },
    onError: (failure) => setErrors(formErrorsOf(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZReturnInputSchema.safeParse({ quantity, locationId: location.id, idempotencyKey });
    if (!parsed.success) {
      setErrors(pathErrorsOf(parsed.error.issues));
      return;
    }
    save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Return ${borrowing.partNumber}`}>
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
          value={quantity}
          onChange={(e) => {
            setQuantity(e.currentTarget.value);
            setErrors({});
          }}
          error={errors.quantity}
          data-autofocus
        />
        <LocationSelect
          label="Put it back into"
          description={`Where it came from (${borrowing.locationCode}) unless you choose another location.`}
          value={location.id}
          selectedLabel={location.code}
          onChange={(id, code) => {
            setLocation({ id, code });
            setErrors({});
          }}
          error={errors.locationId}
        />
        <FormFooter error={errors.form} onCancel={onClose} submitLabel="Return" pending={save.isPending} />
      </Stack>
    </form>
  );
}
