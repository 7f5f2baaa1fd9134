// The job cost report's money foots as shown (decision 084, "Rounding"), on both databases: with charges of fractions
// of a cent — a four-second entry at 30/h (0.0333), a one-second one at 45/h (0.0125), a bolt at 2.003 —
// each figure is rounded once to the cent, a job's total is its rounded parts added, a work order's total its
// rounded labor and consumption added, and the report's totals its rows added: no total is a cent off its parts.
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
  // Bo (45/h) one second on job 2: 0.0125.
  await entry(built.bo.userId, shop.jobs.other, `${day1}T17:00:00.000Z`, `${day1}T17:00:01.000Z`);
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
  it('charges the fractions of a cent the test made (the exact lines and entries)', async () => {
    const entries = await shop.admin.ok('GET', `${REPORT}/jobs/${shop.jobs.open}/entries?${PERIOD}`);
    expect(entries.items.map((e: { cost: string }) => e.cost)).toContain('0.0333');
    const lines = await shop.admin.ok(
      'GET',
      `${REPORT}/jobs/${shop.jobs.open}/lines?${PERIOD}&workOrderId=${workOrderId}`,
    );
    expect(lines.items.map((l: { cost: string }) => l.cost)).toContain('2.003');
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
    expect(job2).toMatchObject({ laborCost: '0.01', totalCost: '0.01' });
    for (const row of report.items) expect(row.totalCost, row.name).toBe(partsOf(row));
  });

  it('writes the totals as the rows added (157.5333 + 0.0125 alone would round to 157.55)', async () => {
    const report = await shop.admin.ok('GET', `${REPORT}?${PERIOD}`);
    const rows: TJobCostFigures[] = report.items;
    expect(report.totals).toMatchObject({ laborCost: '157.54', totalCost: '166.74' });
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
