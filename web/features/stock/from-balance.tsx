// What Issue, Move and Adjust share and Receive does not: they take stock out of one of the item's balances
// (chosen first, preset when the dialog opens from a balance row or a scan), say how much is there, check the
// one-line posting before sending it, and close when the server accepts it.
import { TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import type { TStockTransaction } from '#common/schemas/stock.ts';
import type { TFormRules } from '../../lib/contract-form.ts';
import type { TPathMap } from '../../lib/form-errors.ts';
import { quantityInputMode } from '../../lib/quantity-input.ts';
import {
  availableAt,
  BalanceSelect,
  balanceKey,
  parseBalanceKey,
  useItemBalances,
} from './balance-select.tsx';
import { PostingForm, type TItemDialogProps } from './dialog-frame.tsx';
import { type TPostingBody, usePostingForm } from './use-stock-posting.ts';

/** The balance a dialog takes from: its select's key, or null before one is chosen. */
interface TSourceValues {
  source: string | null;
}

/** The balance of `values`, or null before one is chosen. */
export const sourceOf = (values: TSourceValues) => (values.source ? parseBalanceKey(values.source) : null);

/** The dialog's form and posting, from its props, its own fields and what its toast says of the posting. */
export function useFromBalance<TFields extends Record<string, unknown>>(
  { item, locationId, lotId, onClose, onDone }: TItemDialogProps,
  options: {
    fields: TFields;
    toBody: (values: TFields & TSourceValues) => TPostingBody;
    paths: TPathMap;
    /** A message for an empty source, and the dialog's other checks. */
    rules: TFormRules<TFields & TSourceValues>;
    describe: (posted: TStockTransaction) => { title: string; message: string };
  },
) {
  const balances = useItemBalances(item);
  const posting = usePostingForm<TFields & TSourceValues>({
    initialValues: { ...options.fields, source: locationId ? balanceKey(locationId, lotId) : null },
    toBody: options.toBody,
    paths: options.paths,
    rules: options.rules,
    describe: options.describe,
    onDone: () => {
      onClose();
      onDone?.();
    },
  });
  return {
    ...posting,
    item,
    close: onClose,
    /** What the chosen balance holds (once the balances have loaded). */
    available: availableAt(balances, posting.form.values.source),
  };
}

/** The dialog's form: the balance to take from first, then the dialog's own fields. */
export function FromBalanceForm<TFields extends Record<string, unknown>>({
  verb,
  sourceLabel,
  posting,
  holdBlocks = false,
  children,
}: {
  /** "Issue", "Move", "Adjust": the submit button, and with the part number the form's name. */
  verb: string;
  /** Held lots cannot be the source (issue, move; an adjustment may correct them): shown disabled, "On hold". */
  holdBlocks?: boolean;
  sourceLabel: string;
  posting: ReturnType<typeof useFromBalance<TFields>>;
  children: ReactNode;
}) {
  const { form } = posting;
  return (
    <PostingForm
      label={`${verb} ${posting.item.partNumber}`}
      submitLabel={verb}
      busy={posting.mutation.isPending}
      formError={form.formError}
      onSubmit={posting.submit}
      onCancel={posting.close}
    >
      <BalanceSelect
        item={posting.item}
        label={sourceLabel}
        holdBlocks={holdBlocks}
        {...form.getInputProps('source')}
      />
      {children}
    </PostingForm>
  );
}

/** How much to take, in the item's unit, with what the chosen balance holds. */
export function QuantityInput({
  item,
  available,
  ...input
}: {
  item: TItem;
  available: string | null;
  /** The form's input props for the field (value, onChange, error). */
  value?: string;
  onChange: (value: unknown) => void;
  error?: ReactNode;
}) {
  return (
    <TextInput
      label={`Quantity (${item.unitOfMeasure})`}
      description={available ? `${available} ${item.unitOfMeasure} there` : undefined}
      inputMode={quantityInputMode(item.unitOfMeasure)}
      required
      {...input}
    />
  );
}
