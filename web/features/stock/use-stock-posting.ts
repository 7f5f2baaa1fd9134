// What every stock dialog does with its posting: one idempotency key made when the dialog opens (sent again on a
// retry, so a lost answer never posts twice), the server's field errors put on the dialog's fields, a refusal's
// message shown as it is, the stock screens refreshed, and a toast that says what happened.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TPostStockInput, TStockTransaction } from '#common/schemas/stock.ts';
import { ApiError } from '../../lib/api-client.ts';
import { messageOf } from '../../lib/api-errors.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { postStock } from './api.ts';

/** The body of a posting without its key (the hook adds it). */
export type TPostingBody = TPostStockInput extends infer T
  ? T extends { idempotencyKey: string }
    ? Omit<T, 'idempotencyKey'>
    : never
  : never;

/** Field errors of a one-line posting by the dialog's own field names ("lines.0.quantity" → "quantity"). */
export function dialogErrorsOf(failure: unknown): Record<string, string> {
  if (!(failure instanceof ApiError)) return { form: messageOf(failure) };
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(failure.fieldErrors)) {
    errors[path.replace(/^lines\.0\.?/, '') || 'form'] ??= message;
  }
  // A refusal that names no field (or a 409 "not enough stock", which also marks the quantity) is shown whole.
  if (Object.keys(errors).length === 0 || failure.status === 409) errors.form = failure.message;
  return errors;
}

/** Refreshes everything a posting can change: the list, the item's balances, lots and history, lots' pages. */
export async function refreshStock(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.stock() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.items }),
    queryClient.invalidateQueries({ queryKey: queryKeys.borrowings }),
  ]);
}

export function useStockPosting(options: {
  /** The toast's title and message for the posting the server answered with. */
  describe: (posted: TStockTransaction) => { title: string; message: string };
  onDone: (posted: TStockTransaction) => void;
}) {
  const queryClient = useQueryClient();
  // Made once per opening of the dialog (the body mounts when it opens).
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: (body: TPostingBody) => postStock({ ...body, idempotencyKey } as TPostStockInput),
    onSuccess: async (posted) => {
      await refreshStock(queryClient);
      toast('success', options.describe(posted));
      options.onDone(posted);
    },
    onError: (failure) => setErrors(dialogErrorsOf(failure)),
  });
  return { mutation, errors, setErrors };
}
