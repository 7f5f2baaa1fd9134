// "Add an item found here": stock found during the count where the book has none, as a new line (expected 0) with
// its count. For a location count the location must be inside the counted one; for an items count the item must be
// one of its items. A line that already exists is pointed to instead of duplicated.
import { type ComboboxItem, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type TCountSession, ZFoundLineSchema } from '#common/schemas/stock-check.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { LocationSelect } from '../../components/location-select.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formErrorsOf, messageOf } from '../../lib/api-errors.ts';
import { fieldErrorsOf } from '../../lib/field-errors.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { addFoundLine } from './api.ts';
import { lineName } from './count-entry.tsx';
import { ItemSelect } from './item-pickers.tsx';

export function FoundLineDialog({
  session,
  opened,
  onClose,
  onDuplicate,
}: {
  session: TCountSession;
  opened: boolean;
  onClose: () => void;
  /** The item already has a line here: show it (by its part number). */
  onDuplicate: (partNumber: string) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add an item found here">
      {opened ? <FoundLineForm session={session} onClose={onClose} onDuplicate={onDuplicate} /> : null}
    </Modal>
  );
}

function FoundLineForm({
  session,
  onClose,
  onDuplicate,
}: {
  session: TCountSession;
  onClose: () => void;
  onDuplicate: (partNumber: string) => void;
}) {
  const queryClient = useQueryClient();
  const [item, setItem] = useState<ComboboxItem | null>(null);
  const [location, setLocation] = useState<{ id: string | null; code: string | null }>(
    session.scope === 'location'
      ? { id: session.locationId, code: session.locationCode }
      : { id: null, code: null },
  );
  const [lotNumber, setLotNumber] = useState('');
  const [quantity, setQuantity] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const body = () => ({
    itemId: item?.value ?? '',
    locationId: location.id ?? '',
    ...(lotNumber.trim() ? { lotNumber: lotNumber.trim() } : {}),
    countedQuantity: quantity.trim(),
  });

  const add = useMutation({
    mutationFn: () => addFoundLine(session.id, body()),
    onSuccess: (line) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.stockCheck(session.id) });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.stockChecks, 'list'] });
      toast('success', {
        title: 'Found stock added',
        message: `${lineName(line)}: ${line.countedQuantity} ${line.unitOfMeasure} counted`,
      });
      onClose();
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 409 && item) {
        toast('error', { title: 'Already in this count', message: messageOf(failure) });
        onDuplicate(String(item.label).split(' · ')[0] ?? '');
        onClose();
        return;
      }
      setErrors(formErrorsOf(failure));
      toast('error', { title: 'Not added', message: messageOf(failure) });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!item) missing.itemId = 'Choose the item you found';
    if (!location.id) missing.locationId = 'Choose where you found it';
    const parsed = ZFoundLineSchema.safeParse(body());
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    const all = { ...found, ...missing };
    if (Object.keys(all).length > 0) {
      setErrors(all);
      return;
    }
    setErrors({});
    add.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add an item found here">
      <Stack>
        <ItemSelect
          value={item}
          onChange={(chosen) => {
            setItem(chosen);
            setErrors({});
          }}
          error={errors.itemId}
        />
        <LocationSelect
          label="Where"
          description={
            session.scope === 'location'
              ? `${session.locationCode} or a location under it`
              : 'Type part of a code or name to search every location'
          }
          value={location.id}
          selectedLabel={location.code}
          onChange={(id, code) => {
            setLocation({ id, code });
            setErrors({});
          }}
          error={errors.locationId}
        />
        <TextInput
          label="Lot number"
          description="For a lot-tracked item: the lot on the label. Leave empty otherwise."
          value={lotNumber}
          maxLength={64}
          onChange={(e) => setLotNumber(e.currentTarget.value)}
          error={errors.lotNumber ?? errors.lotId}
        />
        <TextInput
          label="Counted quantity"
          required
          inputMode="decimal"
          autoComplete="off"
          value={quantity}
          onChange={(e) => setQuantity(e.currentTarget.value)}
          error={errors.countedQuantity}
        />
        <FormFooter
          error={errors.form}
          onCancel={onClose}
          cancelLabel="Close"
          submitLabel="Add line"
          pending={add.isPending}
        />
      </Stack>
    </form>
  );
}
