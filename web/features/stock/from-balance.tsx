// What Issue, Move and Adjust share and Receive does not: they take stock out of one of the item's balances
// (chosen first, preset when the dialog opens from a balance row or a scan), say how much is there, check the
// one-line posting before sending it, and close when the server accepts it.
import { TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import type { TStockTransaction } from '#common/schemas/stock.ts';
import { BalanceSelect, balanceKey, parseBalanceKey } from './balance-select.tsx';
import { checkPosting, PostingForm, type TItemDialogProps } from './dialog-frame.tsx';
import { type TPostingBody, useStockPosting } from './use-stock-posting.ts';

/** The dialog's state and posting, from its props and what its toast says of the posting the server answered. */
export function useFromBalance(
  { item, locationId, lotId, onClose, onDone }: TItemDialogProps,
  describe: (posted: TStockTransaction) => { title: string; message: string },
) {
  const [source, setSource] = useState<string | null>(locationId ? balanceKey(locationId, lotId) : null);
  const [available, setAvailable] = useState<string | null>(null);
  const { mutation, errors, setErrors } = useStockPosting({
    describe,
    onDone: () => {
      onClose();
      onDone?.();
    },
  });
  /** Posts `body`, or shows the contract's errors plus the dialog's own (a message by field, false when fine). */
  const send = (body: TPostingBody, own: Record<string, string | false>) => {
    const invalid = checkPosting(body) ?? {};
    for (const [field, message] of Object.entries(own)) if (message) invalid[field] = message;
    if (Object.keys(invalid).length > 0) setErrors(invalid);
    else mutation.mutate(body);
  };
  return {
    item,
    close: onClose,
    /** The chosen balance, or null before one is chosen. */
    from: source ? parseBalanceKey(source) : null,
    /** What the chosen balance holds (once chosen in the list). */
    available,
    source,
    choose: (key: string | null, left: string | null) => {
      setSource(key);
      setAvailable(left);
    },
    busy: mutation.isPending,
    errors,
    send,
  };
}

/** The dialog's form: the balance to take from first, then the dialog's own fields. */
export function FromBalanceForm({
  verb,
  sourceLabel,
  sourceError,
  posting,
  onSubmit,
  children,
}: {
  /** "Issue", "Move", "Adjust": the submit button, and with the part number the form's name. */
  verb: string;
  sourceLabel: string;
  sourceError: string | undefined;
  posting: ReturnType<typeof useFromBalance>;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <PostingForm
      label={`${verb} ${posting.item.partNumber}`}
      submitLabel={verb}
      busy={posting.busy}
      formError={posting.errors.form}
      onSubmit={onSubmit}
      onCancel={posting.close}
    >
      <BalanceSelect
        item={posting.item}
        label={sourceLabel}
        value={posting.source}
        onChange={posting.choose}
        error={sourceError}
      />
      {children}
    </PostingForm>
  );
}

/** How much to take, in the item's unit, with what the chosen balance holds. */
export function QuantityInput({
  item,
  available,
  value,
  onChange,
  error,
}: {
  item: TItem;
  available: string | null;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextInput
      label={`Quantity (${item.unitOfMeasure})`}
      description={available ? `${available} ${item.unitOfMeasure} there` : undefined}
      inputMode="decimal"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      required
    />
  );
}
