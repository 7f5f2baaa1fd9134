// How the job cost drill-down writes what it shows, in the table and on the phone's cards alike: money to the cent as
// the report's headline figures (formatMoney: an entry's and a line's exact four decimals are rounded half-up only
// here), a rate as money per hour, and the stored words of an entry and a line in the words people read.
import type { TJobCostEntry, TJobCostLine } from '#common/schemas/job-cost-drill.ts';
import { JOB_COST_CATEGORY_LABELS } from '#common/schemas/job-cost-drill.ts';
import { TIME_ACTIVITY_LABELS } from '#common/schemas/time.ts';
import type { TCompanyClock } from '../../lib/company-clock.tsx';
import { formatMoney } from '../../lib/format-money.ts';

/** "32" → "$32.00/h". */
export const rateText = (rate: string) => `${formatMoney(rate)}/h`;

/** "2.50" → "2.50 h". */
export const hoursText = (hours: string) => `${hours} h`;

/** "1 entry", "17 entries". */
export const entriesText = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;

/**
 * What an entry was spent on: its work order and what it was doing ("WO-000033 · Run"); `none` ("—" in a table's
 * cell) when neither is known.
 */
export function entryOnText(entry: Pick<TJobCostEntry, 'workOrderNumber' | 'activity'>, none = '—'): string {
  const activity = entry.activity === null ? null : TIME_ACTIVITY_LABELS[entry.activity];
  return [entry.workOrderNumber, activity].filter(Boolean).join(' · ') || none;
}

/** When an entry ran on the company's clock: "30 Nov 2026, 05:42 – 05:43", the end's day written when it differs. */
export function entrySpanText(
  clock: TCompanyClock,
  entry: Pick<TJobCostEntry, 'startedAt' | 'endedAt'>,
): string {
  const end =
    clock.date(entry.startedAt) === clock.date(entry.endedAt)
      ? clock.time(entry.endedAt)
      : clock.dateTime(entry.endedAt);
  return `${clock.dateTime(entry.startedAt)} – ${end}`;
}

/** What a ledger line charged: "Issued to the job", a reversal "Issued to the job (returned)". */
export const lineWhatText = (line: Pick<TJobCostLine, 'category' | 'kind'>) =>
  `${JOB_COST_CATEGORY_LABELS[line.category]}${line.kind === 'reversal' ? ' (returned)' : ''}`;

/** What a line names: its work order, or its posting's reference. */
export const lineReferenceText = (line: Pick<TJobCostLine, 'workOrderNumber' | 'reference'>) =>
  line.workOrderNumber ?? line.reference;
