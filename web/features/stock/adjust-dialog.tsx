// Adjust (admins): change one of an item's balances up or down without a physical movement, saying why. Stock that
// arrives goes through Receive; a counted difference through Stock Check.
import { TextInput } from '@mantine/core';
import { quantityInputMode } from '../../lib/quantity-input.ts';
import { itemDialog, type TItemDialogProps } from './dialog-frame.tsx';
import { FromBalanceForm, sourceOf, useFromBalance } from './from-balance.tsx';
import { lotSuffix } from './stock-format.ts';
import { linePaths } from './use-stock-posting.ts';

export const AdjustDialog = itemDialog('Adjust', AdjustBody);

function AdjustBody(props: TItemDialogProps) {
  const { item } = props;
  const posting = useFromBalance(props, {
    fields: { change: '', reason: '' },
    toBody: (values) => {
      const at = sourceOf(values);
      return {
        kind: 'adjust',
        reference: '',
        reason: values.reason.trim(),
        lines: [
          {
            itemId: item.id,
            locationId: at?.locationId ?? '',
            ...(at?.lotId ? { lotId: at.lotId } : {}),
            quantityDelta: values.change.trim(),
          },
        ],
      };
    },
    // A balance that would overflow is refused on the line's "quantity" (the server names no other).
    paths: linePaths({ locationId: 'source', lotId: 'source', quantityDelta: 'change', quantity: 'change' }),
    rules: (values) => ({ source: !values.source && 'Choose the stock to adjust' }),
    describe: (posted) => {
      const line = posted.lines[0];
      return {
        title: 'Stock adjusted',
        message: `Adjusted ${item.partNumber} at ${line?.locationCode}${lotSuffix(line?.lotNumber)} by ${line?.quantityDelta} ${item.unitOfMeasure}: now ${line?.balanceAfter}`,
      };
    },
  });
  const { form, available } = posting;

  return (
    <FromBalanceForm verb="Adjust" sourceLabel="Stock at" posting={posting}>
      <TextInput
        label={`Change (${item.unitOfMeasure})`}
        description={`Negative takes stock away, e.g. -2${available ? `; ${available} there now` : ''}`}
        inputMode={quantityInputMode(item.unitOfMeasure)}
        required
        {...form.getInputProps('change')}
      />
      <TextInput label="Reason" required {...form.getInputProps('reason')} />
    </FromBalanceForm>
  );
}
