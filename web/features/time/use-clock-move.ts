// Moving one's own clock (decision 082): clock in, switch at one instant, clock out — the same mutation for the
// clock-in form, the scan field and the panel's buttons. The answer is the running clock itself, so the panel shows
// it at once; the week is refreshed behind it. Every move says how it went: the server's own words when it refuses
// (a 409 names the entry or the job in the way).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TClockIn, TRunningClock, TTimeEntry } from '#common/schemas/time.ts';
import { messageOf } from '../../lib/api-errors.ts';
import { toast } from '../../lib/toast.ts';
import { clockIn, clockOut, switchClock, timeKeys } from './api.ts';

export type TClockMove = { how: 'in' | 'switch'; body: TClockIn } | { how: 'out' };

/** "JOB-000001 · Harness run", with its step when it names one. */
export const entryTitle = (entry: Pick<TTimeEntry, 'jobNumber' | 'jobName'>) =>
  `${entry.jobNumber} · ${entry.jobName}`;

const DONE = { in: 'Clocked in', switch: 'Switched', out: 'Clocked out' } as const;

export function useClockMove(options: { onDone?: () => void; onFailed?: (error: unknown) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: TClockMove): Promise<TRunningClock> =>
      move.how === 'out' ? clockOut() : (move.how === 'in' ? clockIn : switchClock)(move.body),
    onSuccess: async (answer, move) => {
      const before = client.getQueryData<TRunningClock>(timeKeys.clock)?.entry ?? null;
      client.setQueryData(timeKeys.clock, answer);
      const entry = answer.entry ?? before;
      toast('success', {
        title: entry ? `${DONE[move.how]}: ${entry.jobNumber}` : DONE[move.how],
        message: entry ? [entry.jobName, entry.stepLabel].filter(Boolean).join(' · ') : '',
      });
      options.onDone?.();
      await client.invalidateQueries({ queryKey: timeKeys.all });
    },
    onError: (error) => {
      toast('error', { title: 'The clock did not move', message: messageOf(error) });
      options.onFailed?.(error);
    },
  });
}
