// The days the Time API tests run on (decision 080): a week two weeks ahead of the real one, so every person (created
// today) has their rate by then, with the app's clock at its Wednesday noon; and what those tests type and read back.
import { and, eq } from 'drizzle-orm';
import { addDays, startOfWeek, todayIn } from '#common/time/calendar.ts';
import { manualClock } from '../../server/clock.ts';
import type { TDb } from '../../server/db/client.ts';
import { timeEntries } from '../../server/modules/time/time.tables.ts';

export const TIME_TEST_MONDAY = startOfWeek(addDays(todayIn('UTC'), 14));

/** The instant at `time` (HH:MM, UTC) on day `day` of that week (0: Monday). */
export const atDay = (day: number, time: string) => `${addDays(TIME_TEST_MONDAY, day)}T${time}:00.000Z`;

/** A clock for createTestApp, set to that Wednesday noon; tests move it and put it back. */
export const timeTestClock = () => manualClock(atDay(2, '12:00'));

/** A typed entry's body, with the reason the API asks for. */
export const manualEntry = (jobId: string, from: string, to: string, extra: object = {}) => ({
  jobId,
  startedAt: from,
  endedAt: to,
  reason: 'Forgot to clock',
  ...extra,
});

/** A person's entries as stored, in order of start. */
export const entriesOfPerson = (db: TDb, companyId: string, userId: string) =>
  db
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.companyId, companyId), eq(timeEntries.userId, userId)))
    .orderBy(timeEntries.startedAt);
