// Each user's secret iCalendar feed of their PM work (decisions 050, 059). The link's secret is 32 random bytes shown
// once; only its SHA-256 is kept, so a copy of the database serves no calendar. A new link revokes the old (one live
// feed per user, a partial unique index), revoking stamps revoked_at. The feed carries the work of the plans assigned
// to the user, a month back to six months ahead of the company's today, forecasts marked as such.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import {
  FEED_MONTHS_AHEAD,
  FEED_MONTHS_BACK,
  type TCalendarEntry,
  type TCalendarFeedLink,
  type TCalendarFeedStatus,
} from '#common/schemas/maintenance-calendar.ts';
import { addMonths, safeTimeZone, todayIn } from '#common/time/calendar.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import { findCompany } from '../companies/companies.repo.ts';
import { maintenanceCalendarFeeds as feeds } from './alerts.tables.ts';
import { entriesOf, workIn } from './calendar-work.ts';
import { calendarText, type TIcsEvent } from './icalendar.ts';

/** The feed's secret in its link: 43 URL-safe characters. */
export const FEED_SECRET = /^[A-Za-z0-9_-]{43}$/;

/** What the table keeps of a secret. */
export function hashOfSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export const feedUrl = (appUrl: string, secret: string) => `${appUrl}/calendar/${secret}.ics`;

const live = (tenant: TTenant) =>
  and(eq(feeds.companyId, tenant.companyId), eq(feeds.userId, tenant.userId), isNull(feeds.revokedAt));

/** GET /api/v1/maintenance/calendar-feed. */
export async function feedStatus(tenant: TTenant): Promise<TCalendarFeedStatus> {
  const [row] = await tenant.run((tx) => tx.select().from(feeds).where(live(tenant)).limit(1));
  return {
    live: row !== undefined,
    createdAt: row?.createdAt.toISOString() ?? null,
    lastReadAt: row?.lastReadAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/v1/maintenance/calendar-feed: revokes the live link and makes a new one in one transaction. Two at once
 * meet at the one-live-feed index; the loser tries again once, revoking the winner's (the last asked is the live one).
 */
export async function createFeed(tenant: TTenant, appUrl: string): Promise<TCalendarFeedLink> {
  const secret = randomBytes(32).toString('base64url');
  const attempt = () =>
    tenant.run(async (tx) => {
      await tx.update(feeds).set({ revokedAt: sql`now()` }).where(live(tenant));
      const [row] = await tx
        .insert(feeds)
        .values({
          id: uuidv7(),
          companyId: tenant.companyId,
          userId: tenant.userId,
          tokenHash: hashOfSecret(secret),
        })
        .returning();
      return { url: feedUrl(appUrl, secret), createdAt: row!.createdAt.toISOString() };
    });
  try {
    return await attempt();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return attempt();
  }
}

/** DELETE /api/v1/maintenance/calendar-feed: the live link stops working (nothing to do when there is none). */
export async function revokeFeed(tenant: TTenant): Promise<void> {
  await tenant.run((tx) => tx.update(feeds).set({ revokedAt: sql`now()` }).where(live(tenant)));
}

const STATE_WORDS: Record<TCalendarEntry['state'], string> = {
  scheduled: 'Scheduled',
  'due-soon': 'Due soon',
  due: 'Due',
  overdue: 'Overdue',
  forecast: 'Forecast',
  completed: 'Done',
  missed: 'Missed',
};

/** One occurrence as an all-day event: machine and plan in the title, the checklist and links in the description. */
export function eventOf(entry: TCalendarEntry, appUrl: string): TIcsEvent {
  const forecast = entry.kind === 'forecast';
  const prefix = entry.state === 'scheduled' ? '' : `${STATE_WORDS[entry.state]}: `;
  const planUrl = `${appUrl}/maintenance/planned?id=${entry.plan.id}`;
  const description = [
    `${STATE_WORDS[entry.state]}${forecast ? ' (not scheduled yet: if earlier work is done on time)' : ''}.`,
    entry.dueOn ? `Due ${entry.dueOn}.` : '',
    entry.dueReading
      ? `Due at ${entry.dueReading} running hours${entry.basis === 'meter' ? ' (date forecast from the machine’s hours per day)' : ''}.`
      : '',
    entry.checklist.length > 0 ? `Checklist:\n${entry.checklist.map((t) => `- ${t.text}`).join('\n')}` : '',
    `Plan: ${planUrl}`,
    `PM calendar: ${appUrl}/maintenance/pm-calendar`,
  ].filter((line) => line !== '');
  return {
    // An occurrence keeps its id; a forecast is its plan's on that day (it becomes an occurrence once opened).
    uid: forecast
      ? `forecast-${entry.plan.id}-${entry.date}@forgeboard`
      : `occurrence-${entry.occurrenceId}@forgeboard`,
    date: entry.date,
    summary: `${prefix}${entry.machine.name} (${entry.machine.assetTag}) — ${entry.plan.title}`,
    description: description.join('\n'),
    url: planUrl,
    status: forecast ? 'TENTATIVE' : 'CONFIRMED',
    categories: ['Preventive maintenance', STATE_WORDS[entry.state]],
  };
}

/** The .ics text of the tenant user's feed, and when it was read (shown on the feed panel). */
export async function feedCalendar(tenant: TTenant, now: Date, appUrl: string): Promise<string> {
  const { entries, company } = await tenant.run(async (tx) => {
    const company = await findCompany(tx, tenant.companyId);
    const timeZone = safeTimeZone(company?.timezone);
    const today = todayIn(timeZone, now);
    const range = {
      from: addMonths(today, -FEED_MONTHS_BACK),
      to: addMonths(today, FEED_MONTHS_AHEAD),
      today,
      timeZone,
    };
    await tx.update(feeds).set({ lastReadAt: sql`now()` }).where(live(tenant));
    return {
      entries: await entriesOf(
        tx,
        tenant.companyId,
        await workIn(tx, tenant.companyId, { assigneeId: tenant.userId }, range),
      ),
      company,
    };
  });
  return calendarText({
    name: `PM work — ${company?.name ?? 'Forgeboard'}`,
    stamp: now,
    // Overdue work repeated on today is one event: a calendar shows it where it fell due.
    events: entries.filter((e) => !e.carriedToToday).map((e) => eventOf(e, appUrl)),
  });
}
