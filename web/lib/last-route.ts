// SPEC.md's last-route memory: the guard remembers each protected page opened, and signing in (or coming back
// signed in) lands on the last one.
import { isRememberedRoute } from '#common/routes.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/** Remembers the route for the next return (SPEC.md's last-route memory). */
export function rememberRoute(pathname: string, search: string): void {
  if (isRememberedRoute(pathname)) writeStorage(STORAGE_KEYS.lastRoute, pathname + search);
}

/** Where a returning, signed-in user goes: the last remembered route, else /help. */
export function lastRouteOrHelp(): string {
  const stored = readStorage(STORAGE_KEYS.lastRoute);
  return stored && isRememberedRoute(stored.split('?')[0] ?? '') ? stored : '/help';
}
