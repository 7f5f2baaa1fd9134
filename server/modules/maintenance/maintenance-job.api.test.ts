// Maintenance on a job (decision 085), through the API on both databases: a repair (a breakdown) and a PM (an
// occurrence) are charged to a job; time clocked or typed on them lands on that job as maintenance, and nowhere else;
// their parts' posting names the job (the job cost report's maintenance parts). The job cannot move from under time
// already on it, a done repair keeps its job, a closed job takes no repair and no parts, and bad input is a 400
// naming the field with nothing changed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { type TTimeClient, type TTimeShop, timeShopOf } from '../../../tests/setup/time-shop.ts';
import { shopOf, type TShop } from '../../../tests/setup/work-orders-shop.ts';
import { manualClock } from '../../clock.ts';
import { stockTransactions } from '../inventory/stock.tables.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { timeEntries } from '../time/time.tables.ts';
import { breakdowns } from './breakdowns.tables.ts';

const clock = manualClock('2027-03-10T08:00:00.000Z');
const at = (time: string) => `2027-03-10T${time}:00.000Z`;

let t: TTestApp;
let shop: TTimeShop;
let stock: TShop;
let tech: TTimeClient;
let filter: string;
let machine: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  shop = await timeShopOf(t, 'Repair Jobs', 'UTC');
  const on = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/company/label-config',
    headers: { origin: TEST_APP_URL, cookie: shop.admin.cookie },
    payload: { enableMaintenanceFeature: true },
  });
  expect(on.statusCode, on.body).toBe(200);
  tech = await shop.person('Tom');
  stock = await shopOf(t, shop.admin.cookie, 'RJ');
  filter = await stock.item('FILTER-9', '4.25');
  await stock.receive(filter, '10');
  machine = (await shop.admin.ok('POST', '/api/v1/machines', { name: 'Press', assetTag: 'PR-1' }, 201)).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const entriesOf = (userId: string) =>
  t.database.db
    .select()
    .from(timeEntries)
    .where(eq(timeEntries.userId, userId))
    .orderBy(timeEntries.startedAt);
const posting = async (id: string) =>
  (await t.database.db.select().from(stockTransactions).where(eq(stockTransactions.id, id)))[0];
const fieldsOf = (response: { json(): { error: { fieldErrors?: object } } }) =>
  Object.keys(response.json().error.fieldErrors ?? {});

describe('a repair on a job', () => {
  let id: string;

  it('is charged to a job, and time clocked on it lands on that job as maintenance', async () => {
    id = (await tech.ok('POST', '/api/v1/breakdowns', { machineId: machine, problem: 'Ram leaks oil' }, 201))
      .id;
    const charged = await tech.ok('PUT', `/api/v1/breakdowns/${id}/job`, { jobId: shop.jobs.open });
    expect(charged.job).toMatchObject({ id: shop.jobs.open, number: 'JOB-000001', name: 'Pump housings' });

    const clockIn = (body: object) => tech.send('POST', '/api/v1/time/clock-in', body);
    const elsewhere = await clockIn({ jobId: shop.jobs.other, breakdownId: id });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.message).toBe(
      'Breakdown 1 is charged to JOB-000001: its time goes on that job.',
    );
    const asRun = await clockIn({ jobId: shop.jobs.open, breakdownId: id, activity: 'run' });
    expect([asRun.statusCode, fieldsOf(asRun)]).toEqual([400, ['activity']]);
    expect(await entriesOf(tech.userId)).toEqual([]);

    const started = (
      await tech.ok('POST', '/api/v1/time/clock-in', { jobId: shop.jobs.open, breakdownId: id })
    ).entry;
    expect(started).toMatchObject({ jobNumber: 'JOB-000001', breakdownId: id, activity: 'maintenance' });
  });

  it('keeps its job while time is on it', async () => {
    const moved = await tech.send('PUT', `/api/v1/breakdowns/${id}/job`, { jobId: shop.jobs.other });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error.fieldErrors).toEqual({
      jobId: 'Breakdown 1 has time on JOB-000001: move or delete that time before changing its job.',
    });
    const closed = await tech.send('PUT', `/api/v1/breakdowns/${id}/job`, { jobId: shop.jobs.closed });
    expect([closed.statusCode, fieldsOf(closed)]).toEqual([409, ['jobId']]);
    const bad = await tech.send('PUT', `/api/v1/breakdowns/${id}/job`, { jobId: 'JOB-1' });
    expect([bad.statusCode, fieldsOf(bad)]).toEqual([400, ['jobId']]);
    const [row] = await t.database.db.select().from(breakdowns).where(eq(breakdowns.id, id));
    expect(row!.jobId).toBe(shop.jobs.open);
  });

  it('posts its parts to the job when it is resolved, stops the clock on it, and keeps the job once done', async () => {
    clock.set(at('09:30'));
    // The technician's clock still runs on the repair: resolving it stops it there and then.
    const resolved = await tech.ok('POST', `/api/v1/breakdowns/${id}/resolve`, {
      cause: 'Worn seal',
      action: 'Seal replaced',
      repairMinutes: 60,
      parts: [{ itemId: filter, locationId: stock.bin, quantity: '2' }],
    });
    expect(resolved.job).toMatchObject({ number: 'JOB-000001' });
    expect(await posting(resolved.parts[0].transactionId)).toMatchObject({
      kind: 'maintenance-issue',
      jobId: shop.jobs.open,
    });
    const [entry] = await entriesOf(tech.userId);
    expect(entry).toMatchObject({ breakdownId: id, activity: 'maintenance', jobId: shop.jobs.open });
    expect(entry!.endedAt?.toISOString()).toBe(at('09:30'));
    expect((await tech.ok('GET', '/api/v1/time/clock')).entry).toBeNull();

    const moved = await tech.send('PUT', `/api/v1/breakdowns/${id}/job`, { jobId: null });
    expect(moved.json().error.fieldErrors).toEqual({
      jobId: 'Breakdown 1 is done: the job it was charged to can no longer change.',
    });
    // Done: its time is typed, not clocked.
    const late = await tech.send('POST', '/api/v1/time/clock-in', { jobId: shop.jobs.open, breakdownId: id });
    expect([late.statusCode, fieldsOf(late)]).toEqual([409, ['breakdownId']]);
    const typed = await tech.ok(
      'POST',
      '/api/v1/time/entries',
      {
        jobId: shop.jobs.open,
        breakdownId: id,
        startedAt: at('07:00'),
        endedAt: at('07:30'),
        reason: 'Diagnosis',
      },
      201,
    );
    expect(typed).toMatchObject({ breakdownId: id, activity: 'maintenance', source: 'manual' });
  });

  it('refuses parts for a job closed since it was charged, and changes nothing', async () => {
    clock.set(at('10:00'));
    const other = (
      await tech.ok('POST', '/api/v1/breakdowns', { machineId: machine, problem: 'Guard loose' }, 201)
    ).id;
    await tech.ok('PUT', `/api/v1/breakdowns/${other}/job`, { jobId: shop.jobs.other });
    await t.database.db
      .update(jobs)
      .set({ status: 'closed', closedAt: new Date() })
      .where(eq(jobs.id, shop.jobs.other));
    clock.set(at('10:20'));
    const refused = await tech.send('POST', `/api/v1/breakdowns/${other}/resolve`, {
      cause: 'Bolt',
      action: 'Tightened',
      repairMinutes: 10,
      parts: [{ itemId: filter, locationId: stock.bin, quantity: '1' }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fieldErrors).toEqual({
      jobId: 'JOB-000002 is closed: it takes no new stock issues. Reopen it first.',
    });
    expect((await tech.ok('GET', `/api/v1/breakdowns/${other}`)).status).toBe('reported');
    // Named off the job with the resolution, it resolves, its parts charged to no job.
    const resolved = await tech.ok('POST', `/api/v1/breakdowns/${other}/resolve`, {
      cause: 'Bolt',
      action: 'Tightened',
      repairMinutes: 10,
      parts: [{ itemId: filter, locationId: stock.bin, quantity: '1' }],
      jobId: null,
    });
    expect(resolved.job).toBeNull();
    expect((await posting(resolved.parts[0].transactionId))!.jobId).toBeNull();
    await t.database.db
      .update(jobs)
      .set({ status: 'open', closedAt: null })
      .where(eq(jobs.id, shop.jobs.other));
  });
});

describe('a PM on a job', () => {
  let occurrence: string;

  it('names no job until one is chosen, and refuses time meanwhile', async () => {
    clock.set(at('11:00'));
    const plan = await shop.admin.ok(
      'POST',
      '/api/v1/maintenance/plans',
      {
        machineId: machine,
        title: 'Change the filter',
        mode: 'fixed',
        startOn: '2027-03-10',
        calendarEvery: 1,
        calendarUnit: 'month',
      },
      201,
    );
    occurrence = plan.open.id;
    expect((await tech.ok('GET', `/api/v1/maintenance/occurrences/${occurrence}`)).job).toBeNull();
    const body = {
      jobId: shop.jobs.open,
      occurrenceId: occurrence,
      startedAt: at('10:30'),
      endedAt: at('10:45'),
      reason: 'Filter swap',
    };
    const none = await tech.send('POST', '/api/v1/time/entries', body);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.fieldErrors).toEqual({
      occurrenceId: 'PM “Change the filter” is charged to no job: choose its job first.',
    });
    const both = await tech.send('POST', '/api/v1/time/entries', { ...body, breakdownId: occurrence });
    expect([both.statusCode, fieldsOf(both)]).toEqual([400, ['breakdownId']]);
    expect(await entriesOf(tech.userId)).toHaveLength(2);
  });

  it('is charged to the job its completion names, with its parts, and takes time on it', async () => {
    await tech.ok('PUT', `/api/v1/maintenance/occurrences/${occurrence}/job`, { jobId: shop.jobs.open });
    const typed = await tech.ok(
      'POST',
      '/api/v1/time/entries',
      {
        jobId: shop.jobs.open,
        occurrenceId: occurrence,
        startedAt: at('10:30'),
        endedAt: at('10:45'),
        reason: 'Filter swap',
      },
      201,
    );
    expect(typed).toMatchObject({
      occurrenceId: occurrence,
      activity: 'maintenance',
      jobNumber: 'JOB-000001',
    });
    // Clocked in on the PM and still running when it is completed: the completion stops the clock.
    clock.set(at('11:00'));
    await tech.ok('POST', '/api/v1/time/clock-in', { jobId: shop.jobs.open, occurrenceId: occurrence });
    clock.set(at('11:20'));
    // The completion may name the job itself: here the one it already has.
    const done = await tech.ok('POST', `/api/v1/maintenance/occurrences/${occurrence}/complete`, {
      minutesSpent: 15,
      parts: [{ itemId: filter, locationId: stock.bin, quantity: '1' }],
      jobId: shop.jobs.open,
    });
    expect(done).toMatchObject({ status: 'completed', job: { number: 'JOB-000001' } });
    expect((await tech.ok('GET', '/api/v1/time/clock')).entry).toBeNull();
    const clocked = (await entriesOf(tech.userId)).find((e) => e.startedAt.toISOString() === at('11:00'));
    expect(clocked).toMatchObject({ occurrenceId: occurrence, source: 'clock' });
    expect(clocked!.endedAt?.toISOString()).toBe(at('11:20'));
    expect(await posting(done.parts[0].transactionId)).toMatchObject({
      kind: 'maintenance-issue',
      jobId: shop.jobs.open,
    });
    const audit = await shop.admin.ok(
      'GET',
      `/api/v1/audit?entityType=maintenance-plan&entityId=${done.plan.id}`,
    );
    expect(audit.items.find((e: { action: string }) => e.action === 'job-charged')).toMatchObject({
      before: { job: null },
      after: { job: 'JOB-000001' },
    });
  });
});
