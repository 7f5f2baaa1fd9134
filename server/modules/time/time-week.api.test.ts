import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#common/time/calendar.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import {
  atDay,
  entriesOfPerson,
  manualEntry,
  TIME_TEST_MONDAY,
  timeTestClock,
} from '../../../tests/setup/time-days.ts';
import { type TTimeShop, timeShopOf } from '../../../tests/setup/time-shop.ts';

const MONDAY = TIME_TEST_MONDAY;
const at = atDay;
const clock = timeTestClock();

let t: TTestApp;
let shop: TTimeShop;

beforeAll(async () => {
  t = await createTestApp({ clock });
  shop = await timeShopOf(t, 'Time Co', 'UTC');
});
afterAll(async () => {
  await t?.close();
});

const entriesOf = (userId: string) => entriesOfPerson(t.database.db, shop.companyId, userId);

const manual = manualEntry;

describe('the week', () => {
  it('totals each day and the week, and an approved week refuses every change with a 409', async () => {
    const op = await shop.person('Wanda');
    const first = await op.ok(
      'POST',
      '/api/v1/time/entries',
      manual(shop.jobs.open, at(0, '08:00'), at(0, '10:00')),
      201,
    );
    // Across midnight: an hour on Tuesday and one on Wednesday.
    await op.ok('POST', '/api/v1/time/entries', manual(shop.jobs.open, at(1, '23:00'), at(2, '01:00')), 201);
    const week = await op.ok('GET', `/api/v1/time/week?week=${addDays(MONDAY, 3)}`);
    expect(week).toMatchObject({
      weekStart: MONDAY,
      weekEnd: addDays(MONDAY, 6),
      timeZone: 'UTC',
      approved: null,
    });
    expect(week.days.map((d: { hours: string }) => d.hours)).toEqual(['2', '1', '1', '0', '0', '0', '0']);
    expect(week.total).toEqual({ seconds: 4 * 3600, hours: '4' });

    const forbidden = await op.send('POST', '/api/v1/time/week/approve', { userId: op.userId, week: MONDAY });
    expect(forbidden.statusCode).toBe(403);
    const approved = await shop.admin.ok('POST', '/api/v1/time/week/approve', {
      userId: op.userId,
      week: MONDAY,
    });
    expect(approved.approved.by).toContain('Ada Clock');
    expect(approved.entries.every((e: { locked: boolean }) => e.locked)).toBe(true);

    const refusals = await Promise.all([
      op.send('PATCH', `/api/v1/time/entries/${first.id}`, { endedAt: at(0, '09:00'), reason: 'Earlier' }),
      shop.admin.send('PATCH', `/api/v1/time/entries/${first.id}`, {
        endedAt: at(0, '09:00'),
        reason: 'Earlier',
      }),
      op.send('POST', `/api/v1/time/entries/${first.id}/delete`, { reason: 'Oops' }),
      op.send('POST', '/api/v1/time/entries', manual(shop.jobs.open, at(0, '12:00'), at(0, '13:00'))),
    ]);
    expect(refusals.map((r) => r.statusCode)).toEqual([409, 409, 409, 409]);
    expect(refusals[0]!.json().error.message).toContain('is approved');
    expect((await entriesOf(op.userId)).map((r) => r.endedAt?.toISOString())).toEqual([
      at(0, '10:00'),
      at(2, '01:00'),
    ]);
  });

  it('charges an entry across the week’s edge to each week by its share, and locks it when either is approved', async () => {
    const op = await shop.person('Sunny');
    const sundayMorning = `${addDays(MONDAY, -1)}T00:00:00.000Z`;
    clock.set(sundayMorning);
    await shop.admin.ok('PATCH', `/api/v1/users/${op.userId}`, { burdenedLaborRate: '36' });
    clock.set(at(2, '12:00'));
    // Sunday 22:00 to Monday 00:15: 2 hours in the week before, a quarter of an hour in this one.
    const sunday = addDays(MONDAY, -1);
    const night = await op.ok(
      'POST',
      '/api/v1/time/entries',
      manual(shop.jobs.open, `${sunday}T22:00:00.000Z`, at(0, '00:15')),
      201,
    );
    const [row] = await entriesOf(op.userId);
    const whole = Number(row!.cost);
    expect(whole).toBe(81); // 2.25 h at 36
    const before = await op.ok('GET', `/api/v1/time/week?week=${sunday}`);
    const after = await op.ok('GET', `/api/v1/time/week?week=${MONDAY}`);
    expect(before.total.hours).toBe('2');
    expect(after.total.hours).toBe('0.25');
    expect(Number(before.cost)).toBeCloseTo((whole * 8) / 9, 4);
    expect(Number(after.cost)).toBeCloseTo(whole / 9, 4);
    expect(Number(before.cost) + Number(after.cost)).toBeCloseTo(whole, 3);

    await shop.admin.ok('POST', '/api/v1/time/week/approve', { userId: op.userId, week: sunday });
    const seen = await op.ok('GET', `/api/v1/time/week?week=${MONDAY}`);
    expect(seen.approved).toBeNull();
    expect(seen.entries.find((e: { id: string }) => e.id === night.id).locked).toBe(true);
    const edit = await op.send('PATCH', `/api/v1/time/entries/${night.id}`, {
      endedAt: at(0, '00:10'),
      reason: 'Left earlier',
    });
    expect(edit.statusCode).toBe(409);
  });

  it('approves no week that has not started, nor one in which the person’s clock still runs', async () => {
    const op = await shop.person('Ruth');
    const future = await shop.admin.send('POST', '/api/v1/time/week/approve', {
      userId: op.userId,
      week: addDays(MONDAY, 7),
    });
    expect(future.statusCode).toBe(409);
    // The week's Monday written as the screen's heading writes it ("Week of Nov 23, 2026"), not "23 Nov 2026".
    const monday = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${addDays(MONDAY, 7)}T12:00:00Z`),
    );
    expect(future.json().error.fieldErrors.week).toBe(
      `The week of ${monday} has not started yet: approve it once its time is in.`,
    );

    clock.set(at(3, '07:00'));
    await op.ok('POST', '/api/v1/time/clock-in', { jobId: shop.jobs.open });
    const running = await shop.admin.send('POST', '/api/v1/time/week/approve', {
      userId: op.userId,
      week: MONDAY,
    });
    expect(running.statusCode).toBe(409);
    expect(running.json().error.message).toBe(
      'Ruth Clock’s clock is still running in this week: approve it once they have clocked out.',
    );
    // A week that ended before the clock started is approved meanwhile.
    await shop.admin.ok('POST', '/api/v1/time/week/approve', {
      userId: op.userId,
      week: addDays(MONDAY, -7),
    });
    clock.set(at(3, '08:00'));
    await op.ok('POST', '/api/v1/time/clock-out');
    const done = await shop.admin.ok('POST', '/api/v1/time/week/approve', {
      userId: op.userId,
      week: MONDAY,
    });
    expect(done.approved).not.toBeNull();
    clock.set(at(3, '09:00'));
    expect((await op.send('POST', '/api/v1/time/clock-in', { jobId: shop.jobs.open })).statusCode).toBe(409);
  });

  it('reopens an approved week for an admin with a reason, so its time can be corrected, and audits it', async () => {
    const op = await shop.person('Otto');
    const entry = await op.ok(
      'POST',
      '/api/v1/time/entries',
      manual(shop.jobs.open, at(0, '08:00'), at(0, '09:00')),
      201,
    );
    const body = { userId: op.userId, week: MONDAY, reason: 'Approved by mistake' };
    const notYet = await shop.admin.send('POST', '/api/v1/time/week/reopen', body);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.fieldErrors.week).toContain('is not approved');
    await shop.admin.ok('POST', '/api/v1/time/week/approve', { userId: op.userId, week: MONDAY });

    expect((await op.send('POST', '/api/v1/time/week/reopen', body)).statusCode).toBe(403);
    const noReason = await shop.admin.send('POST', '/api/v1/time/week/reopen', { ...body, reason: ' ' });
    expect([noReason.statusCode, Object.keys(noReason.json().error.fieldErrors)]).toEqual([400, ['reason']]);
    expect((await op.ok('GET', `/api/v1/time/week?week=${MONDAY}`)).approved).not.toBeNull();

    const reopened = await shop.admin.ok('POST', '/api/v1/time/week/reopen', body);
    expect(reopened.approved).toBeNull();
    expect(reopened.entries.map((e: { locked: boolean }) => e.locked)).toEqual([false]);
    await op.ok('PATCH', `/api/v1/time/entries/${entry.id}`, {
      endedAt: at(0, '08:45'),
      reason: 'Left early',
    });
    const audit = await shop.admin.ok('GET', `/api/v1/audit?entityType=time-week&entityId=${op.userId}`);
    expect(audit.items.map((e: { action: string }) => e.action)).toEqual(['reopened', 'approved']);
    expect(audit.items[0].after).toMatchObject({ reason: 'Approved by mistake' });
  });

  it('lets an approval and a clock-in sent at once never leave a clock running in an approved week', async () => {
    const op = await shop.person('Quinn');
    clock.set(at(3, '10:00'));
    const [approval, clockIn] = await Promise.all([
      shop.admin.send('POST', '/api/v1/time/week/approve', { userId: op.userId, week: MONDAY }),
      op.send('POST', '/api/v1/time/clock-in', { jobId: shop.jobs.open }),
    ]);
    // One of the two lands; the other is refused with a 409 that says why.
    expect([approval.statusCode, clockIn.statusCode].sort()).toEqual([200, 409]);
    const approved = await shop.admin.ok('GET', `/api/v1/time/week?week=${MONDAY}&userId=${op.userId}`);
    const runningRows = (await entriesOf(op.userId)).filter((r) => r.endedAt === null);
    expect(approved.approved !== null && runningRows.length > 0).toBe(false);
  });

  it('totals 23 and 25 hours on the days daylight saving starts and ends in the company’s zone', async () => {
    const t2 = await timeShopOf(t, 'Time Co New York', 'America/New_York');
    const op = await t2.person('Dana');
    // Midnight to midnight on the clock of New York: 8 March 2026 (spring forward) and 1 November 2026 (fall back).
    await op.ok(
      'POST',
      '/api/v1/time/entries',
      manual(t2.jobs.open, '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'),
      201,
    );
    await op.ok(
      'POST',
      '/api/v1/time/entries',
      manual(t2.jobs.open, '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z'),
      201,
    );
    const spring = await op.ok('GET', '/api/v1/time/week?week=2026-03-08');
    expect(spring.weekStart).toBe('2026-03-02');
    expect(spring.days.find((d: { date: string }) => d.date === '2026-03-08')).toMatchObject({ hours: '23' });
    expect(spring.total.hours).toBe('23');
    const fall = await op.ok('GET', '/api/v1/time/week?week=2026-11-01');
    expect(fall.days.find((d: { date: string }) => d.date === '2026-11-01')).toMatchObject({ hours: '25' });
    expect(fall.weekEnd).toBe('2026-11-01');
    expect(fall.total.hours).toBe('25');
  });
});
