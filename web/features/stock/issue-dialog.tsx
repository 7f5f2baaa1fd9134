// Issue stock of an item from one of its balances to a job, a work order or a person (kept as the reference).
import { TextInput } from '@mantine/core';
import { itemDialog, type TItemDialogProps } from './dialog-frame.tsx';
import { FromBalanceForm, QuantityInput, sourceOf, useFromBalance } from './from-balance.tsx';
import { lotSuffix } from './stock-format.ts';
import { linePaths } from './use-stock-posting.ts';

export const IssueDialog = itemDialog('Issue', IssueBody);

function IssueBody(props: TItemDialogProps) {
  const { item } = props;
  const posting = useFromBalance(props, {
    fields: { quantity: '', issuedTo: '' },
    toBody: (values) => {
      const from = sourceOf(values);
      return {
        kind: 'issue',
        reference: values.issuedTo.trim(),
        lines: [
          {
            itemId: item.id,
            locationId: from?.locationId ?? '',
            ...(from?.lotId ? { lotId: from.lotId } : {}),
            quantity: values.quantity.trim(),
          },
        ],
      };
    },
    paths: {
      ...linePaths({ locationId: 'source', lotId: 'source', quantity: 'quantity' }),
      reference: 'issuedTo',
    },
    rules: (values) => ({
      source: !values.source && 'Choose where the stock comes from',
      issuedTo: !values.issuedTo.trim() && 'Say who or what it is issued to',
    }),
    describe: (posted) => {
      const line = posted.lines[0];
      const quantityText = line?.quantityDelta.replace('-', '');
      return {
        title: 'Stock issued',
        message: `Issued ${quantityText} ${item.unitOfMeasure} of ${item.partNumber} from ${line?.locationCode}${lotSuffix(line?.lotNumber)} to ${posted.reference}`,
      };
    },
  });
  const { form } = posting;

  return (
    <FromBalanceForm verb="Issue" sourceLabel="From" posting={posting} holdBlocks>
      <QuantityInput item={item} available={posting.available} {...form.getInputProps('quantity')} />
      <TextInput
        label="Issued to"
        description="A job, a work order or a person"
        required
        {...form.getInputProps('issuedTo')}
      />
    </FromBalanceForm>
  );
}
