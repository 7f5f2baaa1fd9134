// How the dispatcher spaces its attempts at a message: exponential back-off with a ceiling, then it gives up.

/** Attempts before a message is given up as 'failed' (about an hour of retrying with the delays below). */
export const DEFAULT_MAX_ATTEMPTS = 8;

/** How long a dispatcher owns a message it claimed; past this, another instance may send it again. */
export const DEFAULT_LEASE_MS = 5 * 60_000;

const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;

/** The wait after the `attempts`-th failed attempt: 30 s, 1 min, 2 min, … never more than an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}
