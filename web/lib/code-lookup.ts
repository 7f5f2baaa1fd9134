// Looking up a scanned or typed code (GET /api/v1/scan/resolve, decision 028): what it is in the user's company. The
// scan page, the scan cards, QC Instructions' "Lot or work order" box and the floor's consumption read it, so the call,
// its query key and the hook that feeds it — a field's typed code and a scanner's burst caught by the keyboard wedge
// with no field focused — are written once here.
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import type { TScanResult } from '#common/schemas/scan.ts';
import { ApiError, api } from './api-client.ts';
import { useKeyboardWedge } from './keyboard-wedge.ts';
import { queryKeys } from './query-keys.ts';

/** The query key of one code's answer: under 'stock', so every posting refreshes the cards on the scan page. */
export const scanKey = (code: string) => queryKeys.stock('scan', code);

/** What `code` is: an item, a lot, a location, a work order or a machine of the company (404 when nothing). */
export const resolveCode = (code: string, signal?: AbortSignal) =>
  api<TScanResult>(`/api/v1/scan/resolve?${new URLSearchParams({ code })}`, { signal });

/** How a code came in, as analytics records it. */
export type TCodeSource = 'camera' | 'scanner' | 'typed' | 'link';

/** The words of a lookup that failed: the server's refusal, or a network failure's. */
export const lookupFailure = (error: unknown) =>
  error instanceof ApiError ? error.message : 'This code could not be looked up. Try again in a moment.';

export interface TCodeLookupOptions<TContext> {
  /**
   * Before the lookup of a trimmed, non-empty code: what the answer will be handed with (e.g. the card it fills),
   * or false to leave this code alone.
   */
  onStart?: (code: string, via: TCodeSource) => TContext | false;
  onFound: (result: TScanResult, via: TCodeSource, context: TContext | undefined) => void;
  /** `message` is `lookupFailure`'s. */
  onFailed: (message: string, via: TCodeSource, context: TContext | undefined) => void;
  /** Whether a scanner's burst anywhere on the page is looked up (off while a dialog is the work at hand). */
  wedge?: boolean;
  /** Whether the field empties once its code is sent (the scan page's cards keep it; a search box keeps it). */
  clearTyped?: boolean;
}

/**
 * A code box and a scanner feeding one lookup: `lookUp(code, via)` for any other source (the camera, a link),
 * `typed`/`setTyped`/`submit` for the form's field, `busy` while a lookup is in flight.
 */
export function useCodeLookup<TContext = undefined>(options: TCodeLookupOptions<TContext>) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [inFlight, setInFlight] = useState(0);
  // The latest callbacks, so `lookUp` stays the same function and an effect that calls it runs once.
  const latest = useRef(options);
  latest.current = options;

  const lookUp = useCallback(
    async (raw: string, via: TCodeSource) => {
      const code = raw.trim();
      if (!code) return;
      const context = latest.current.onStart ? latest.current.onStart(code, via) : undefined;
      if (context === false) return;
      setInFlight((n) => n + 1);
      try {
        const result = await queryClient.fetchQuery({
          queryKey: scanKey(code),
          // No abort signal: a card that shows this answer subscribes while it is in flight, and a consumed signal
          // would let TanStack Query abort the fetch when observers come and go.
          queryFn: () => resolveCode(code),
          staleTime: 0,
          retry: false,
        });
        latest.current.onFound(result, via, context);
      } catch (error) {
        latest.current.onFailed(lookupFailure(error), via, context);
      } finally {
        setInFlight((n) => n - 1);
      }
    },
    [queryClient],
  );

  useKeyboardWedge((code) => void lookUp(code, 'scanner'), options.wedge ?? true);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    void lookUp(typed, 'typed');
    if (options.clearTyped) setTyped('');
  };

  return { lookUp, typed, setTyped, submit, busy: inFlight > 0 };
}

export type TCodeLookup = ReturnType<typeof useCodeLookup>;
