// Receive stock of an item into a location: quantity, optional unit cost, and for a lot-tracked item (when the
// company uses lot numbers) the lot number and its optional expiry. A new lot number creates the lot.
import { TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LocationSelect } from '../../components/location-select.tsx';
import { configOf, useSession } from '../../lib/session.ts';
import { getLocation, getLot } from './api.ts';
import { checkPosting, itemDialog, PostingForm, type TItemDialogProps } from './dialog-frame.tsx';
import { lotSuffix } from './stock-format.ts';
import { stockKeys } from './stock-keys.ts';
import { type TPostingBody, useStockPosting } from './use-stock-posting.ts';

export const ReceiveDialog = itemDialog('Receive', ReceiveBody);

function ReceiveBody({ item, locationId, lotId, onClose, onDone }: TItemDialogProps) {
  const { data: session } = useSession();
  const usesLots = item.lotTracked && configOf(session).useLotNumbers;
  const preset = locationId ?? item.defaultLocationId;
  const presetLocation = useQuery({
    queryKey: stockKeys.location(preset ?? ''),
    queryFn: ({ signal }) => getLocation(preset!, signal),
    enabled: Boolean(preset),
  });
  const presetLot = useQuery({
    queryKey: stockKeys.lot(lotId ?? ''),
    queryFn: ({ signal }) => getLot(lotId!, signal),
    enabled: Boolean(lotId) && usesLots,
  });
  const [location, setLocation] = useState<{ id: string | null; code: string | null } | null>(null);
  const [quantity, setQuantity] = useState('');
  const [unitCost, setUnitCost] = useState('');
  const [lotNumber, setLotNumber] = useState<string | null>(null);
  const [expiresOn, setExpiresOn] = useState('');
  const [reference, setReference] = useState('');
  const chosen = location ?? { id: preset ?? null, code: presetLocation.data?.fullCode ?? null };
  const lotText = lotNumber ?? presetLot.data?.lotNumber ?? '';

  const { mutation, errors, setErrors } = useStockPosting({
    describe: (posted) => {
      const line = posted.lines[0];
      return {
        title: 'Stock received',
        message: `Received ${line?.quantityDelta} ${item.unitOfMeasure} of ${item.partNumber} into ${line?.locationCode}${lotSuffix(line?.lotNumber)}`,
      };
    },
    onDone: () => {
      onClose();
      onDone?.();
    },
  });

  const submit = () => {
    const body: TPostingBody = {
      kind: 'receive',
      reference: reference.trim(),
      lines: [
        {
          itemId: item.id,
          locationId: chosen.id ?? '',
          quantity: quantity.trim(),
          ...(unitCost.trim() ? { unitCost: unitCost.trim() } : {}),
          ...(usesLots && lotText.trim() ? { lotNumber: lotText.trim() } : {}),
          ...(usesLots && expiresOn ? { lotExpiresOn: expiresOn } : {}),
        },
      ],
    };
    const invalid = checkPosting(body);
    if (!chosen.id) {
      setErrors({ ...invalid, locationId: 'Choose where the stock goes' });
      return;
    }
    if (usesLots && !lotText.trim()) {
      setErrors({ ...invalid, lotNumber: 'This item is lot-tracked: give a lot number.' });
      return;
    }
    if (invalid) setErrors(invalid);
    else mutation.mutate(body);
  };

  return (
    <PostingForm
      label={`Receive ${item.partNumber}`}
      submitLabel="Receive"
      busy={mutation.isPending}
      formError={errors.form}
      onSubmit={submit}
      onCancel={onClose}
    >
      <LocationSelect
        label="Into location"
        value={chosen.id}
        selectedLabel={chosen.code}
        onChange={(id, code) => setLocation({ id, code })}
        error={errors.locationId}
      />
      <TextInput
        label={`Quantity (${item.unitOfMeasure})`}
        inputMode="decimal"
        value={quantity}
        onChange={(e) => setQuantity(e.currentTarget.value)}
        error={errors.quantity}
        required
        data-autofocus
      />
      <TextInput
        label="Unit cost ($)"
        description={`Leave empty to use the item's cost (${item.unitCost})`}
        inputMode="decimal"
        value={unitCost}
        onChange={(e) => setUnitCost(e.currentTarget.value)}
        error={errors.unitCost}
      />
      {usesLots ? (
        <>
          <TextInput
            label="Lot number"
            description="A new number creates the lot; an existing one adds to it"
            value={lotText}
            onChange={(e) => setLotNumber(e.currentTarget.value)}
            error={errors.lotNumber}
            required
          />
          <TextInput
            label="Expires on"
            description="Optional, for a new lot"
            type="date"
            value={expiresOn}
            onChange={(e) => setExpiresOn(e.currentTarget.value)}
            error={errors.lotExpiresOn}
          />
        </>
      ) : null}
      <TextInput
        label="Reference"
        description="Optional: purchase order, delivery note"
        value={reference}
        onChange={(e) => setReference(e.currentTarget.value)}
        error={errors.reference}
      />
    </PostingForm>
  );
}
