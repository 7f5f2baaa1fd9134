// The job cost report through the API (decision 084), on both databases, on numbers made the way the shop makes them:
// two people at different rates typing time on a job (one entry after midnight UTC, still the evening before in New
// York), a rate changed after them, stock issued to the job and part of it returned (the issue reversed), a work
// order of the job consuming components and time typed on its step, and the job's budget. The report sums each
// entry's own cost; the CSV is the screen's rows; a bad period is a 400 naming the field and changes nothing.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_COST_HEADER } from '#common/job-cost/job-cost-table.ts';
import { JOB_COST_MESSAGES } from '#common/schemas/job-cost.ts';
import { addDays, todayIn } from '#common/time/calendar.ts';
import { queryRows } from '#server/db/client.ts';
import { JOB_COST_MONDAY, jobCostClock, jobCostShopOf } from '../../../tests/setup/job-cost-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import type { TTimeClient, TTimeShop } from '../../../tests/setup/time-shop.ts';

const MONDAY = JOB_COST_MONDAY;
const TODAY = todayIn('America/New_York');
const PERIOD = `from=${addDays(TODAY, -3)}&to=${addDays(MONDAY, 6)}`;
const REPORT = '/api/v1/job-cost-report';

let t: TTestApp;
let shop: TTimeShop;
let olga: TTimeClient;
let bo: TTimeClient;
let workOrderId: string;

const admin = () => shop.admin;
const job = () => shop.jobs.open;

beforeAll(async () => {
  t = await createTestApp({ clock: jobCostClock() });
  ({ shop, olga, bo, workOrderId } = await jobCostShopOf(t));
});
afterAll(async () => {
  await t?.close();
});

describe('the report', () => {
  it('sums labor at each entry’s own cost, material issued less returned and consumed, against the budget', async () => {
    const report = await admin().ok('GET', `${REPORT}?${PERIOD}&sort=number&direction=asc`);
    expect(report).toMatchObject({ total: 2, page: 1, timeZone: 'America/New_York' });
    // The closed job has nothing in the period: it is left out; the other open job reads zeros.
    expect(report.items.map((r: { number: number }) => r.number)).toEqual([1, 2]);
    expect(report.items[0]).toEqual({
      jobId: job(),
      number: 1,
      name: 'Pump housings',
      customer: '',
      status: 'open',
      laborHours: '4.50',
      laborCost: '157.50',
      materialIssued: '5.00',
      materialConsumed: '2.20',
      maintenanceParts: '0.00',
      totalCost: '164.70',
      budgetHours: '5.00',
      budgetCost: '160.00',
      hoursVariance: '-0.50',
      hoursPercentUsed: '90.0',
      costVariance: '4.70',
      costPercentUsed: '102.9',
      overBudget: true,
    });
    expect(report.items[1]).toMatchObject({
      number: 2,
      totalCost: '0.00',
      budgetCost: null,
      overBudget: false,
    });
    expect(report.totals).toMatchObject({ laborHours: '4.50', totalCost: '164.70', budgetCost: '160.00' });
  });

  it('sorts on the server and pages', async () => {
    const byTotal = await admin().ok('GET', `${REPORT}?${PERIOD}&sort=total&direction=asc&pageSize=1&page=2`);
    expect(byTotal).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(byTotal.items.map((r: { number: number }) => r.number)).toEqual([1]);
  });

  it('counts only the period’s days in the company’s zone', async () => {
    // Day 1 in New York holds every entry (03:00 UTC on day 2 is 23:00 on day 1 there), but no posting.
    const day1 = addDays(MONDAY, 1);
    const report = await admin().ok('GET', `${REPORT}?from=${day1}&to=${day1}`);
    expect(report.items.find((r: { number: number }) => r.number === 1)).toMatchObject({
      laborHours: '4.50',
      laborCost: '157.50',
      materialIssued: '0.00',
    });
    const day2 = addDays(MONDAY, 2);
    const next = await admin().ok('GET', `${REPORT}?from=${day2}&to=${day2}`);
    expect(next.items.find((r: { number: number }) => r.number === 1)).toMatchObject({ laborHours: '0.00' });
  });

  it('draws the cumulative cost per day against the budget, from what came before the period', async () => {
    const day1 = addDays(MONDAY, 1);
    const page = await admin().ok(
      'GET',
      `${REPORT}/jobs/${job()}?from=${day1}&to=${addDays(day1, 1)}&granularity=day`,
    );
    expect(page.job).toMatchObject({ laborCost: '157.50', materialIssued: '0.00', budgetCost: '160.00' });
    // Before day 1: today's postings, 7.20 of material.
    expect(page.costBefore).toBe('7.20');
    expect(page.series).toEqual([
      { start: day1, end: day1, cost: '157.50', cumulativeCost: '164.70' },
      { start: addDays(day1, 1), end: addDays(day1, 1), cost: '0.00', cumulativeCost: '164.70' },
    ]);
  });
});

describe('the drill-down', () => {
  it('splits the job by person and by work order, down to entries and ledger lines', async () => {
    const people = await admin().ok('GET', `${REPORT}/jobs/${job()}/people?${PERIOD}`);
    expect(people.items).toEqual([
      { userId: olga.userId, name: 'Olga Clock', entries: 2, laborHours: '3.00', laborCost: '90.00' },
      { userId: bo.userId, name: 'Bo Clock', entries: 1, laborHours: '1.50', laborCost: '67.50' },
    ]);
    const orders = await admin().ok('GET', `${REPORT}/jobs/${job()}/work-orders?${PERIOD}`);
    expect(orders.items).toEqual([
      expect.objectContaining({
        workOrderId,
        partNumber: 'JCTOP',
        laborHours: '1.00',
        laborCost: '30.00',
        materialConsumed: '2.20',
        totalCost: '32.20',
      }),
    ]);
    const olgas = await admin().ok('GET', `${REPORT}/jobs/${job()}/entries?${PERIOD}&userId=${olga.userId}`);
    expect(
      olgas.items.map((e: { hours: string; rate: string; cost: string }) => [e.hours, e.rate, e.cost]),
    ).toEqual([
      ['1.00', '30', '30'],
      ['2.00', '30', '60'],
    ]);
    const lines = await admin().ok('GET', `${REPORT}/jobs/${job()}/lines?${PERIOD}&pageSize=100`);
    const costs = lines.items.map((l: { category: string; kind: string; cost: string }) => [
      l.category,
      l.kind,
      l.cost,
    ]);
    expect(costs).toHaveLength(5);
    expect(costs).toEqual(
      expect.arrayContaining([
        ['issued', 'issue', '5'],
        ['issued', 'issue', '2'],
        ['issued', 'reversal', '-2'],
        ['consumed', 'build-consume', '2'],
        ['consumed', 'build-consume', '0.2'],
      ]),
    );
    const ofOrder = await admin().ok(
      'GET',
      `${REPORT}/jobs/${job()}/lines?${PERIOD}&workOrderId=${workOrderId}`,
    );
    expect(ofOrder.total).toBe(2);
  });

  it('says 404 for a job, person or work order that is not the company’s', async () => {
    expect((await admin().send('GET', `${REPORT}/jobs/${randomUUID()}?${PERIOD}`)).statusCode).toBe(404);
    const person = await admin().send(
      'GET',
      `${REPORT}/jobs/${job()}/entries?${PERIOD}&userId=${randomUUID()}`,
    );
    expect(person.statusCode).toBe(404);
    expect(person.json().error.fieldErrors).toEqual({ userId: JOB_COST_MESSAGES.userNotFound });
  });
});

describe('the CSV', () => {
  it('holds the screen’s rows in the screen’s order, and the totals', async () => {
    const query = `${PERIOD}&sort=total&direction=desc`;
    const report = await admin().ok('GET', `${REPORT}?${query}`);
    const response = await admin().send('GET', `${REPORT}/export.csv?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const rows: string[][] = parse(response.body, { bom: true });
    expect(rows[0]).toEqual([...JOB_COST_HEADER]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['JOB-000001', 'JOB-000002', 'All jobs']);
    const first = report.items[0];
    expect(rows[1]).toEqual([
      'JOB-000001',
      'Pump housings',
      '',
      'Open',
      first.laborHours,
      first.laborCost,
      first.materialIssued,
      first.materialConsumed,
      first.maintenanceParts,
      first.totalCost,
      first.budgetHours,
      `${first.hoursPercentUsed}%`,
      first.budgetCost,
      first.costVariance,
      `${first.costPercentUsed}%`,
    ]);
  });
});

describe('refusals', () => {
  const ledger = () =>
    queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from stock_ledger`).then(
      (r) => r[0]!.n,
    );

  it('refuse a bad period naming the field, and change nothing', async () => {
    const before = await ledger();
    for (const [query, field] of [
      [`from=${TODAY}&to=${addDays(TODAY, -1)}`, 'to'],
      ['from=yesterday&to=2026-01-01', 'from'],
      [`from=${TODAY}`, 'to'],
      [`from=${TODAY}&to=${TODAY}&sort=cost`, 'sort'],
    ] as const) {
      for (const url of [`${REPORT}?${query}`, `${REPORT}/export.csv?${query}`]) {
        const response = await admin().send('GET', url);
        expect(response.statusCode, url).toBe(400);
        expect(Object.keys(response.json().error.fieldErrors), url).toContain(field);
      }
    }
    const long = await admin().send(
      'GET',
      `${REPORT}/jobs/${job()}?from=${addDays(TODAY, -400)}&to=${TODAY}&granularity=day`,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fieldErrors.from).toBe(JOB_COST_MESSAGES.tooLong.day);
    expect(await ledger()).toBe(before);
  });

  it('are admins’ only', async () => {
    expect((await olga.send('GET', `${REPORT}?${PERIOD}`)).statusCode).toBe(403);
  });
});
