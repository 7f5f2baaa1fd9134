// Move stock of an item from one of its balances to another location (the lot goes with it).
import { LocationSelect } from '../../components/location-select.tsx';
import { itemDialog, type TItemDialogProps } from './dialog-frame.tsx';
import { FromBalanceForm, QuantityInput, sourceOf, useFromBalance } from './from-balance.tsx';
import { lotSuffix } from './stock-format.ts';
import { linePaths } from './use-stock-posting.ts';

interface TMoveDialogProps extends TItemDialogProps {
  /** A preset destination (the scan page's "Move here"). */
  toLocationId?: string | null;
  toLocationCode?: string | null;
}

export const MoveDialog = itemDialog('Move', MoveBody);

function MoveBody(props: TMoveDialogProps) {
  const { item, toLocationId, toLocationCode } = props;
  const posting = useFromBalance(props, {
    fields: {
      toLocationId: toLocationId ?? null,
      // What the location picker shows for the chosen destination.
      toLocationCode: toLocationCode ?? null,
      quantity: '',
    },
    toBody: (values) => {
      const from = sourceOf(values);
      return {
        kind: 'move',
        reference: '',
        lines: [
          {
            itemId: item.id,
            fromLocationId: from?.locationId ?? '',
            toLocationId: values.toLocationId ?? '',
            ...(from?.lotId ? { lotId: from.lotId } : {}),
            quantity: values.quantity.trim(),
          },
        ],
      };
    },
    paths: linePaths({
      fromLocationId: 'source',
      lotId: 'source',
      toLocationId: 'toLocationId',
      quantity: 'quantity',
    }),
    rules: (values) => ({
      source: !values.source && 'Choose where the stock comes from',
      toLocationId: !values.toLocationId && 'Choose where it goes',
    }),
    describe: (posted) => {
      const [out, into] = posted.lines;
      return {
        title: 'Stock moved',
        message: `Moved ${into?.quantityDelta} ${item.unitOfMeasure} of ${item.partNumber} from ${out?.locationCode} to ${into?.locationCode}${lotSuffix(out?.lotNumber)}`,
      };
    },
  });
  const { form } = posting;

  return (
    <FromBalanceForm verb="Move" sourceLabel="From" posting={posting} holdBlocks>
      <LocationSelect
        label="To location"
        value={form.values.toLocationId}
        selectedLabel={form.values.toLocationCode}
        onChange={(id, code) => {
          form.setFieldValue('toLocationId', id);
          form.setFieldValue('toLocationCode', code);
        }}
        error={form.errorOf('toLocationId')}
      />
      <QuantityInput item={item} available={posting.available} {...form.getInputProps('quantity')} />
    </FromBalanceForm>
  );
}
