// How a queue spaces its attempts at a task: exponential back-off with a ceiling.

/** The wait after the `attempts`-th failed attempt: `baseMs`, then doubling, never more than `maxMs`. */
export function exponentialBackoff(baseMs: number, maxMs: number): (attempts: number) => number {
  return (attempts) => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maxMs);
}
