// Move stock of an item from one of its balances to another location (the lot goes with it).
import { useState } from 'react';
import { LocationSelect } from '../../components/location-select.tsx';
import { itemDialog, type TItemDialogProps } from './dialog-frame.tsx';
import { FromBalanceForm, QuantityInput, useFromBalance } from './from-balance.tsx';
import { lotSuffix } from './stock-format.ts';

interface TMoveDialogProps extends TItemDialogProps {
  /** A preset destination (the scan page's "Move here"). */
  toLocationId?: string | null;
  toLocationCode?: string | null;
}

export const MoveDialog = itemDialog('Move', MoveBody);

function MoveBody(props: TMoveDialogProps) {
  const { item, toLocationId, toLocationCode } = props;
  const [destination, setDestination] = useState<{ id: string | null; code: string | null }>({
    id: toLocationId ?? null,
    code: toLocationCode ?? null,
  });
  const [quantity, setQuantity] = useState('');
  const posting = useFromBalance(props, (posted) => {
    const [out, into] = posted.lines;
    return {
      title: 'Stock moved',
      message: `Moved ${into?.quantityDelta} ${item.unitOfMeasure} of ${item.partNumber} from ${out?.locationCode} to ${into?.locationCode}${lotSuffix(out?.lotNumber)}`,
    };
  });
  const { from, errors } = posting;

  const submit = () =>
    posting.send(
      {
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
      },
      {
        fromLocationId: !from && 'Choose where the stock comes from',
        toLocationId: !destination.id && 'Choose where it goes',
      },
    );

  return (
    <FromBalanceForm
      verb="Move"
      sourceLabel="From"
      sourceError={errors.fromLocationId ?? errors.lotId}
      posting={posting}
      onSubmit={submit}
    >
      <LocationSelect
        label="To location"
        value={destination.id}
        selectedLabel={destination.code}
        onChange={(id, code) => setDestination({ id, code })}
        error={errors.toLocationId}
      />
      <QuantityInput
        item={item}
        available={posting.available}
        value={quantity}
        onChange={setQuantity}
        error={errors.quantity}
      />
    </FromBalanceForm>
  );
}
