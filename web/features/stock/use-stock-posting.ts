// What every stock dialog does with its posting: its fields make a one-line posting that the shared contract
// (ZPostStockSchema) checks before it is sent, under one idempotency key made when the dialog opens (sent again on
// a retry, so a lost answer never posts twice); the errors of the line ("lines.0.quantity") land on the dialog's
// fields, a refusal's message shows as it is, the stock screens refresh, and a toast says what happened.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type TPostStockInput, type TStockTransaction, ZPostStockSchema } from '#common/schemas/stock.ts';
import { type TFormRules, useContractForm } from '../../lib/contract-form.ts';
import type { TPathMap } from '../../lib/form-errors.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { postStock } from './api.ts';

/** The body of a posting without its key (the hook adds it). */
export type TPostingBody = TPostStockInput extends infer T
  ? T extends { idempotencyKey: string }
    ? Omit<T, 'idempotencyKey'>
    : never
  : never;

/** The paths of the posting's one line that the dialog's fields show: { quantity: 'quantity' } → lines.0.quantity. */
export function linePaths(fields: Record<string, string>): TPathMap {
  return Object.fromEntries(Object.entries(fields).map(([path, field]) => [`lines.0.${path}`, field]));
}

/** Refreshes everything a posting can change: the list, the item's balances, lots and history, lots' pages. */
export async function refreshStock(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.stock() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.items }),
    queryClient.invalidateQueries({ queryKey: queryKeys.borrowings }),
  ]);
}

export function usePostingForm<TValues extends Record<string, unknown>>(options: {
  initialValues: TValues;
  /** The posting the fields make. */
  toBody: (values: TValues) => TPostingBody;
  /** Where the posting's paths show (see linePaths). */
  paths: TPathMap;
  /** The dialog's own messages, e.g. for a balance not chosen yet. */
  rules?: TFormRules<TValues>;
  /** The toast's title and message for the posting the server answered with. */
  describe: (posted: TStockTransaction) => { title: string; message: string };
  onDone: (posted: TStockTransaction) => void;
}) {
  const queryClient = useQueryClient();
  // Made once per opening of the dialog (the body mounts when it opens); not a field, so not the form's.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useContractForm<TValues, TPostStockInput>({
    schema: ZPostStockSchema,
    initialValues: options.initialValues,
    toBody: (values) => ({ ...options.toBody(values), idempotencyKey }) as TPostStockInput,
    paths: options.paths,
    rules: options.rules,
    // "Not enough stock: … Nothing was posted." marks the quantity and is shown whole above the buttons.
    wholeMessage: (failure) => failure.status === 409,
  });
  const mutation = useMutation({
    mutationFn: postStock,
    onSuccess: async (posted) => {
      await refreshStock(queryClient);
      toast('success', options.describe(posted));
      options.onDone(posted);
    },
    onError: form.showFailure,
  });
  return { form, mutation, submit: form.onSubmit((body) => mutation.mutate(body)) };
}
