// Time tracking (decision 080) through the API, on both databases: the clock (in, switch at one instant, out) costed
// at the rate in force at each entry's start; one person's entries never overlap and at most one clock runs, held
// by the database even for two requests at once; manual entries and edits need a reason; a closed job refuses time;
// bad input is a 400 naming the field and changes nothing. (The week: time-week.api.test.ts.)
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import {
  atDay,
  entriesOfPerson,
  manualEntry,
  TIME_TEST_MONDAY,
  timeTestClock,
} from '../../../tests/setup/time-days.ts';
import { type TTimeShop, timeShopOf } from '../../../tests/setup/time-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';

const _MONDAY = TIME_TEST_MONDAY;
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

/** The text with ICU's narrow no-break space before AM/PM written as a space, as a reader sees it. */
const spaced = (text: string) => text.replace(/\s/g, ' ');

const manual = manualEntry;

describe('the clock', () => {
  it('clocks in, switches at one instant and clocks out, each entry costed at the rate at its start', async () => {
    const op = await shop.person('Olga');
    await shop.admin.ok('PATCH', `/api/v1/users/${op.userId}`, { burdenedLaborRate: '30' });
    clock.set(at(2, '06:00'));
    const started = await op.ok('POST', '/api/v1/time/clock-in', {
      jobId: shop.jobs.open,
      activity: 'setup',
    });
    expect(started.entry).toMatchObject({
      jobNumber: 'JOB-000001',
      activity: 'setup',
      endedAt: null,
      rate: '30',
    });
    // It lives on the server: a reload (a new request) finds it.
    expect((await op.ok('GET', '/api/v1/time/clock')).entry.id).toBe(started.entry.id);

    const again = await op.send('POST', '/api/v1/time/clock-in', { jobId: shop.jobs.other });
    expect(again.statusCode).toBe(409);
    // Clock times as the screens write them (the app's locale, common/time/format.ts).
    expect(spaced(again.json().error.message)).toContain('already running on JOB-000001 since 6:00 AM');

    clock.set(at(2, '08:30'));
    const switched = await op.ok('POST', '/api/v1/time/switch', { jobId: shop.jobs.other, activity: 'run' });
    expect(switched.entry).toMatchObject({ jobNumber: 'JOB-000002', startedAt: at(2, '08:30') });
    clock.set(at(2, '09:00'));
    expect((await op.ok('POST', '/api/v1/time/clock-out')).entry).toBeNull();
    expect((await op.ok('GET', '/api/v1/time/clock')).entry).toBeNull();

    const rows = await entriesOf(op.userId);
    expect(rows.map((r) => [r.source, r.startedAt.toISOString(), r.endedAt?.toISOString(), r.cost])).toEqual([
      ['clock', at(2, '06:00'), at(2, '08:30'), '75.0000'],
      ['clock', at(2, '08:30'), at(2, '09:00'), '15.0000'],
    ]);
    const out = await op.send('POST', '/api/v1/time/clock-out');
    expect(out.statusCode).toBe(409);
    clock.set(at(2, '12:00'));
  });

  it('lets only one of two clock-ins sent at once start a clock', async () => {
    const op = await shop.person('Twin');
    const [a, b] = await Promise.all([
      op.send('POST', '/api/v1/time/clock-in', { jobId: shop.jobs.open }),
      op.send('POST', '/api/v1/time/clock-in', { jobId: shop.jobs.other }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error.message).toMatch(/JOB-00000[12]/);
    expect((await entriesOf(op.userId)).filter((r) => r.endedAt === null)).toHaveLength(1);
    await op.ok('POST', '/api/v1/time/clock-out');
  });

  it('refuses time on a closed job, naming the field, and starts nothing', async () => {
    const op = await shop.person('Carl');
    const response = await op.send('POST', '/api/v1/time/clock-in', { jobId: shop.jobs.closed });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fieldErrors.jobId).toContain('JOB-000003 is closed');
    const typed = await op.send(
      'POST',
      '/api/v1/time/entries',
      manual(shop.jobs.closed, at(0, '08:00'), at(0, '09:00')),
    );
    expect(typed.statusCode).toBe(409);
    expect(await entriesOf(op.userId)).toEqual([]);
  });
});

describe('entries never overlap', () => {
  it('refuses a manual entry that overlaps, naming the entry in the way', async () => {
    const op = await shop.person('Mona');
    await op.ok('POST', '/api/v1/time/entries', manual(shop.jobs.open, at(0, '08:00'), at(0, '10:30')), 201);
    const overlap = await op.send(
      'POST',
      '/api/v1/time/entries',
      manual(shop.jobs.other, at(0, '10:00'), at(0, '11:00')),
    );
    expect(overlap.statusCode).toBe(409);
    expect(spaced(overlap.json().error.fieldErrors.startedAt)).toBe(
      'Overlaps 8:00 AM–10:30 AM on JOB-000001',
    );
    // Back to back is not an overlap.
    await op.ok('POST', '/api/v1/time/entries', manual(shop.jobs.other, at(0, '10:30'), at(0, '11:00')), 201);
    expect(await entriesOf(op.userId)).toHaveLength(2);
  });

  it('lets only one of two overlapping entries sent at once land', async () => {
    const op = await shop.person('Nils');
    const [a, b] = await Promise.all([
      op.send('POST', '/api/v1/time/entries', manual(shop.jobs.open, at(1, '08:00'), at(1, '10:00'))),
      op.send('POST', '/api/v1/time/entries', manual(shop.jobs.other, at(1, '09:00'), at(1, '11:00'))),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(spaced(refused.json().error.message)).toMatch(
      /^Overlaps (8:00 AM–10:00 AM on JOB-000001|9:00 AM–11:00 AM on JOB-000002)$/,
    );
    expect(await entriesOf(op.userId)).toHaveLength(1);
  });

  it('refuses an entry across a running clock', async () => {
    const op = await shop.person('Rita');
    clock.set(at(2, '07:00'));
    await op.ok('POST', '/api/v1/time/clock-in', { jobId: shop.jobs.open });
    clock.set(at(2, '12:00'));
    const across = await op.send(
      'POST',
      '/api/v1/time/entries',
      manual(shop.jobs.other, at(2, '08:00'), at(2, '09:00')),
    );
    expect(across.statusCode).toBe(409);
    expect(spaced(across.json().error.message)).toBe('Overlaps 7:00 AM–now (running) on JOB-000001');
    await op.ok('POST', '/api/v1/time/clock-out');
  });
});

describe('manual entries and edits', () => {
  it('needs a reason, an end after the start and not in the future: 400 naming the field, nothing added', async () => {
    const op = await shop.person('Ned');
    const cases: [object, string][] = [
      [{ ...manual(shop.jobs.open, at(0, '08:00'), at(0, '09:00')), reason: '  ' }, 'reason'],
      [manual(shop.jobs.open, at(0, '09:00'), at(0, '08:00')), 'endedAt'],
      [manual(shop.jobs.open, at(2, '11:00'), at(2, '13:00')), 'endedAt'],
      [manual('not-a-job', at(0, '08:00'), at(0, '09:00')), 'jobId'],
      [manual(shop.jobs.open, 'yesterday', at(0, '09:00')), 'startedAt'],
      [manual(shop.jobs.open, at(0, '08:00'), at(0, '09:00'), { activity: 'lunch' }), 'activity'],
    ];
    for (const [body, field] of cases) {
      const response = await op.send('POST', '/api/v1/time/entries', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors ?? {}), JSON.stringify(body)).toContain(field);
    }
    for (const [url, body, field] of [
      ['/api/v1/time/clock-in', { jobId: 'JOB-1' }, 'jobId'],
      ['/api/v1/time/week/approve', { userId: op.userId, week: '2026-02-30' }, 'week'],
    ] as const) {
      const response = await shop.admin.send('POST', url, body);
      expect(response.statusCode, url).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors ?? {})).toContain(field);
    }
    expect(await entriesOf(op.userId)).toEqual([]);
  });

  it('edits one’s own entry with a reason, at the rate in force at its new start; others’ only as an admin', async () => {
    const op = await shop.person('Edda');
    const other = await shop.person('Finn');
    await shop.admin.ok('PATCH', `/api/v1/users/${op.userId}`, { burdenedLaborRate: '40' });
    const entry = await op.ok(
      'POST',
      '/api/v1/time/entries',
      manual(shop.jobs.open, at(0, '08:00'), at(0, '09:00')),
      201,
    );
    expect(entry).toMatchObject({ rate: '40', cost: '40', source: 'manual', reason: 'Forgot to clock' });

    const noReason = await op.send('PATCH', `/api/v1/time/entries/${entry.id}`, { endedAt: at(0, '10:00') });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fieldErrors).toHaveProperty('reason');
    const foreign = await other.send('PATCH', `/api/v1/time/entries/${entry.id}`, {
      endedAt: at(0, '10:00'),
      reason: 'Mine now',
    });
    expect(foreign.statusCode).toBe(403);

    const edited = await op.ok('PATCH', `/api/v1/time/entries/${entry.id}`, {
      endedAt: at(0, '09:30'),
      reason: 'Left at half past',
    });
    expect(edited).toMatchObject({ endedAt: at(0, '09:30'), cost: '60', reason: 'Left at half past' });
    const byAdmin = await shop.admin.ok('PATCH', `/api/v1/time/entries/${entry.id}`, {
      jobId: shop.jobs.other,
      reason: 'Was on the valve bodies',
    });
    expect(byAdmin.jobNumber).toBe('JOB-000002');

    const [audit] = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, entry.id), eq(auditEntries.action, 'edited')))
      .orderBy(auditEntries.createdAt)
      .limit(1);
    expect(audit).toMatchObject({
      before: { endedAt: at(0, '09:00'), cost: '40.0000' },
      after: { endedAt: at(0, '09:30'), cost: '60.0000', reason: 'Left at half past' },
    });

    const gone = await op.send('POST', `/api/v1/time/entries/${entry.id}/delete`, { reason: 'Typed twice' });
    expect(gone.statusCode).toBe(204);
    expect(await entriesOf(op.userId)).toEqual([]);
  });
});
