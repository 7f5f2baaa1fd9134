// An occurrence as the API shows it, with its state today (decision 045) computed from the company's day on the app
// clock and the machine's meter; shared by the plans and occurrences services (so neither imports the other).
import { normalizeDecimal } from '#common/decimal.ts';
import { METER_SCALE, occurrenceState, type TDue } from '#common/maintenance/schedule.ts';
import type { TOccurrenceStatus, TOccurrenceSummary } from '#common/schemas/maintenance-occurrences.ts';
import { todayIn } from '#common/time/calendar.ts';
import type { TDb } from '../../db/client.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import type { TOccurrenceRow, TPlanRow } from './plans.repo.ts';

export const meter = (value: string) => normalizeDecimal(value, METER_SCALE);
const meterOrNull = (value: string | null) => (value === null ? null : meter(value));

/** Today in the company's zone by the app clock's `now`. */
export async function companyDay(tx: TDb, companyId: string, now: Date): Promise<string> {
  return todayIn(await companyTimeZone(tx, companyId), now);
}

export const dueOf = (o: Pick<TOccurrenceRow, 'dueOn' | 'dueReading'>): TDue => ({
  date: o.dueOn,
  reading: meterOrNull(o.dueReading),
});

export function occurrenceSummaryOf(
  o: TOccurrenceRow,
  plan: Pick<TPlanRow, 'meterEveryHours' | 'leadDays' | 'graceDays' | 'graceHours'>,
  machineReading: string,
  today: string,
): TOccurrenceSummary {
  return {
    id: o.id,
    planId: o.planId,
    status: o.status as TOccurrenceStatus,
    dueOn: o.dueOn,
    dueReading: meterOrNull(o.dueReading),
    state:
      o.status === 'open'
        ? occurrenceState(
            dueOf(o),
            { today, reading: plan.meterEveryHours === null ? null : meter(machineReading) },
            { leadDays: plan.leadDays, graceDays: plan.graceDays, graceHours: meter(plan.graceHours) },
          )
        : null,
    completedOn: o.completedOn,
    completedByName: o.completedBy,
    reading: meterOrNull(o.readingAtCompletion),
    minutesSpent: o.minutesSpent,
    onTime: o.onTime,
    notes: o.notes,
    checklist: o.checklistResults,
  };
}
