// The app's clock (issue 22): what "now" is for the rules that depend on the date — when maintenance falls due, which
// reminders the scheduler sends, today's page of the PM calendar. Production reads the system clock. A test server
// can be started with APP_CLOCK_FILE: the file holds an ISO instant, and the clock reads that instant plus the real
// time gone by since the file was written, so a Playwright test moves the app's day by writing a file (no HTTP route
// can move time, in any environment). Sessions, tokens and the job queue keep the real clock: only dates of the
// shop's calendar move.
import { readFileSync, statSync } from 'node:fs';

export interface TClock {
  now(): Date;
}

export const systemClock: TClock = { now: () => new Date() };

/** A clock fixed at one instant, or moved by hand: for tests that call services directly. */
export function manualClock(start: Date | string): TClock & { set(at: Date | string): void } {
  let at = new Date(start);
  return {
    now: () => new Date(at),
    set: (next) => {
      at = new Date(next);
    },
  };
}

/**
 * The file's instant plus the time since the file last changed; the system clock while the file is missing. A file
 * that does not hold an instant is an error the caller sees (a test that wrote it wrongly should fail loudly).
 */
export function fileClock(path: string): TClock {
  let cached: { mtimeMs: number; instant: number } | null = null;
  return {
    now() {
      let mtimeMs: number;
      try {
        mtimeMs = statSync(path).mtimeMs;
      } catch {
        return new Date();
      }
      if (cached?.mtimeMs !== mtimeMs) {
        const text = readFileSync(path, 'utf8').trim();
        const instant = Date.parse(text);
        if (Number.isNaN(instant))
          throw new Error(`APP_CLOCK_FILE ${path} does not hold an ISO instant: "${text}"`);
        cached = { mtimeMs, instant };
      }
      return new Date(cached.instant + Math.max(0, Date.now() - cached.mtimeMs));
    },
  };
}
