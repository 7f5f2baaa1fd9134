// "Start due maintenance" from a scanned machine label (issue 29): `/maintenance/pm-calendar?machine=<id>&start=due`
// opens the Complete dialog of the machine's most urgent work that is due — overdue first, then due, then due soon,
// as GET /api/v1/machines/:id/due-maintenance orders it by date — rather than leaving the technician to find it on
// the calendar. With nothing due, the calendar (narrowed to the machine) says so and names the next work.
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TDueMaintenance } from '#common/schemas/maintenance-occurrences.ts';
import { api } from '../../lib/api-client.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';

/** The query parameter a scan card adds to ask for the due work itself. */
export const START_DUE = { name: 'start', value: 'due' } as const;

const URGENCY = { overdue: 0, due: 1, 'due-soon': 2, scheduled: 3 } as const;

/** The work to start: the most urgent open work that is due soon or later; none when everything is only scheduled. */
export function workToStart(due: TDueMaintenance): TDueMaintenance['items'][number] | null {
  const ready = due.items.filter((o) => o.state !== null && o.state !== 'scheduled');
  ready.sort((a, b) => URGENCY[a.state ?? 'scheduled'] - URGENCY[b.state ?? 'scheduled']);
  return ready[0] ?? null;
}

/**
 * Reads `?start=due` once: fetches the machine's due work, hands the work to start to `onStart` (the page opens its
 * Complete dialog), and drops the parameter so a reload does not open it again. Answers the due list when nothing
 * is due, for `NothingDue` to explain.
 */
export function useStartDue(
  machineId: string | null,
  onStart: (work: { id: string; title: string }) => void,
): TDueMaintenance | null {
  const [params, setParams] = useSearchParams();
  const wanted = params.get(START_DUE.name) === START_DUE.value && machineId !== null;
  const due = useQuery({
    queryKey: ['maintenance', 'due-to-start', machineId],
    queryFn: ({ signal }) =>
      api<TDueMaintenance>(`/api/v1/machines/${encodeURIComponent(machineId ?? '')}/due-maintenance`, {
        signal,
      }),
    enabled: wanted,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const data = due.data;
  const [nothingDue, setNothingDue] = useState<TDueMaintenance | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the due list arrives for the request
  useEffect(() => {
    if (!wanted || !data) return;
    const work = workToStart(data);
    if (work) onStart({ id: work.id, title: work.planTitle });
    else setNothingDue(data);
    setParams(
      (p) => {
        p.delete(START_DUE.name);
        return p;
      },
      { replace: true },
    );
  }, [data, wanted]);
  return nothingDue;
}

/** "Nothing is due on this machine now", with its next work if it has any. */
export function NothingDue({ due }: { due: TDueMaintenance }) {
  const clock = useCompanyClock();
  const next = due.items[0];
  return (
    <Alert color="blue" title="Nothing is due on this machine now">
      {next
        ? `Its next work is ${next.planTitle}${next.dueOn ? `, due ${clock.calendarDate(next.dueOn)}` : ''}${
            next.dueReading ? ` (at ${next.dueReading} h)` : ''
          }. The calendar below shows only this machine.`
        : 'It has no maintenance plan switched on. The calendar below shows only this machine.'}
    </Alert>
  );
}
