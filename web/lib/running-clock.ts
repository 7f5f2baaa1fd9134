// The caller's running clock (decision 080) as every screen that shows or moves it reads it: the /time screen, the
// scan card and kiosk, and the maintenance job card. One key under ['time'], so a move anywhere refreshes them all.
import type { QueryClient } from '@tanstack/react-query';
import type { TRunningClock } from '#common/schemas/time.ts';
import { api } from './api-client.ts';

export const runningClockKey = ['time', 'clock'] as const;

export const getRunningClock = (signal?: AbortSignal) => api<TRunningClock>('/api/v1/time/clock', { signal });

/** The work a clock can run on besides a job's step: a repair or a PM (decision 085). */
export type TClockWork = { breakdownId: string } | { occurrenceId: string };

/** Whether the running clock, as last read, runs on `work`. */
export function clockRunsOn(clock: TRunningClock | undefined, work: TClockWork): boolean {
  const entry = clock?.entry;
  if (!entry) return false;
  return 'breakdownId' in work
    ? entry.breakdownId === work.breakdownId
    : entry.occurrenceId === work.occurrenceId;
}

/**
 * After `work` is resolved or completed, which stops the clocks on it on the server (decision 085): the sentence that
 * tells the person their own clock stopped (empty when it ran elsewhere or was not read here), and the clock's
 * screens refreshed. Call it before anything else refreshes the clock, while the cache still holds what ran.
 */
export async function clockStoppedBy(client: QueryClient, work: TClockWork): Promise<string> {
  const stopped = clockRunsOn(client.getQueryData<TRunningClock>(runningClockKey), work);
  await client.invalidateQueries({ queryKey: ['time'] });
  return stopped ? ' Your clock on it is stopped.' : '';
}
