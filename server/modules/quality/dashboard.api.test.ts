// The Quality dashboard (decision 074) on both databases, with worked numbers: two finished inspections of a widget
// (6 units, 3 passing first time, 4 failed results, 2 checks a unit) and scrap of its work order (2 dents, 2 units
// without a code) give FPY 3/6, DPU 4/6, DPMO 4·10⁶/12 and a Pareto whose vital few are known; a gauge's ten single
// readings give an I-MR chart with known limits and a Rule 1 break named; a period with nothing is "no data", not a
// division by zero; A's item or check named by B is 404 naming the field; the CSV is the screen's table.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WESTERN_ELECTRIC_RULE_NAMES } from '#common/quality/western-electric.ts';
import { NO_DEFECT_CODE, QUALITY_DASHBOARD_MESSAGES } from '#common/schemas/quality-dashboard.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client, shopOf } from '../../../tests/setup/work-orders-shop.ts';
import { defectCode, finishedInspection, outputScrap, releasedPlan } from './dashboard-fixtures.ts';
import { inspectionResults, inspections } from './inspections.tables.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let widget: string;
let gauge: string;
let machineId: string;
let lengthCheck: string;
let boreCheck: string;
let gaugePlanIds: { planId: string; versionId: string; itemId: string };
let companyId: string;

const MARCH = 'from=2026-03-01&to=2026-03-31';
const at = (day: string) => new Date(`${day}T12:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'qa@dash.example', role: 'admin', companyName: 'Dash Works' });
  admin = client(t, cookie);
  other = client(t, await t.signIn({ email: 'eve@else-dash.example', role: 'admin', companyName: 'Else' }));
  const db = t.database.db;
  companyId = (await admin.ok('GET', '/api/v1/session')).user.companyId;
  const shop = await shopOf(t, cookie, 'QD');
  const part = await shop.item('QD-PART');
  widget = await shop.item('QD-WIDGET');
  gauge = await shop.item('QD-GAUGE');
  const { assemblyId } = await shop.released(widget, [{ componentItemId: part, quantity: '1' }]);
  const workOrder = await admin.ok('POST', '/api/v1/work-orders', { assemblyId, quantity: '5' }, 201);
  await admin.ok('PATCH', '/api/v1/company/label-config', { enableMaintenanceFeature: true });
  machineId = (await admin.ok('POST', '/api/v1/machines', { name: 'Press 1', assetTag: 'QD-P1' }, 201)).id;

  const scratch = await defectCode(db, companyId, 'SCR', 'Scratch');
  const dent = await defectCode(db, companyId, 'DNT', 'Dent');
  const burr = await defectCode(db, companyId, 'BUR', 'Burr');
  const plan = await releasedPlan(db, companyId, {
    itemId: widget,
    name: 'Final check',
    stage: 'final',
    checks: [
      { kind: 'pass_fail', name: 'Looks right' },
      { kind: 'measurement', name: 'Bore', lower: '9.9', upper: '10.1' },
    ],
  });
  const [looks, bore] = plan.checkIds as [string, string];
  boreCheck = bore;
  const ok = (value?: string) => [
    { checkId: looks, passed: true },
    { checkId: bore, passed: true, value: value ?? '10' },
  ];
  await finishedInspection(db, companyId, {
    plan,
    at: at('2026-03-02'),
    units: [
      ok('10.00'),
      [
        { checkId: looks, passed: false, defectCodeId: scratch },
        { checkId: bore, passed: true, value: '10.02' },
      ],
      [
        { checkId: looks, passed: false, defectCodeId: scratch },
        { checkId: bore, passed: false, value: '10.15', defectCodeId: burr },
      ],
      ok('9.98'),
    ],
  });
  await finishedInspection(db, companyId, {
    plan,
    at: at('2026-03-10'),
    machineId,
    units: [
      [
        { checkId: looks, passed: false, defectCodeId: dent },
        { checkId: bore, passed: true, value: '10.01' },
      ],
      ok('10.00'),
    ],
  });
  await outputScrap(db, companyId, {
    workOrderId: workOrder.id,
    quantity: '2',
    defectCodeId: dent,
    at: at('2026-03-11'),
  });
  // 1.5 units without a code: a part of a unit counts as one, so 2.
  await outputScrap(db, companyId, {
    workOrderId: workOrder.id,
    quantity: '1.5',
    defectCodeId: null,
    at: at('2026-03-12'),
  });

  const gaugePlan = await releasedPlan(db, companyId, {
    itemId: gauge,
    name: 'Length',
    stage: 'final',
    checks: [{ kind: 'measurement', name: 'Length', lower: '49', upper: '51' }],
  });
  lengthCheck = gaugePlan.checkIds[0]!;
  gaugePlanIds = gaugePlan;
  const lengths = ['50.0', '50.1', '49.9', '50.0', '50.1', '49.9', '50.0', '50.1', '49.9', '52.0'];
  for (const [n, value] of lengths.entries())
    await finishedInspection(db, companyId, {
      plan: gaugePlan,
      at: new Date(Date.parse('2026-03-20T08:00:00Z') + n * 60_000),
      units: [
        [
          {
            checkId: lengthCheck,
            passed: value !== '52.0',
            value,
            ...(value === '52.0' ? { defectCodeId: burr } : {}),
          },
        ],
      ],
    });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the dashboard of a period', () => {
  it('counts FPY, DPU and DPMO with their numerators and denominators', async () => {
    const d = await admin.ok('GET', `/api/v1/quality/dashboard?${MARCH}&itemId=${widget}`);
    expect(d.totals.fpy).toEqual({ numerator: 3, denominator: 6, value: 0.5, exact: '0.5' });
    expect(d.totals.dpu).toMatchObject({ numerator: 4, denominator: 6, exact: '0.666667' });
    expect(d.totals.dpmo).toMatchObject({ numerator: 4, denominator: 12, exact: '333333.333333' });
    expect(d.totals.inspections).toBe(2);
    // 4 failed results and 4 units of scrap.
    expect(d.totals.defects).toBe(8);
    const weeks = d.periods.map((p: { start: string; fpy: { numerator: number; denominator: number } }) => [
      p.start,
      p.fpy.numerator,
      p.fpy.denominator,
    ]);
    expect(weeks).toEqual([
      ['2026-03-01', 0, 0],
      ['2026-03-02', 2, 4],
      ['2026-03-09', 1, 2],
      ['2026-03-16', 0, 0],
      ['2026-03-23', 0, 0],
      ['2026-03-30', 0, 0],
    ]);
    expect(d.periods[0].fpy.value).toBeNull();
    expect(d.periods[2].defects).toBe(1 + 2 + 2);
    expect(d.items).toEqual([expect.objectContaining({ partNumber: 'QD-WIDGET', inspections: 2 })]);
    expect(d.machines).toEqual([expect.objectContaining({ name: 'Press 1', assetTag: 'QD-P1', defects: 1 })]);
    expect(d.machines[0].fpy).toMatchObject({ numerator: 1, denominator: 2 });
  });

  it('ranks defects by code, failed results and scrap together, with the vital few to 80 %', async () => {
    const d = await admin.ok('GET', `/api/v1/quality/dashboard?${MARCH}&itemId=${widget}`);
    const bars = d.pareto.bars.map(
      (b: { code: string; count: number; fromInspections: number; vital: boolean }) => [
        b.code,
        b.count,
        b.fromInspections,
        b.vital,
      ],
    );
    // DNT 3 (37.5 %), No code 2 (62.5 %), SCR 2 (87.5 %: reaches 80 %), BUR 1.
    expect(bars).toEqual([
      ['DNT', 3, 1, true],
      [NO_DEFECT_CODE, 2, 0, true],
      ['SCR', 2, 2, true],
      ['BUR', 1, 1, false],
    ]);
    expect(d.pareto.total).toBe(8);
    expect(d.pareto.bars[2].cumulative).toMatchObject({ numerator: 7, denominator: 8, exact: '87.5' });
    expect(d.characteristics.map((c: { name: string; readings: number }) => [c.name, c.readings])).toEqual([
      ['Bore', 6],
    ]);
  });

  it('says "no data" for a period with nothing in it, never a division by zero', async () => {
    const d = await admin.ok(
      'GET',
      '/api/v1/quality/dashboard?from=2025-01-01&to=2025-01-31&granularity=day',
    );
    expect(d.totals.fpy).toEqual({ numerator: 0, denominator: 0, value: null, exact: null });
    expect(d.totals.dpmo.value).toBeNull();
    expect(d.periods).toHaveLength(31);
    expect(d.pareto).toEqual({ bars: [], total: 0, threshold: 80 });
    expect(d.items).toEqual([]);
    expect(d.characteristics).toEqual([]);
  });

  it('refuses a bad period naming the field, and another company’s item as 404 naming itemId', async () => {
    const bad = await admin.send('GET', '/api/v1/quality/dashboard?from=2026-03-31&to=2026-03-01');
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors)).toEqual(['to']);
    for (const id of [widget, randomUUID()]) {
      const foreign = await other.send('GET', `/api/v1/quality/dashboard?${MARCH}&itemId=${id}`);
      expect(foreign.statusCode, foreign.body).toBe(404);
      expect(foreign.json().error.fieldErrors).toEqual({ itemId: QUALITY_DASHBOARD_MESSAGES.itemNotFound });
    }
    const theirs = await other.ok('GET', `/api/v1/quality/dashboard?${MARCH}`);
    expect(theirs.totals.inspections).toBe(0);
    expect(theirs.pareto.bars).toEqual([]);
  });

  it('writes each table’s CSV as the screen writes it', async () => {
    const response = await admin.send('GET', `/api/v1/quality/dashboard/export.csv?${MARCH}&table=pareto`);
    expect(response.statusCode, response.body).toBe(200);
    const rows: string[][] = parse(response.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'Code',
      'Name',
      'Defects',
      'From inspections',
      'From scrap',
      'Share',
      'Cumulative share',
      'Vital few',
    ]);
    // Both items: the gauge's out-of-limits reading is a burr too.
    expect(rows.slice(1).map((r) => [r[0], r[2], r[6], r[7]])).toEqual([
      ['DNT', '3', '33.3%', 'Yes'],
      ['BUR', '2', '55.6%', 'Yes'],
      [NO_DEFECT_CODE, '2', '77.8%', 'Yes'],
      ['SCR', '2', '100.0%', 'Yes'],
    ]);
  });
});

describe('the control chart of a measured check', () => {
  it('draws single readings as I-MR with the textbook limits and names the Western Electric break', async () => {
    const c = await admin.ok(
      'GET',
      `/api/v1/quality/dashboard/control-chart?${MARCH}&checkId=${lengthCheck}`,
    );
    expect(c.kind).toBe('i-mr');
    expect(c.points).toHaveLength(10);
    // x̄ = 50.2, MR̄ = 3.2 / 9; limits x̄ ± 2.66·MR̄.
    expect(c.centre.centre).toBeCloseTo(50.2, 6);
    expect(c.centre.upper).toBeCloseTo(50.2 + (2.66 * 3.2) / 9, 6);
    expect(c.centre.lower).toBeCloseTo(50.2 - (2.66 * 3.2) / 9, 6);
    expect(c.rangeLimits.upper).toBeCloseTo((3.267 * 3.2) / 9, 6);
    expect(c.points[9]).toMatchObject({ value: 52, inspectionNumber: expect.stringMatching(/^QI-\d{6}$/) });
    expect(c.points[9].rules).toContain(WESTERN_ELECTRIC_RULE_NAMES['beyond-3-sigma']);
    // The nine before it all lie below the centre line 50.2: the eighth and ninth in a row break Rule 4.
    const eight = WESTERN_ELECTRIC_RULE_NAMES['eight-on-one-side'];
    expect(c.points.map((p: { rules: string[] }) => p.rules.filter((r) => r === eight).length)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 1, 1, 0,
    ]);
    expect(c.capability.count).toBe(10);
    expect(c.capability.cp).toBeCloseTo(2 / (6 * (3.2 / 9 / 1.128)), 6);
  });

  it('draws readings of several units per inspection as X̄–R', async () => {
    const c = await admin.ok('GET', `/api/v1/quality/dashboard/control-chart?${MARCH}&checkId=${boreCheck}`);
    expect(c.kind).toBe('xbar-r');
    expect(c.subgroupSize).toBe(2);
    expect(c.points).toHaveLength(1);
    expect(c.leftOut).toBe(1);
    expect(c.noLimits).toBe('too-few-points');
  });

  it('is 404 naming checkId for another company’s check, and its CSV holds the screen’s rows', async () => {
    const foreign = await other.send(
      'GET',
      `/api/v1/quality/dashboard/control-chart?${MARCH}&checkId=${lengthCheck}`,
    );
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().error.fieldErrors).toEqual({ checkId: QUALITY_DASHBOARD_MESSAGES.checkNotFound });
    const response = await admin.send(
      'GET',
      `/api/v1/quality/dashboard/control-chart/export.csv?${MARCH}&checkId=${lengthCheck}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const rows: string[][] = parse(response.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'Inspection',
      'Date',
      'Reading (mm)',
      'Moving range',
      'Western Electric rules broken',
    ]);
    expect(rows).toHaveLength(11);
    expect(rows[10]![2]).toBe('52');
    expect(rows[10]![4]).toBe(WESTERN_ELECTRIC_RULE_NAMES['beyond-3-sigma']);
  });

  it('leaves out an inspection still open: its subgroup is not complete until it finishes', async () => {
    const id = randomUUID();
    const db = t.database.db;
    await db.insert(inspections).values({
      id,
      companyId,
      number: 9001,
      planId: gaugePlanIds.planId,
      planVersionId: gaugePlanIds.versionId,
      stage: 'final',
      itemId: gaugePlanIds.itemId,
      lotSize: '2',
      sampleSize: 2,
      startedBy: 'test',
      startedAt: at('2026-03-25'),
    });
    await db.insert(inspectionResults).values({
      id: randomUUID(),
      companyId,
      inspectionId: id,
      checkId: lengthCheck,
      unitNo: 1,
      passed: true,
      value: '50.5',
      recordedBy: 'test',
      recordedAt: at('2026-03-25'),
    });
    const c = await admin.ok(
      'GET',
      `/api/v1/quality/dashboard/control-chart?${MARCH}&checkId=${lengthCheck}`,
    );
    expect(c.points).toHaveLength(10);
    expect(c.subgroups).toBe(10);
    const d = await admin.ok('GET', `/api/v1/quality/dashboard?${MARCH}&granularity=week&itemId=${gauge}`);
    expect(d.characteristics.map((k: { name: string; readings: number }) => [k.name, k.readings])).toEqual([
      ['Length', 10],
    ]);
  });
});
