// The PM calendar's iCalendar feed through the API (decisions 050, 059): a secret link made for the signed-in user
// (only its SHA-256 kept), read with no session and parsed by an independent parser (Mozilla's ical.js) — one
// all-day event per occurrence with a stable UID, forecasts marked, titles with commas, semicolons and line breaks
// intact, long lines folded — a new link making the old one 404, revoking making it 404, and a company whose area is
// off or a user no longer active getting 404 too.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '#common/schemas/maintenance-calendar.ts';
import { manualClock } from '#server/clock.ts';
import {
  apiClient as client,
  seedOccurrence,
  seedPlan,
  userByEmail,
} from '../../../tests/setup/maintenance-calendar-seed.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { users } from '../auth/auth.tables.ts';
import { companySettings } from '../companies/companies.tables.ts';
import { maintenanceCalendarFeeds } from './alerts.tables.ts';

const FEED = '/api/v1/maintenance/calendar-feed';
const TRICKY =
  'Grease, oil; belts\\chains\nand the long guide rails of the Überprüfungsmaschine “Nord” — every one';
let t: TTestApp;
let tom: ReturnType<typeof client>;
let ada: ReturnType<typeof client>;
let tomId: string;
let companyId: string;
let grease: { planId: string; occurrenceId: string | null };
let done: string;

/** The feed as a calendar app reads it: no cookie, no origin. */
const read = (url: string) => t.app.inject({ method: 'GET', url: url.replace(TEST_APP_URL, '') });
const eventsOf = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

beforeAll(async () => {
  t = await createTestApp({ clock: manualClock('2026-11-27T15:00:00Z') });
  ada = client(t, await t.signIn({ email: 'ada@feed.example', role: 'admin', companyName: 'Feed Works' }));
  tom = client(t, await t.signIn({ email: 'tom@feed.example', role: 'user', companyName: 'Feed Works' }));
  ({ id: tomId, companyId } = await userByEmail(t.database.db, 'tom@feed.example'));
  await ada.ok('PATCH', '/api/v1/company/label-config', { enableMaintenanceFeature: true });
  const press = (await ada.ok('POST', '/api/v1/machines', { name: 'Press 4', assetTag: 'PR-4' }, 201)).id;
  // Tom's: monthly from 1 December, done on 1 November; the admin's plan is not in Tom's feed.
  grease = await seedPlan(t.database.db, {
    companyId,
    machineId: press,
    title: TRICKY,
    leadDays: 7,
    assigneeUserId: tomId,
    checklist: [{ text: 'Grease both rams; wipe' }, { text: 'Check the oil, top up' }],
  });
  done = await seedOccurrence(
    t.database.db,
    { id: grease.planId, companyId, machineId: press },
    { dueOn: '2026-11-01', status: 'completed', completedOn: '2026-11-02', onTime: true },
  );
  await seedPlan(t.database.db, { companyId, machineId: press, title: 'Not Tom’s', startOn: '2026-12-02' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a user’s calendar link', () => {
  let url: string;

  it('has none at first', async () => {
    expect(await tom.ok('GET', FEED)).toEqual({ live: false, createdAt: null, lastReadAt: null });
  });

  it('is made once, shown once, and only its SHA-256 is kept', async () => {
    const made = await tom.ok('POST', FEED, undefined, 201);
    url = made.url;
    expect(url).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const secret = url.slice(url.lastIndexOf('/') + 1, -'.ics'.length);
    const rows = await t.database.db
      .select()
      .from(maintenanceCalendarFeeds)
      .where(eq(maintenanceCalendarFeeds.userId, tomId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(await tom.ok('GET', FEED)).toMatchObject({
      live: true,
      createdAt: made.createdAt,
      lastReadAt: null,
    });
  });

  it('serves the user’s work as iCalendar that an independent parser reads back exactly', async () => {
    const response = await read(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const text = response.body;
    // RFC 5545: CRLF line ends, no line over 75 octets (folded).
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const events = eventsOf(text);
    const summaries = events.map((e) => e.summary);
    expect(summaries.some((s) => s.includes('Not Tom’s'))).toBe(false);
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect(byUid.size).toBe(events.length);
    // The completed one (a month back), the open one, and forecasts to six months ahead (1 January … 1 May).
    const open = byUid.get(`occurrence-${grease.occurrenceId}@forgeboard`)!;
    expect(open.summary).toBe(`Due soon: Press 4 (PR-4) — ${TRICKY}`);
    expect(open.startDate.toString()).toBe('2026-12-01');
    expect(open.startDate.isDate).toBe(true);
    expect(open.endDate.toString()).toBe('2026-12-02');
    expect(open.description).toContain('Checklist:\n- Grease both rams; wipe\n- Check the oil, top up');
    expect(open.description).toContain(`${TEST_APP_URL}/maintenance/planned?id=${grease.planId}`);
    const past = byUid.get(`occurrence-${done}@forgeboard`)!;
    expect(past.summary).toBe(`Done: Press 4 (PR-4) — ${TRICKY}`);
    expect(past.startDate.toString()).toBe('2026-11-01');
    const forecasts = events.filter((e) => e.uid.startsWith('forecast-'));
    expect(forecasts.map((e) => e.startDate.toString())).toEqual([
      '2027-01-01',
      '2027-02-01',
      '2027-03-01',
      '2027-04-01',
      '2027-05-01',
    ]);
    expect(forecasts[0]!.uid).toBe(`forecast-${grease.planId}-2027-01-01@forgeboard`);
    expect(forecasts[0]!.summary.startsWith('Forecast: ')).toBe(true);
    expect(forecasts[0]!.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(open.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('keeps its UIDs from one read to the next, and says when it was last read', async () => {
    const first = eventsOf((await read(url)).body).map((e) => e.uid);
    const second = eventsOf((await read(url)).body).map((e) => e.uid);
    expect(second).toEqual(first);
    expect((await tom.ok('GET', FEED)).lastReadAt).not.toBeNull();
  });

  it('stops working when a new link is made, which works', async () => {
    const next = (await tom.ok('POST', FEED, undefined, 201)).url;
    expect(next).not.toBe(url);
    const old = await read(url);
    expect(old.statusCode).toBe(404);
    expect(old.json().error.message).toBe(CALENDAR_MESSAGES.feedNotFound);
    expect((await read(next)).statusCode).toBe(200);
    const live = await t.database.db
      .select()
      .from(maintenanceCalendarFeeds)
      .where(eq(maintenanceCalendarFeeds.userId, tomId));
    expect(live.filter((f) => f.revokedAt === null)).toHaveLength(1);
    url = next;
  });

  it('is 404 while the company’s Maintenance area is off or the user is inactive, and again after', async () => {
    const setArea = (on: boolean) =>
      t.database.db
        .update(companySettings)
        .set({ enableMaintenanceFeature: on })
        .where(eq(companySettings.companyId, companyId));
    await setArea(false);
    try {
      expect((await read(url)).statusCode).toBe(404);
    } finally {
      await setArea(true);
    }
    await t.database.db.update(users).set({ active: false }).where(eq(users.id, tomId));
    try {
      expect((await read(url)).statusCode).toBe(404);
    } finally {
      await t.database.db.update(users).set({ active: true }).where(eq(users.id, tomId));
    }
    expect((await read(url)).statusCode).toBe(200);
  });

  it('stops working when revoked', async () => {
    const response = await tom.send('DELETE', FEED);
    expect(response.statusCode, response.body).toBe(204);
    expect((await read(url)).statusCode).toBe(404);
    expect(await tom.ok('GET', FEED)).toMatchObject({ live: false, createdAt: null });
    expect((await tom.send('DELETE', FEED)).statusCode).toBe(204);
  });

  it('is 404 for a secret nobody has, a malformed one and a file that is not .ics', async () => {
    for (const path of [
      `/calendar/${'A'.repeat(43)}.ics`,
      '/calendar/short.ics',
      `/calendar/${'A'.repeat(43)}.json`,
      `/calendar/${'A'.repeat(43)}`,
    ]) {
      const response = await read(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error.message, path).toBe(CALENDAR_MESSAGES.feedNotFound);
    }
  });

  it('is refused to a signed-out request on the link routes', async () => {
    const response = await t.app.inject({ method: 'POST', url: FEED, headers: { origin: TEST_APP_URL } });
    expect(response.statusCode).toBe(401);
  });
});
