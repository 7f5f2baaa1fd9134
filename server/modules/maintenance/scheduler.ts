// The maintenance scheduler (decision 058). Every MAINTENANCE_SCAN_INTERVAL_MS each instance runs a pass: for each
// company with the Maintenance area on, one tenant transaction in that company's time zone, by the app's clock,
// decides the due-soon and overdue reminders of its open PM work and the daily digest. Every reminder is a notice
// whose key is unique, inserted with its outbox messages in that transaction (notices.ts): instances may run passes
// at the same moment, or die in the middle of one, and each reminder is still sent once. A timer of its own, not a queue
// task: a pass is idempotent and cheap to repeat, so no claim, lease or retry would add anything, and a task per
// interval would only leave a row behind every five minutes.
import { Temporal } from 'temporal-polyfill';
import { todayIn } from '#common/time/calendar.ts';
import type { TClock } from '../../clock.ts';
import type { TDatabase } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { recipientAddresses, settingsOf } from './email-settings.repo.ts';
import { digestMail, dueSoonMail, overdueMail } from './notice-mail.ts';
import { decidedKeys, issueNotice, issueNotices, openNoticeBreakdowns, type TNotice } from './notices.ts';
import { remindersFor, stateOf } from './reminder-rules.ts';
import { maintenanceCompanies, openOccurrencesNear, type TSchedulerCompany } from './scheduler.repo.ts';
import { storedScheduleOn, turnDay } from './stored-schedule.ts';

export interface TSchedulerOptions {
  database: TDatabase;
  clock: TClock;
  /** The public origin for links in the mail. */
  appUrl: string;
  log?: { error(obj: object, msg: string): void };
}

/** What one pass did: companies looked at, reminders this instance decided, companies whose pass failed. */
export interface TPassResult {
  companies: number;
  notices: number;
  failed: number;
}

/** The instant of `hour`:00 on company day `day` (a DST gap moves it forward, as Temporal's 'compatible' does). */
const digestInstant = (day: string, hour: number, timeZone: string) =>
  Temporal.PlainDate.from(day).toZonedDateTime({ timeZone, plainTime: { hour } }).epochMilliseconds;

/**
 * Whether today's digest is due at `now`: on, its hour reached on the company's wall clock, and that hour came after
 * the digest was turned on or given its hour (decision 067). No catch-up: a digest set up at 20:37 for 07:00 waits
 * for the next 07:00 rather than going at once.
 */
export function digestDue(
  settings: { dailyDigest: boolean; digestHour: number; digestFrom: Date | null },
  today: string,
  now: Date,
  timeZone: string,
): boolean {
  if (!settings.dailyDigest) return false;
  const at = digestInstant(today, settings.digestHour, timeZone);
  return now.getTime() >= at && (settings.digestFrom === null || settings.digestFrom.getTime() <= at);
}

/** One company's reminders for `now`, in its tenant transaction; how many this call decided. */
export async function runCompanyPass(
  options: TSchedulerOptions,
  company: TSchedulerCompany,
  now: Date,
): Promise<number> {
  const { id: companyId } = company;
  const today = todayIn(company.timeZone, now);
  return withTenant(options.database.db, companyId, async (tx) => {
    const settings = await settingsOf(tx, companyId);
    const to = await recipientAddresses(tx, companyId);
    // Nobody to tell: nothing is decided, so what is due reaches the first recipient an admin adds.
    if (to.length === 0) return 0;
    const open = await openOccurrencesNear(tx, companyId, today, settings.daysBefore);
    const reminders = open.flatMap((o) => remindersFor(o, today, settings));
    const digestKey = `digest:${today}`;
    const wantsDigest = digestDue(settings, today, now, company.timeZone);
    const done = await decidedKeys(tx, companyId, [
      ...reminders.map((r) => r.key),
      ...(wantsDigest ? [digestKey] : []),
    ]);
    let decided = await issueNotices(
      tx,
      companyId,
      reminders
        .filter((r) => !done.has(r.key))
        .map((r) => ({
          notice: { key: r.key, kind: r.kind, occurrenceId: r.occurrence.id } satisfies TNotice,
          compose: (to: string[]) =>
            r.kind === 'due_soon'
              ? dueSoonMail(to, companyId, options.appUrl, r.occurrence)
              : overdueMail(to, companyId, options.appUrl, r.occurrence, today),
        })),
      to,
    );
    if (wantsDigest && !done.has(digestKey)) {
      const overdue = open.filter((o) => stateOf(o, today, settings) === 'overdue');
      const due = open.filter((o) => ['due', 'due-soon'].includes(stateOf(o, today, settings)));
      const openBreakdowns = await openNoticeBreakdowns(tx, companyId);
      // A digest with nothing in it is not sent: a later pass of the same day sends one if work turns up.
      if (overdue.length + due.length + openBreakdowns.length > 0) {
        const compose = (to: string[]) =>
          digestMail(to, companyId, options.appUrl, today, { overdue, due, openBreakdowns });
        if (await issueNotice(tx, companyId, { key: digestKey, kind: 'digest' }, compose, to)) decided += 1;
      }
    }
    return decided;
  });
}

/** One pass over every company with the area on, each in its own transaction: one company's failure is its own. */
export async function runMaintenancePass(options: TSchedulerOptions): Promise<TPassResult> {
  const now = options.clock.now();
  const companies = await maintenanceCompanies(options.database.db);
  const result: TPassResult = { companies: companies.length, notices: 0, failed: 0 };
  for (const company of companies) {
    try {
      result.notices += await runCompanyPass(options, company, now);
    } catch (error) {
      result.failed += 1;
      options.log?.error({ err: error, companyId: company.id }, 'maintenance reminders: the pass failed');
    }
    // The stored PM schedule turned to the company's new day (decision 091), after its reminders, in its own
    // transaction: at most once a day per company, and the calendar's first reader would do it otherwise. Not while
    // the calendar does not read it: a 50,000-plan company's build is half a minute a day for nobody.
    if (!storedScheduleOn()) continue;
    try {
      await withTenant(options.database.db, company.id, (tx) => turnDay(tx, company.id, now));
    } catch (error) {
      options.log?.error({ err: error, companyId: company.id }, 'maintenance: the PM schedule did not turn');
    }
  }
  return result;
}

/** A running scheduler: `stop` ends the timer and waits for a pass in progress. */
export interface TMaintenanceScheduler {
  stop(): Promise<void>;
}

/** Runs a pass now and then every `intervalMs` after the previous one ends, until stopped. */
export function startMaintenanceScheduler(
  options: TSchedulerOptions & { intervalMs: number },
): TMaintenanceScheduler {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = runMaintenancePass(options)
      .catch((error: unknown) => options.log?.error({ err: error }, 'maintenance reminders: the pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
