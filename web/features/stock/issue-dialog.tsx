// Issue stock of an item from one of its balances to a job, a work order or a person (kept as the reference).
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { itemDialog, type TItemDialogProps } from './dialog-frame.tsx';
import { FromBalanceForm, QuantityInput, useFromBalance } from './from-balance.tsx';
import { lotSuffix } from './stock-format.ts';

export const IssueDialog = itemDialog('Issue', IssueBody);

function IssueBody(props: TItemDialogProps) {
  const { item } = props;
  const [quantity, setQuantity] = useState('');
  const [issuedTo, setIssuedTo] = useState('');
  const posting = useFromBalance(props, (posted) => {
    const line = posted.lines[0];
    const quantityText = line?.quantityDelta.replace('-', '');
    return {
      title: 'Stock issued',
      message: `Issued ${quantityText} ${item.unitOfMeasure} of ${item.partNumber} from ${line?.locationCode}${lotSuffix(line?.lotNumber)} to ${posted.reference}`,
    };
  });
  const { from, errors } = posting;

  const submit = () =>
    posting.send(
      {
        kind: 'issue',
        reference: issuedTo.trim(),
        lines: [
          {
            itemId: item.id,
            locationId: from?.locationId ?? '',
            ...(from?.lotId ? { lotId: from.lotId } : {}),
            quantity: quantity.trim(),
          },
        ],
      },
      {
        locationId: !from && 'Choose where the stock comes from',
        reference: !issuedTo.trim() && 'Say who or what it is issued to',
      },
    );

  return (
    <FromBalanceForm
      verb="Issue"
      sourceLabel="From"
      sourceError={errors.locationId ?? errors.lotId}
      posting={posting}
      onSubmit={submit}
    >
      <QuantityInput
        item={item}
        available={posting.available}
        value={quantity}
        onChange={setQuantity}
        error={errors.quantity}
      />
      <TextInput
        label="Issued to"
        description="A job, a work order or a person"
        value={issuedTo}
        onChange={(e) => setIssuedTo(e.currentTarget.value)}
        error={errors.reference}
        required
      />
    </FromBalanceForm>
  );
}
