// Issue stock of an item from one of its balances to a job, a work order or a person (kept as the reference).
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import { BalanceSelect, balanceKey, parseBalanceKey } from './balance-select.tsx';
import { checkPosting, PostingForm, StockModal, type TStockDialogProps } from './dialog-frame.tsx';
import { type TPostingBody, useStockPosting } from './use-stock-posting.ts';

export interface TIssueDialogProps extends TStockDialogProps {
  item: TItem;
  locationId?: string | null;
  lotId?: string | null;
}

export function IssueDialog(props: TIssueDialogProps) {
  return (
    <StockModal opened={props.opened} onClose={props.onClose} title={`Issue ${props.item.partNumber}`}>
      <IssueBody {...props} />
    </StockModal>
  );
}

function IssueBody({ item, locationId, lotId, onClose, onDone }: TIssueDialogProps) {
  const [source, setSource] = useState<string | null>(locationId ? balanceKey(locationId, lotId) : null);
  const [available, setAvailable] = useState<string | null>(null);
  const [quantity, setQuantity] = useState('');
  const [issuedTo, setIssuedTo] = useState('');
  const { mutation, errors, setErrors } = useStockPosting({
    describe: (posted) => {
      const line = posted.lines[0];
      const lot = line?.lotNumber ? `, lot ${line.lotNumber}` : '';
      const quantityText = line?.quantityDelta.replace('-', '');
      return {
        title: 'Stock issued',
        message: `Issued ${quantityText} ${item.unitOfMeasure} of ${item.partNumber} from ${line?.locationCode}${lot} to ${posted.reference}`,
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
    };
    const invalid = checkPosting(body) ?? {};
    if (!from) invalid.locationId = 'Choose where the stock comes from';
    if (!issuedTo.trim()) invalid.reference = 'Say who or what it is issued to';
    if (Object.keys(invalid).length > 0) setErrors(invalid);
    else mutation.mutate(body);
  };

  return (
    <PostingForm
      label={`Issue ${item.partNumber}`}
      submitLabel="Issue"
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
        error={errors.locationId ?? errors.lotId}
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
      <TextInput
        label="Issued to"
        description="A job, a work order or a person"
        value={issuedTo}
        onChange={(e) => setIssuedTo(e.currentTarget.value)}
        error={errors.reference}
        required
      />
    </PostingForm>
  );
}
