// The floor's messages ("Consumed …", "Output recorded", "Work order completed") are a status line in the page, beside
// the section the operator acted in, not toasts (issue 29, decision 065): a toast lies over something on a 390 px
// phone wherever it is put — at the top over the header and the step's title, at the bottom over the output form
// and its "Put away at" list (a tap meant for the list landed on the toast). A line in the page's flow covers
// nothing. One message at a time: each replaces the last, and it stays until the next, its ✕, or leaving the page.
import { useSyncExternalStore } from 'react';
import type { TAuthMessage } from '#common/auth-messages.ts';

/** Where on the floor view a message shows: under the header, in Components, or in Output. */
export type TFloorPlace = 'top' | 'components' | 'output';

export interface TFloorMessage extends TAuthMessage {
  kind: 'success' | 'error' | 'info';
  place: TFloorPlace;
}

let shown: TFloorMessage | null = null;
const listeners = new Set<() => void>();
const tell = () => {
  for (const listener of listeners) listener();
};

/** Shows `message` at `place` on the floor view, in place of the floor's previous message. */
export function floorToast(
  kind: TFloorMessage['kind'],
  message: TAuthMessage,
  place: TFloorPlace = 'top',
): void {
  shown = { kind, place, title: message.title, message: message.message };
  tell();
}

/** Clears the floor's message (its ✕, or the page closing: it belongs to that work order's view). */
export function hideFloorToast(): void {
  if (!shown) return;
  shown = null;
  tell();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The floor's message when it belongs at `place`, else null; re-renders when it changes. */
export function useFloorMessage(place: TFloorPlace): TFloorMessage | null {
  const message = useSyncExternalStore(
    subscribe,
    () => shown,
    () => null,
  );
  return message?.place === place ? message : null;
}
