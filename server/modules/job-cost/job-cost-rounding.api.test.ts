// The job cost report's money foots as shown (decision 084, "Rounding"), on both databases: with charges of fractions
// of a cent — a four-second entry at 30/h (0.0333), three one-second ones at 45/h (0.0125 each), a bolt at 2.003 —
// each charge counts to the cent (0.03, 0.01, 2.00), a job's total is its parts added, a work order's total its
// labor and consumption added, the report's totals its rows added, and a job's drill-down rows add up to its
// figures: no total is a cent off what is shown under it.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromScaled, toScaled } from '#common/decimal.ts';
import { JOB_COST_HEADER } from '#common/job-cost/job-cost-table.ts';
import type { TJobCostFigures } from '#common/schemas/job-cost.ts';
import { addDays, todayIn } from '#common/time/calendar.ts';
import { queryRows } from '#server/db/client.ts';
import { JOB_COST_MONDAY, jobCostClock, jobCostShopOf } from '../../../tests/setup/job-cost-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import type { TTimeShop } from '../../../tests/setup/time-shop.ts';

const MONDAY = JOB_COST_MONDAY;
const PERIOD = `from=${addDays(todayIn('America/New_York'), -3)}&to=${addDays(MONDAY, 6)}`;
const REPORT = '/api/v1/job-cost-report';

let t: TTestApp;
let shop: TTimeShop;
let workOrderId: string;

/** The sum of money texts as the report writes money ("157.53" + "0.01" = "157.54", "2.20" + "3" = "5.20"). */
function added(...values: string[]): string {
  const [whole, fraction = ''] = fromScaled(
    values.reduce((sum, v) => sum + toScaled(v, 2), 0n),
    2,
  ).split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}
const partsOf = (f: TJobCostFigures) =>
  added(f.laborCost, f.materialIssued, f.materialConsumed, f.maintenanceParts);

beforeAll(async () => {
  t = await createTestApp({ clock: jobCostClock() });
  const built = await jobCostShopOf(t);
  ({ shop, workOrderId } = built);
  const admin = shop.admin;
  const [run] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from work_order_step_runs where work_order_id = ${workOrderId}`,
  );
  const entry = (userId: string, jobId: string, from: string, to: string, extra: object = {}) =>
    admin.ok(
      'POST',
      '/api/v1/time/entries',
      { userId, jobId, startedAt: from, endedAt: to, reason: 'Typed from the sheet', ...extra },
      201,
    );
  // Olga (30/h) four seconds on the work order's step: 0.0333 of labor, on job 1 and its work order.
  const day1 = addDays(MONDAY, 1);
  await entry(built.olga.userId, shop.jobs.open, `${day1}T20:00:00.000Z`, `${day1}T20:00:04.000Z`, {
    stepRunId: run!.id,
  });
  // Bo (45/h) one second on job 2, three times: 0.0125 each, 0.01 to the cent; 0.0375 exact would be 0.04.
  for (const [from, to] of [
    ['00', '01'],
    ['10', '11'],
    ['20', '21'],
  ])
    await entry(built.bo.userId, shop.jobs.other, `${day1}T17:00:${from}.000Z`, `${day1}T17:00:${to}.000Z`);
  // The bolt's cost set to 2.003, and one more consumed by the work order beyond its plan: 2.003 of material.
  await admin.ok('PATCH', `/api/v1/items/${built.floor.items.bolt}`, { unitCost: '2.003' });
  await admin.ok(
    'POST',
    `/api/v1/work-orders/${workOrderId}/consumptions`,
    {
      idempotencyKey: randomUUID(),
      code: 'JCB-1',
      quantity: '1',
      locationId: built.floor.bin,
      reason: 'A bolt sheared',
    },
    201,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('rounding', () => {
  it('charges each entry and line to the cent (0.0333 of labor as 0.03, a bolt at 2.003 as 2.00)', async () => {
    const entries = await shop.admin.ok('GET', `${REPORT}/jobs/${shop.jobs.open}/entries?${PERIOD}`);
    const olgas = `${addDays(MONDAY, 1)}T20:00:00.000Z`;
    expect(entries.items.find((e: { startedAt: string }) => e.startedAt === olgas)).toMatchObject({
      cost: '0.03',
    });
    const lines = await shop.admin.ok(
      'GET',
      `${REPORT}/jobs/${shop.jobs.open}/lines?${PERIOD}&workOrderId=${workOrderId}`,
    );
    expect(lines.items).toContainEqual(expect.objectContaining({ unitCost: '2.003', cost: '2' }));
  });

  it('adds a job’s drill-down rows up to its figures, where rounding the exact sum would not (0.0375 → 0.04)', async () => {
    const report = await shop.admin.ok('GET', `${REPORT}?${PERIOD}`);
    for (const job of report.items as Array<TJobCostFigures & { jobId: string; name: string }>) {
      const base = `${REPORT}/jobs/${job.jobId}`;
      const people = await shop.admin.ok('GET', `${base}/people?${PERIOD}`);
      const entries = await shop.admin.ok('GET', `${base}/entries?${PERIOD}&pageSize=100`);
      const lines = await shop.admin.ok('GET', `${base}/lines?${PERIOD}&pageSize=100`);
      expect(added(...people.items.map((p: { laborCost: string }) => p.laborCost)), job.name).toBe(
        job.laborCost,
      );
      expect(added(...entries.items.map((e: { cost: string }) => e.cost)), job.name).toBe(job.laborCost);
      const linesOf = (category: string) =>
        added(
          ...lines.items
            .filter((l: { category: string }) => l.category === category)
            .map((l: { cost: string }) => l.cost),
        );
      expect(linesOf('issued'), job.name).toBe(job.materialIssued);
      expect(linesOf('consumed'), job.name).toBe(job.materialConsumed);
    }
    const other = report.items.find((r: { jobId: string }) => r.jobId === shop.jobs.other);
    expect(other).toMatchObject({ laborCost: '0.03', totalCost: '0.03' });
  });

  it('writes a job’s total as its rounded parts added, and works variance and percent used out from it', async () => {
    const report = await shop.admin.ok('GET', `${REPORT}?${PERIOD}&sort=number&direction=asc`);
    const [job1, job2] = report.items;
    // Exact: 157.5333 + 5 + 4.203 = 166.7363, which alone would round to 166.74.
    expect(job1).toMatchObject({
      laborCost: '157.53',
      materialIssued: '5.00',
      materialConsumed: '4.20',
      totalCost: '166.73',
      costVariance: '6.73',
      costPercentUsed: '104.2',
    });
    expect(job2).toMatchObject({ laborCost: '0.03', totalCost: '0.03' });
    for (const row of report.items) expect(row.totalCost, row.name).toBe(partsOf(row));
  });

  it('writes the totals as the rows added', async () => {
    const report = await shop.admin.ok('GET', `${REPORT}?${PERIOD}`);
    const rows: TJobCostFigures[] = report.items;
    expect(report.totals).toMatchObject({ laborCost: '157.56', totalCost: '166.76' });
    for (const key of [
      'laborCost',
      'materialIssued',
      'materialConsumed',
      'maintenanceParts',
      'totalCost',
    ] as const)
      expect(report.totals[key], key).toBe(added(...rows.map((r) => r[key])));
    expect(report.totals.totalCost).toBe(partsOf(report.totals));
  });

  it('shows a job’s page with its list row’s figures', async () => {
    const report = await shop.admin.ok('GET', `${REPORT}?${PERIOD}`);
    const row = report.items.find((r: { jobId: string }) => r.jobId === shop.jobs.open);
    const page = await shop.admin.ok('GET', `${REPORT}/jobs/${shop.jobs.open}?${PERIOD}`);
    expect(page.job).toEqual(row);
  });

  it('writes a work order’s total as its rounded labor and consumption added', async () => {
    const orders = await shop.admin.ok('GET', `${REPORT}/jobs/${shop.jobs.open}/work-orders?${PERIOD}`);
    // Exact: 30.0333 + 4.203 = 34.2363, which alone would round to 34.24.
    expect(orders.items).toEqual([
      expect.objectContaining({ laborCost: '30.03', materialConsumed: '4.20', totalCost: '34.23' }),
    ]);
  });

  it('writes the CSV’s totals row as the rows added', async () => {
    const response = await shop.admin.send('GET', `${REPORT}/export.csv?${PERIOD}`);
    const rows: string[][] = parse(response.body, { bom: true });
    const jobs = rows.slice(1, -1);
    for (const header of ['Labor cost', 'Material issued', 'Material consumed', 'Total cost'] as const) {
      const column = JOB_COST_HEADER.indexOf(header);
      expect(rows.at(-1)?.[column], header).toBe(added(...jobs.map((r) => r[column]!)));
    }
  });
});
