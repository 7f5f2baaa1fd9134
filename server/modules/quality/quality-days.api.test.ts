// The dashboard's day sums (decision 074 "Day sums") on both databases: inspections finished through the API, two of
// them at once on the same cell, leave sums equal to a rebuild from the inspections, and the dashboard reads them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionShopOf, inspectorOf } from '../../../tests/setup/inspection-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { companyTimeZone, companyToday } from '../companies/company-clock.ts';
import { planFixture } from './inspection-fixtures.ts';
import { rebuildQualityDays } from './quality-days.repo.ts';

let t: TTestApp;
let shop: Awaited<ReturnType<typeof inspectionShopOf>>;
let operator: ReturnType<typeof inspectorOf>;
let code: string;
let item: string;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@days.example', role: 'admin', companyName: 'Day Sums Works' });
  operator = inspectorOf(t, cookie);
  shop = await inspectionShopOf(t, cookie, 'D');
  code = await shop.defectCode('BUR');
  item = await shop.item('SHAFT');
  await planFixture(t.database.db, shop.companyId, {
    itemId: item,
    stage: 'receipt',
    name: 'Incoming look',
    sampling: 'fixed',
    sampleCount: 2,
    checks: [
      { kind: 'pass_fail', name: 'Burrs' },
      { kind: 'pass_fail', name: 'Marks' },
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

/** The company's cells without their ids, in a stable order. */
async function cells() {
  const c = shop.companyId;
  const days = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select day::text, item_id, step_id, machine_id, inspections, units, passed, defects, opportunities::int
          from inspection_days where company_id = ${c} order by day, item_id`,
  );
  const defects = await queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select day::text, item_id, defect_code_id, failures
          from inspection_day_defects where company_id = ${c} order by day, item_id`,
  );
  return { days, defects };
}

describe('the day sums', () => {
  it('gain each finished inspection, two finishes at once included, and agree with a rebuild', async () => {
    const ids: string[] = [];
    for (const lot of ['L1', 'L2', 'L3'])
      ids.push((await shop.receive(item, '5', lot)).heldForInspection[0].inspectionId);
    const [clean, once, twice] = ids as [string, string, string];
    await operator.recordAll(clean, code);
    await operator.recordAll(once, code, { 0: [1] });
    await operator.recordAll(twice, code, { 0: [1], 1: [1, 2] });
    const together = await Promise.all([operator.finish(once), operator.finish(twice)]);
    expect(together.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await operator.finish(clean)).statusCode).toBe(200);

    const kept = await cells();
    const sum = (key: string) => kept.days.reduce((n, r) => n + Number(r[key]), 0);
    // Three inspections of two units and two checks: 6 units, 3 of them defective (one, then two), 4 failed results
    // (one, then three), 12 opportunities.
    expect([sum('inspections'), sum('units'), sum('passed'), sum('defects'), sum('opportunities')]).toEqual([
      3, 6, 3, 4, 12,
    ]);
    expect(kept.defects.reduce((n, r) => n + Number(r.failures), 0)).toBe(4);
    expect(new Set(kept.defects.map((r) => r.defect_code_id))).toEqual(new Set([code]));

    const db = t.database.db;
    await db.transaction(async (tx) =>
      rebuildQualityDays(tx as never, shop.companyId, await companyTimeZone(tx as never, shop.companyId)),
    );
    expect(await cells()).toEqual(kept);

    const today = await companyToday(db, shop.companyId);
    const dashboard = await operator.ok(
      'GET',
      `/api/v1/quality/dashboard?from=${today}&to=${today}&granularity=day`,
    );
    expect(dashboard.totals.fpy).toMatchObject({ numerator: 3, denominator: 6 });
  });
});
