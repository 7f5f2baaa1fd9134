// Move stock of an item from one of its balances to another location (the lot goes with it).
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import { LocationSelect } from '../inventory-setup/location-select.tsx';
import { BalanceSelect, balanceKey, parseBalanceKey } from './balance-select.tsx';
import { checkPosting, PostingForm, StockModal, type TStockDialogProps } from './dialog-frame.tsx';
import { type TPostingBody, useStockPosting } from './use-stock-posting.ts';

export interface TMoveDialogProps extends TStockDialogProps {
  item: TItem;
  locationId?: string | null;
  lotId?: string | null;
  /** A preset destination (the scan page's "Move here"). */
  toLocationId?: string | null;
  toLocationCode?: string | null;
}

export function MoveDialog(props: TMoveDialogProps) {
  return (
    <StockModal opened={props.opened} onClose={props.onClose} title={`Move ${props.item.partNumber}`}>
      <MoveBody {...props} />
    </StockModal>
  );
}

function MoveBody({
  item,
  locationId,
  lotId,
  toLocationId,
  toLocationCode,
  onClose,
  onDone,
}: TMoveDialogProps) {
  const [source, setSource] = useState<string | null>(locationId ? balanceKey(locationId, lotId) : null);
  const [available, setAvailable] = useState<string | null>(null);
  const [destination, setDestination] = useState<{ id: string | null; code: string | null }>({
    id: toLocationId ?? null,
    code: toLocationCode ?? null,
  });
  const [quantity, setQuantity] = useState('');
  const { mutation, errors, setErrors } = useStockPosting({
    describe: (posted) => {
      const [out, into] = posted.lines;
      const lot = out?.lotNumber ? `, lot ${out.lotNumber}` : '';
      return {
        title: 'Stock moved',
        message: `Moved ${into?.quantityDelta} ${item.unitOfMeasure} of ${item.partNumber} from ${out?.locationCode} to ${into?.locationCode}${lot}`,
      };
    },
    onDone: () => {
      onClose();
      onDone?.();
    },
  });

  const submit = () => {
    const from = source ? parseBalanceKey(source) : null;
    const body: TPostingBody = {
      kind: 'move',
      reference: '',
      lines: [
        {
          itemId: item.id,
          fromLocationId: from?.locationId ?? '',
          toLocationId: destination.id ?? '',
          ...(from?.lotId ? { lotId: from.lotId } : {}),
          quantity: quantity.trim(),
        },
      ],
    };
    const invalid = checkPosting(body) ?? {};
    if (!from) invalid.fromLocationId = 'Choose where the stock comes from';
    if (!destination.id) invalid.toLocationId = 'Choose where it goes';
    if (Object.keys(invalid).length > 0) setErrors(invalid);
    else mutation.mutate(body);
  };

  return (
    <PostingForm
      label={`Move ${item.partNumber}`}
      submitLabel="Move"
      busy={mutation.isPending}
      formError={errors.form}
      onSubmit={submit}
      onCancel={onClose}
    >
      <BalanceSelect
        item={item}
        label="From"
        value={source}
        onChange={(key, left) => {
          setSource(key);
          setAvailable(left);
        }}
        error={errors.fromLocationId ?? errors.lotId}
      />
      <LocationSelect
        label="To location"
        value={destination.id}
        selectedLabel={destination.code}
        onChange={(id, code) => setDestination({ id, code })}
        error={errors.toLocationId}
      />
      <TextInput
        label={`Quantity (${item.unitOfMeasure})`}
        description={available ? `${available} ${item.unitOfMeasure} there` : undefined}
        inputMode="decimal"
        value={quantity}
        onChange={(e) => setQuantity(e.currentTarget.value)}
        error={errors.quantity}
        required
      />
    </PostingForm>
  );
}
