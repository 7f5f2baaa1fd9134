// The demo seed: builds "Demo Manufacturing" and its shop once, and running it again changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMaintenanceReportQuerySchema } from '#common/schemas/maintenance-logs.ts';
import { ZProductionReportQuerySchema } from '#common/schemas/production-report.ts';
import { ZControlChartQuerySchema, ZQualityDashboardQuerySchema } from '#common/schemas/quality-dashboard.ts';
import { addDays, startOfWeek, todayIn } from '#common/time/calendar.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { systemActor } from '../../modules/audit/audit.ts';
import { productionReport } from '../../modules/build/production-report.service.ts';
import { getLabelConfig } from '../../modules/companies/companies.service.ts';
import { maintenanceReport } from '../../modules/maintenance/logs.service.ts';
import { controlChart } from '../../modules/quality/control-chart.service.ts';
import { qualityDashboard } from '../../modules/quality/dashboard.service.ts';
import { queryRows } from '../client.ts';
import { tenantFor } from '../tenant.ts';
import { DEMO_ACCOUNTS, DEMO_COMPANY_NAME, DEMO_PASSWORD, seedDemo, type TSeedReport } from './demo.ts';
import { DEMO_HOLD_REASON } from './demo-quality.ts';

// Seeding builds a whole shop (a few hundred items, four months of postings, 16 weeks of Build and Maintenance):
// done once per database, in beforeAll.
let t: TTestApp;
let first: TSeedReport;
beforeAll(async () => {
  t = await createTestApp();
  first = await seedDemo(t.database.db);
}, 180_000);
/** The Monday the full demo's 16 weeks of history begin, in the company's zone. */
const historyStart = () => addDays(startOfWeek(todayIn('America/New_York')), -7 * 16);

afterAll(async () => {
  await t?.close();
});

describe('demo seed', () => {
  it('creates demo accounts that log in through the real sign-in with the printed password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const csrf = 'c3'.repeat(32);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        payload: { email: account.email, password: DEMO_PASSWORD, csrfToken: csrf },
        headers: { origin: TEST_APP_URL, cookie: `fb_csrf=${csrf}` },
      });
      expect(response.statusCode, account.email).toBe(200);
      expect(response.json().user).toMatchObject({ role: account.role, company: DEMO_COMPANY_NAME });
    }
  });

  it('creates Demo Manufacturing with every area on, then leaves it alone when run again', async () => {
    const { db } = t.database;
    expect(first.company).toMatchObject({ name: 'Demo Manufacturing', created: true });
    expect(first.accounts.map((a) => a.created)).toEqual([true, true]);
    expect(first.inventory).not.toBeNull();

    const ledgerRows = async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from stock_ledger`))[0]!.n;
    const ledgerBefore = await ledgerRows();
    const second = await seedDemo(db);
    expect(second.company).toEqual({ ...first.company, created: false });
    expect(second.accounts.map((a) => a.created)).toEqual([false, false]);
    expect(second.inventory).toBeNull();
    expect(second.build).toBeNull();
    expect(second.maintenance).toBeNull();
    expect(second.time).toBeNull();
    expect(await ledgerRows()).toBe(ledgerBefore);

    const rows = await queryRows<{ name: string }>(db, sql`select name from companies`);
    expect(rows).toEqual([{ name: 'Demo Manufacturing' }]);
    const config = await getLabelConfig(
      tenantFor(db, { companyId: first.company.id, userId: 'test', role: 'user' }, systemActor('test')),
    );
    expect(config).toMatchObject({
      enableBuildFeature: true,
      enableQualityFeature: true,
      enableInventoryFeature: true,
      enableTimeFeature: true,
      enableMaintenanceFeature: true,
    });
  });

  it('builds a believable shop once: a few hundred items in a location tree, lots, and four months of movements that add up', async () => {
    const { db } = t.database;
    expect(first.inventory).toMatchObject({ postings: expect.any(Number) });
    const [shape] = await queryRows<{
      items: number;
      categories: number;
      sites: number;
      bins: number;
      lots: number;
      lots_expiring: number;
      postings: number;
      kinds: string;
      first: string;
      last: string;
      low: number;
    }>(
      db,
      sql`select (select count(*)::int from items) as items,
                 (select count(distinct category)::int from items) as categories,
                 (select count(*)::int from locations where kind = 'site') as sites,
                 (select count(*)::int from locations where kind = 'bin') as bins,
                 (select count(*)::int from lots) as lots,
                 (select count(*)::int from lots where expires_on is not null) as lots_expiring,
                 (select count(*)::int from stock_transactions) as postings,
                 (select string_agg(distinct kind, ',' order by kind) from stock_transactions) as kinds,
                 (select min(posted_at)::text from stock_transactions) as first,
                 (select max(posted_at)::text from stock_transactions) as last,
                 (select count(*)::int from items i
                   where i.reorder_point > 0
                     and coalesce((select sum(quantity) from stock_balances b where b.item_id = i.id), 0)
                         <= i.reorder_point) as low`,
    );
    expect(shape!.items).toBeGreaterThanOrEqual(200);
    expect(shape!.items).toBeLessThanOrEqual(500); // within the beta plan's SKU limit
    expect(shape!.categories).toBeGreaterThanOrEqual(8);
    expect(shape!.sites).toBe(2);
    expect(shape!.bins).toBe(24);
    expect(shape!.lots).toBeGreaterThan(100);
    expect(shape!.lots_expiring).toBeGreaterThan(20);
    expect(shape!.postings).toBeGreaterThan(500);
    // Scrap and return to supplier: the Quality history's dispositions (decision 073).
    expect(shape!.kinds).toBe(
      'adjust,build-consume,build-output,count,issue,move,receive,return-to-supplier,scrap',
    );
    const spanDays = (Date.parse(shape!.last) - Date.parse(shape!.first)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(100);
    expect(Date.parse(shape!.last)).toBeLessThanOrEqual(Date.now());
    // Something to reorder, but not everything.
    expect(shape!.low).toBeGreaterThan(0);
    expect(shape!.low).toBeLessThan(shape!.items / 2);
    // Every balance is the sum of its ledger, and nothing is negative.
    const disagreeing = await queryRows<{ id: string }>(
      db,
      sql`select b.id from stock_balances b
            left join stock_ledger l on l.item_id = b.item_id and l.location_id = b.location_id
                                    and l.lot_id is not distinct from b.lot_id
           group by b.id, b.quantity
          having b.quantity <> coalesce(sum(l.quantity_delta), 0) or b.quantity < 0`,
    );
    expect(disagreeing).toEqual([]);
    // A count posted (its one difference adjusted through the ledger) and one under way, half counted.
    const counts = await queryRows<{ status: string; lines: number; counted: number }>(
      db,
      sql`select s.status, count(l.id)::int as lines, count(l.counted_quantity)::int as counted
            from count_sessions s join count_lines l on l.session_id = s.id
           group by s.id, s.status order by s.status`,
    );
    expect(counts.map((c) => c.status)).toEqual(['counting', 'posted']);
    expect(counts[0]!.counted).toBeGreaterThan(0);
    expect(counts[0]!.counted).toBeLessThan(counts[0]!.lines);
    expect(counts[1]!.counted).toBe(counts[1]!.lines);
  });

  it('shows Build as a shop runs it: an order planned through both levels, harnesses built at what they took', async () => {
    const { db } = t.database;
    expect(first.build).toEqual({ assemblies: 2, workOrders: 2, completedHistory: 32 });
    // Today's order of 3 control boxes: its harnesses built and put away, its boxes on the floor.
    const tree = await queryRows<{ part: string; status: string; parent: string | null; output: string }>(
      db,
      sql`select i.part_number as part, w.status, p.part_number as parent, w.output_value::text as output
            from work_orders w
            join assemblies a on a.id = w.assembly_id join items i on i.id = a.item_id
            left join work_orders pw on pw.id = w.parent_work_order_id
            left join assemblies pa on pa.id = pw.assembly_id left join items p on p.id = pa.item_id
           where w.quantity = 3
           order by i.part_number`,
    );
    // The harnesses carry what they took: 4.95 m of wire × 0.35 + 12 terminals × 0.22 = 4.3725 (both backflushed at
    // the first step's finish), plus setup 10 + run 6 × 3 minutes at the blended rate of the operator's 32/h and the
    // admin's 48/h, 40/h = 18.6667.
    expect(tree).toEqual([
      { part: 'FG-100', status: 'in_progress', parent: null, output: '0.0000' },
      { part: 'SA-200', status: 'completed', parent: 'FG-100', output: '23.0392' },
    ]);
    const [harness] = await queryRows<{ on_hand: string; reserved: string }>(
      db,
      sql`select i.on_hand::text,
                 (select sum(quantity - consumed - awaiting)::text from work_order_reservations r
                   where r.item_id = i.id and r.released_at is null) as reserved
            from items i where i.part_number = 'SA-200'`,
    );
    // Three for the order's boxes, and two built today to revision 2 with their continuity test inspected.
    expect(harness).toEqual({ on_hand: '5.000000', reserved: '3.000000' });
    // The box on the floor took its enclosures and boards by scan; its screws wait for the last step's backflush.
    const taken = await queryRows<{ part: string; quantity: string }>(
      db,
      sql`select i.part_number as part, sum(c.quantity)::text as quantity
            from work_order_consumptions c join items i on i.id = c.item_id
            join work_orders w on w.id = c.work_order_id
           where w.status = 'in_progress' group by i.part_number order by i.part_number`,
    );
    expect(taken).toEqual([
      { part: 'RM-1', quantity: '3.000000' },
      { part: 'RM-5', quantity: '3.000000' },
    ]);
  });

  it('has work orders and orders in every state, and weeks of completed work for the production report', async () => {
    const { db } = t.database;
    const states = async (table: 'work_orders' | 'build_orders') =>
      (
        await queryRows<{ status: string }>(
          db,
          sql`select distinct status from ${sql.raw(table)} order by status`,
        )
      ).map((r) => r.status);
    expect(await states('work_orders')).toEqual([
      'cancelled',
      'completed',
      'in_progress',
      'planned',
      'released',
    ]);
    expect(await states('build_orders')).toEqual(['cancelled', 'done', 'draft', 'in_progress', 'open']);

    const admin = tenantFor(
      db,
      { companyId: first.company.id, userId: 'test', role: 'admin' },
      systemActor('test'),
    );
    const today = todayIn('America/New_York');
    const report = await productionReport(
      admin,
      ZProductionReportQuerySchema.parse({ from: historyStart(), to: today, granularity: 'week' }),
    );
    // Every one of the 16 weeks has its harnesses and its boxes (today's two harness work orders make 34), with scrap
    // and minutes.
    expect(report.totals.completed).toBe(34);
    expect(report.periods.length).toBeGreaterThanOrEqual(16);
    expect(report.items.map((a) => a.partNumber)).toEqual(['FG-100', 'SA-200']);
    expect(Number(report.totals.scrapQuantity)).toBeGreaterThan(0);
    expect(report.scrapReasons.length).toBeGreaterThan(0);
    expect(Number(report.totals.actualMinutesPerUnit)).toBeGreaterThan(0);
    expect(report.totals.late).toBeGreaterThan(0);
    expect(report.totals.onTime).toBeGreaterThan(report.totals.late);
    // Dated in the past, never ahead of the seed's now.
    const [span] = await queryRows<{ first: string; last: string }>(
      db,
      sql`select min(completed_at)::text as first, max(completed_at)::text as last
            from work_orders where status = 'completed'`,
    );
    expect(Date.parse(span!.last)).toBeLessThanOrEqual(Date.now());
    expect((Date.now() - Date.parse(span!.first)) / 86_400_000).toBeGreaterThan(7 * 15);
    // Each completed work order's material cost is what its consumptions cost in the ledger.
    const disagreeing = await queryRows<{ id: string }>(
      db,
      sql`select w.id from work_orders w
            left join work_order_consumptions c on c.work_order_id = w.id
           where w.status = 'completed'
           group by w.id, w.material_cost
          having w.material_cost <> round(coalesce(sum(c.quantity * c.unit_cost), 0), 4)`,
    );
    expect(disagreeing).toEqual([]);
  });

  it('shows Maintenance with months of history: machines, calendar and meter plans done, breakdowns for MTBF and MTTR', async () => {
    const { db } = t.database;
    expect(first.maintenance).toMatchObject({ machines: 4, plans: 4, breakdowns: 8 });
    expect(first.maintenance!.pmsDone).toBeGreaterThan(20);
    const [shape] = await queryRows<{
      calendar_plans: number;
      meter_plans: number;
      open: number;
      done: number;
      resolved: number;
      reported: number;
      down: string;
      repair_within_downtime: boolean;
      mill_reading: string;
    }>(
      db,
      sql`select (select count(*)::int from maintenance_plans where calendar_every is not null) as calendar_plans,
                 (select count(*)::int from maintenance_plans where meter_every_hours is not null) as meter_plans,
                 (select count(*)::int from maintenance_occurrences where status = 'open') as open,
                 (select count(*)::int from maintenance_occurrences where status = 'completed') as done,
                 (select count(*)::int from breakdowns where status = 'resolved') as resolved,
                 (select count(*)::int from breakdowns where status = 'reported') as reported,
                 (select string_agg(asset_tag, ',') from machines where status = 'down') as down,
                 (select bool_and(repair_minutes * interval '1 minute' <= resolved_at - reported_at)
                    from breakdowns where status = 'resolved') as repair_within_downtime,
                 (select meter_reading::text from machines where asset_tag = 'M-102') as mill_reading`,
    );
    expect(shape).toMatchObject({
      calendar_plans: 3,
      meter_plans: 1,
      open: 4,
      resolved: 7,
      reported: 1,
      down: 'M-102',
      repair_within_downtime: true,
    });
    expect(shape!.done).toBe(first.maintenance!.pmsDone);
    expect(Number(shape!.mill_reading)).toBeGreaterThan(400);

    const admin = tenantFor(
      db,
      { companyId: first.company.id, userId: 'test', role: 'admin' },
      systemActor('test'),
    );
    const today = todayIn('America/New_York');
    const report = await maintenanceReport(
      admin,
      ZMaintenanceReportQuerySchema.parse({ from: historyStart(), to: today }),
      new Date(),
    );
    expect(report.totals).toMatchObject({ failures: 8, repairs: 7 });
    expect(report.totals.pmsDone).toBe(first.maintenance!.pmsDone);
    expect(Number(report.totals.mtbfHours)).toBeGreaterThan(0);
    expect(Number(report.totals.mttrHours)).toBeGreaterThan(0);
    expect(Number(report.totals.compliancePercent)).toBeGreaterThan(50);
  });

  it('shows Quality with weeks of history: released plans, inspections passed and failed, NCs in each status, a control chart', async () => {
    const { db } = t.database;
    expect(first.quality.history).toMatchObject({ plans: 3, inspections: 33, failed: 7, nonconformances: 8 });
    const plans = await queryRows<{
      stage: string;
      sampling: string;
      status: string;
      required: boolean | null;
    }>(
      db,
      sql`select p.stage, v.sampling, v.status,
                 (select bool_and(c.required) from assembly_step_checks c where c.plan_id = p.id) as required
            from inspection_plans p join inspection_plan_versions v on v.plan_id = p.id order by p.stage, v.sampling`,
    );
    expect(plans).toEqual([
      { stage: 'receipt', sampling: 'aql', status: 'released', required: null },
      { stage: 'receipt', sampling: 'fixed', status: 'released', required: null },
      { stage: 'step', sampling: 'all', status: 'released', required: true },
    ]);
    const states = async (sqlText: ReturnType<typeof sql>) =>
      (await queryRows<{ s: string }>(db, sqlText)).map((r) => r.s);
    expect(
      await states(sql`select distinct status || ' ' || stage as s from inspections order by 1`),
    ).toEqual(['failed receipt', 'open receipt', 'passed receipt', 'passed step']);
    expect(await states(sql`select distinct status as s from nonconformances order by 1`)).toEqual([
      'closed',
      'dispositioned',
      'open',
    ]);
    expect(await states(sql`select distinct disposition as s from nc_dispositions order by 1`)).toEqual([
      'return_to_supplier',
      'scrap',
      'use_as_is',
    ]);
    // Closed by someone other than its opener; the inspections dated over the weeks, never ahead of now.
    const [dates] = await queryRows<{ own: number; first: string; last: string }>(
      db,
      sql`select (select count(*)::int from nonconformances where closed_by = opened_by) as own,
                 min(finished_at)::text as first, max(finished_at)::text as last from inspections`,
    );
    expect(dates!.own).toBe(0);
    expect((Date.now() - Date.parse(dates!.first)) / 86_400_000).toBeGreaterThan(7 * 14);
    expect(Date.parse(dates!.last)).toBeLessThanOrEqual(Date.now());

    const admin = tenantFor(
      db,
      { companyId: first.company.id, userId: 'test', role: 'admin' },
      systemActor('test'),
    );
    const period = { from: historyStart(), to: todayIn('America/New_York') };
    const board = await qualityDashboard(
      admin,
      ZQualityDashboardQuerySchema.parse({ ...period, granularity: 'week' }),
    );
    expect(board.totals.inspections).toBe(33);
    expect(board.totals.fpy.value).toBeGreaterThan(0.5);
    expect(board.totals.fpy.value).toBeLessThan(1);
    expect(board.pareto.bars.map((b) => b.code)).toEqual(
      expect.arrayContaining(['DIM-OOT', 'SURF-SCR', 'CRACK']),
    );
    expect(board.periods.filter((p) => p.inspections > 0).length).toBeGreaterThanOrEqual(16);
    const diameter = board.characteristics.find((c) => c.name === 'Bar diameter');
    expect(diameter?.readings).toBe(16 * 9);
    const chart = await controlChart(
      admin,
      ZControlChartQuerySchema.parse({ ...period, checkId: diameter!.checkId }),
    );
    expect(chart.kind).toBe('xbar-r');
    expect(chart.points).toHaveLength(16);
    expect(chart.noLimits).toBeNull();
    const [over] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from inspection_results where confirmed and not passed and value > 25.05`,
    );
    expect(over!.n).toBeGreaterThan(0);
  });

  it('has suppliers that purchase orders name, defect codes, and lots on hold with a reason', async () => {
    const { db } = t.database;
    expect(first.suppliers).toBe(5);
    expect(first.quality.defectCodes).toBe(6);
    const [named] = await queryRows<{ receipts: number; lots: number; opening: number }>(
      db,
      sql`select (select count(*)::int from stock_transactions where kind = 'receive' and supplier_id is not null
                     and reference like 'PO-%') as receipts,
                 (select count(*)::int from lots where supplier_id is not null) as lots,
                 (select count(*)::int from stock_transactions where kind = 'receive' and supplier_id is not null
                     and reference not like 'PO-%') as opening`,
    );
    expect(named!.receipts).toBeGreaterThan(10);
    expect(named!.lots).toBeGreaterThan(0);
    expect(named!.opening).toBe(0);
    const held = await queryRows<{ lot_number: string; hold_reason: string; held: string; supplier: string }>(
      db,
      sql`select l.lot_number, l.hold_reason, s.code as supplier,
                 (select sum(b.quantity) from stock_balances b where b.lot_id = l.id)::text as held
            from lots l join suppliers s on s.id = l.supplier_id
           where l.on_hold order by l.lot_number`,
    );
    // The mill's notice, and this week's heat awaiting its receipt inspection (every failed lot was dispositioned).
    expect(held.map((h) => [h.lot_number, h.hold_reason])).toEqual([
      ['HT-24720', 'Awaiting receipt inspection (Incoming 25 mm bar)'],
      [first.quality.heldLot!.lotNumber, DEMO_HOLD_REASON],
    ]);
    expect(held.every((h) => Number(h.held) > 0)).toBe(true);
    const history = await queryRows<{ action: string }>(
      db,
      sql`select action from lot_holds where lot_id = ${first.quality.heldLot!.id}`,
    );
    expect(history).toEqual([{ action: 'hold' }]);
    // Run again, nothing more is made or held.
    const again = await seedDemo(db);
    expect(again.suppliers).toBe(0);
    expect(again.quality).toEqual({ defectCodes: 0, heldLot: null, history: null });
  });

  it("gives its people weeks of time on the open jobs, costed at each one's rate, the oldest week approved", async () => {
    const { db } = t.database;
    expect(first.time).toMatchObject({ approvedWeeks: 1 });
    expect(first.time!.entries).toBeGreaterThan(30);
    const people = await queryRows<{
      email: string;
      entries: number;
      typed: number;
      rates: string;
      jobs: number;
    }>(
      db,
      sql`select u.email, count(*)::int as entries, count(*) filter (where te.source = 'manual')::int as typed,
                 string_agg(distinct te.rate::text, ',') as rates, count(distinct te.job_id)::int as jobs
            from time_entries te join users u on u.id = te.user_id
           where te.ended_at is not null and te.cost is not null
           group by u.email order by u.email`,
    );
    // Each one's rate has been in force since the demo's history began: the admin's 48, the operator's 32.
    expect(people).toMatchObject([
      { email: 'admin@demo.forgeboard.test', typed: 0, rates: '48.00', jobs: 1 },
      { email: 'operator@demo.forgeboard.test', rates: '32.00', jobs: 2 },
    ]);
    expect(people[1]!.typed).toBeGreaterThan(0);
    const [running] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from time_entries where ended_at is null`,
    );
    expect(running!.n).toBe(0);
    const approved = await queryRows<{ week_start: string }>(
      db,
      sql`select week_start::text from time_week_approvals`,
    );
    expect(approved).toEqual([{ week_start: addDays(startOfWeek(todayIn('America/New_York')), -21) }]);
  });
});
