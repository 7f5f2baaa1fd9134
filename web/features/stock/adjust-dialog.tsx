// Adjust (admins): change one of an item's balances up or down without a physical movement, saying why. Stock that
// arrives goes through Receive; a counted difference through Stock Check.
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { itemDialog, type TItemDialogProps } from './dialog-frame.tsx';
import { FromBalanceForm, useFromBalance } from './from-balance.tsx';
import { lotSuffix } from './stock-format.ts';

export const AdjustDialog = itemDialog('Adjust', AdjustBody);

function AdjustBody(props: TItemDialogProps) {
  const { item } = props;
  const [change, setChange] = useState('');
  const [reason, setReason] = useState('');
  const posting = useFromBalance(props, (posted) => {
    const line = posted.lines[0];
    return {
      title: 'Stock adjusted',
      message: `Adjusted ${item.partNumber} at ${line?.locationCode}${lotSuffix(line?.lotNumber)} by ${line?.quantityDelta} ${item.unitOfMeasure}: now ${line?.balanceAfter}`,
    };
  });
  const { from: at, available, errors } = posting;

  const submit = () =>
    posting.send(
      {
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
      },
      { locationId: !at && 'Choose the stock to adjust' },
    );

  return (
    <FromBalanceForm
      verb="Adjust"
      sourceLabel="Stock at"
      sourceError={errors.locationId ?? errors.lotId}
      posting={posting}
      onSubmit={submit}
    >
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
    </FromBalanceForm>
  );
}
