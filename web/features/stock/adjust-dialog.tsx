// Adjust (admins): change one of an item's balances up or down without a physical movement, saying why. Stock that
// arrives goes through Receive; a counted difference through Stock Check.
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import { BalanceSelect, balanceKey, parseBalanceKey } from './balance-select.tsx';
import { checkPosting, PostingForm, StockModal, type TStockDialogProps } from './dialog-frame.tsx';
import { type TPostingBody, useStockPosting } from './use-stock-posting.ts';

export interface TAdjustDialogProps extends TStockDialogProps {
  item: TItem;
  locationId?: string | null;
  lotId?: string | null;
}

export function AdjustDialog(props: TAdjustDialogProps) {
  return (
    <StockModal opened={props.opened} onClose={props.onClose} title={`Adjust ${props.item.partNumber}`}>
      <AdjustBody {...props} />
    </StockModal>
  );
}

function AdjustBody({ item, locationId, lotId, onClose, onDone }: TAdjustDialogProps) {
  const [source, setSource] = useState<string | null>(locationId ? balanceKey(locationId, lotId) : null);
  const [available, setAvailable] = useState<string | null>(null);
  const [change, setChange] = useState('');
  const [reason, setReason] = useState('');
  const { mutation, errors, setErrors } = useStockPosting({
    describe: (posted) => {
      const line = posted.lines[0];
      const lot = line?.lotNumber ? `, lot ${line.lotNumber}` : '';
      return {
        title: 'Stock adjusted',
        message: `Adjusted ${item.partNumber} at ${line?.locationCode}${lot} by ${line?.quantityDelta} ${item.unitOfMeasure}: now ${line?.balanceAfter}`,
      };
    },
    onDone: () => {
      onClose();
      onDone?.();
    },
  });

  const submit = () => {
    const at = source ? parseBalanceKey(source) : null;
    const body: TPostingBody = {
      kind: 'adjust',
      reference: '',
      reason: reason.trim(),
      lines: [
        {
          itemId: item.id,
          locationId: at?.locationId ?? '',
          ...(at?.lotId ? { lotId: at.lotId } : {}),
          quantityDelta: change.trim(),
        },
      ],
    };
    const invalid = checkPosting(body) ?? {};
    if (!at) invalid.locationId = 'Choose the stock to adjust';
    if (Object.keys(invalid).length > 0) setErrors(invalid);
    else mutation.mutate(body);
  };

  return (
    <PostingForm
      label={`Adjust ${item.partNumber}`}
      submitLabel="Adjust"
      busy={mutation.isPending}
      formError={errors.form}
      onSubmit={submit}
      onCancel={onClose}
    >
      <BalanceSelect
        item={item}
        label="Stock at"
        value={source}
        onChange={(key, left) => {
          setSource(key);
          setAvailable(left);
        }}
        error={errors.locationId ?? errors.lotId}
      />
      <TextInput
        label={`Change (${item.unitOfMeasure})`}
        description={`Negative takes stock away, e.g. -2${available ? `; ${available} there now` : ''}`}
        inputMode="decimal"
        value={change}
        onChange={(e) => setChange(e.currentTarget.value)}
        error={errors.quantityDelta ?? errors.quantity}
        required
      />
      <TextInput
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={errors.reason}
        required
      />
    </PostingForm>
  );
}
