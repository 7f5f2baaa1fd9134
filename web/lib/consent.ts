// Cookie consent (SPEC.md section 4): accepted grants analytics consent, declined denies it; nothing is sent before.
import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

export type TConsent = 'accepted' | 'declined';
const listeners = new Set<() => void>();

/** The stored choice, or null when the visitor has not chosen (the banner shows). */
export function getConsent(): TConsent | null {
  const value = readStorage(STORAGE_KEYS.cookieConsent);
  return value === 'accepted' || value === 'declined' ? value : null;
}

/** Stores the choice; every consumer (banner, analytics) updates. */
export function setConsent(consent: TConsent): void {
  writeStorage(STORAGE_KEYS.cookieConsent, consent);
  for (const listener of listeners) listener();
}

/** True only after the visitor accepted: analytics is denied by default. */
export function hasAnalyticsConsent(): boolean {
  return getConsent() === 'accepted';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.cookieConsent) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current choice, re-rendering when it changes (here or in another tab). */
export function useConsent(): TConsent | null {
  return useSyncExternalStore(subscribe, getConsent, () => null);
}
