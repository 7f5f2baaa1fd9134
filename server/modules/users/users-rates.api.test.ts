// Labor rates by date (decision 080), on both databases: every user has a rate from their first day (the company's
// founder too); a rate from today takes effect now and re-prices no earlier entry; one from a past date says how many
// entries it re-prices before it is set, then re-prices exactly those (up to the person's next dated rate); a future
// date or bad input is a 400 naming the field and changes nothing.
import { and, asc, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#common/time/calendar.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { atDay, TIME_TEST_MONDAY, timeTestClock } from '../../../tests/setup/time-days.ts';
import { type TTimeShop, timeShopOf } from '../../../tests/setup/time-shop.ts';
import type { TDb } from '../../db/client.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { setUpCompany } from '../auth/accounts.service.ts';
import { users } from '../auth/auth.tables.ts';
import { timeEntries } from '../time/time.tables.ts';
import { laborRates } from './labor-rates.tables.ts';

const MONDAY = TIME_TEST_MONDAY;
const at = atDay;
const clock = timeTestClock();

let t: TTestApp;
let shop: TTimeShop;

beforeAll(async () => {
  t = await createTestApp({ clock });
  shop = await timeShopOf(t, 'Rates Co', 'UTC');
});
afterAll(async () => {
  await t?.close();
});

const costs = async (userId: string) =>
  (
    await t.database.db
      .select({ rate: timeEntries.rate, cost: timeEntries.cost })
      .from(timeEntries)
      .where(eq(timeEntries.userId, userId))
      .orderBy(asc(timeEntries.startedAt))
  ).map((r) => `${r.rate}/${r.cost}`);

const ratesOf = async (userId: string) =>
  (
    await t.database.db
      .select({ rate: laborRates.rate })
      .from(laborRates)
      .where(eq(laborRates.userId, userId))
      .orderBy(asc(laborRates.effectiveFrom))
  ).map((r) => r.rate);

describe('a rate from the first day', () => {
  it('gives the founder of a new company a rate row of 0 from the moment they signed up', async () => {
    // The step of sign-up that makes a verified, company-less user the founder of their company.
    const db = t.database.db;
    const id = uuidv7();
    await db.insert(users).values({
      id,
      name: 'Fay Founder',
      email: `founder.${id}@rates.test`,
      emailVerified: true,
      firstName: 'Fay',
      lastName: 'Founder',
    });
    await db.transaction((tx) =>
      setUpCompany(tx as unknown as TDb, id, {
        companyName: `Founders ${id}`,
        planId: 'beta',
        timezone: 'UTC',
        firstName: 'Fay',
        lastName: 'Founder',
      }),
    );
    const [founder] = await db.select().from(users).where(eq(users.id, id));
    const rows = await db.select().from(laborRates).where(eq(laborRates.userId, id));
    expect(rows.map((r) => [r.companyId, r.rate])).toEqual([[founder!.companyId, '0.00']]);
    expect(rows[0]!.effectiveFrom.getTime()).toBe(founder!.createdAt.getTime());
  });

  it('gives an invited user their rate from the moment they were added', async () => {
    const added = await shop.admin.ok(
      'POST',
      '/api/v1/users',
      { method: 'invite', email: `ivy.${Date.now()}@rates.test`, firstName: 'Ivy', lastName: 'Invited' },
      201,
    );
    expect(added.burdenedLaborRate).toBe('0');
    expect(await ratesOf(added.id)).toEqual(['0.00']);
  });
});

describe('a rate set from a date', () => {
  it('from today re-prices nothing; from a past date says how many it re-prices, then re-prices exactly those', async () => {
    const op = await shop.person('Rosa');
    await shop.admin.ok('PATCH', `/api/v1/users/${op.userId}`, { burdenedLaborRate: '20' });
    const typed = (from: string, to: string) =>
      op.ok(
        'POST',
        '/api/v1/time/entries',
        { jobId: shop.jobs.open, startedAt: from, endedAt: to, reason: 'Typed' },
        201,
      );
    await typed(at(0, '08:00'), at(0, '10:00'));
    await typed(at(1, '08:00'), at(1, '09:00'));
    clock.set(at(2, '07:00'));
    await op.ok('POST', '/api/v1/time/clock-in', { jobId: shop.jobs.open });
    clock.set(at(2, '12:00'));
    expect(await costs(op.userId)).toEqual(['20.00/40.0000', '20.00/20.0000', '20.00/null']);

    const url = `/api/v1/users/${op.userId}/labor-rates`;
    const today = addDays(MONDAY, 2);
    expect(await shop.admin.ok('POST', `${url}/preview`, { rate: '30', effectiveFrom: today })).toEqual({
      rate: '30',
      effectiveAt: at(2, '12:00'),
      entries: 0,
    });
    const fromToday = await shop.admin.ok('POST', url, { rate: '30', effectiveFrom: today });
    expect(fromToday).toMatchObject({ entries: 0, user: { burdenedLaborRate: '30' } });
    // The running clock started before the change: it keeps the rate in force then.
    await op.ok('POST', '/api/v1/time/clock-out');
    expect(await costs(op.userId)).toEqual(['20.00/40.0000', '20.00/20.0000', '20.00/100.0000']);

    // From Tuesday: the Tuesday entry and this morning's clock, up to today's rate of 30 which stays in force.
    const tuesday = { rate: '25', effectiveFrom: addDays(MONDAY, 1) };
    const preview = await shop.admin.ok('POST', `${url}/preview`, tuesday);
    expect(preview).toEqual({ rate: '25', effectiveAt: at(1, '00:00'), entries: 2 });
    expect(await costs(op.userId)).toEqual(['20.00/40.0000', '20.00/20.0000', '20.00/100.0000']);
    const set = await shop.admin.ok('POST', url, tuesday);
    expect(set).toMatchObject({ entries: 2, user: { burdenedLaborRate: '30' } });
    expect(await costs(op.userId)).toEqual(['20.00/40.0000', '25.00/25.0000', '25.00/125.0000']);

    const [audit] = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, op.userId), eq(auditEntries.action, 'rate-set')))
      .orderBy(asc(auditEntries.createdAt));
    expect(audit?.after).toMatchObject({ burdenedLaborRate: '30', entriesRepriced: 0 });

    // A new entry on Tuesday takes the back-dated rate.
    await typed(at(1, '10:00'), at(1, '11:00'));
    expect(await costs(op.userId)).toContain('25.00/25.0000');
  });

  it('refuses a future date and bad input with a 400 naming the field, and changes nothing', async () => {
    const op = await shop.person('Fred');
    const url = `/api/v1/users/${op.userId}/labor-rates`;
    const before = await ratesOf(op.userId);
    for (const [body, field] of [
      [{ rate: '25', effectiveFrom: addDays(MONDAY, 3) }, 'effectiveFrom'],
      [{ rate: '25', effectiveFrom: '2026-02-30' }, 'effectiveFrom'],
      [{ rate: '-1', effectiveFrom: MONDAY }, 'rate'],
      [{ rate: 25, effectiveFrom: MONDAY }, 'rate'],
      [{ rate: '10000.01', effectiveFrom: MONDAY }, 'rate'],
    ] as const) {
      for (const path of [url, `${url}/preview`]) {
        const response = await shop.admin.send('POST', path, body);
        expect(response.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(Object.keys(response.json().error.fieldErrors ?? {})).toContain(field);
      }
    }
    const byUser = await op.send('POST', url, { rate: '99', effectiveFrom: MONDAY });
    expect(byUser.statusCode).toBe(403);
    expect(await ratesOf(op.userId)).toEqual(before);
  });
});
