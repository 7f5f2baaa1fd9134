// How the mail queue spaces its attempts at a message: exponential back-off with a ceiling, then it gives up.
import { exponentialBackoff } from '../queue/backoff.ts';

/** Attempts before a message is given up as 'failed' (about an hour of retrying with the delays below). */
export const MAIL_MAX_ATTEMPTS = 8;

/** The wait after the `attempts`-th failed attempt: 30 s, 1 min, 2 min, … never more than an hour. */
export const retryDelayMs = exponentialBackoff(30_000, 60 * 60_000);
