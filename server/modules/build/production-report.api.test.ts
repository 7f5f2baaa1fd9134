// The production report through the API (decision 052), on numbers made the way the floor makes them: work orders
// created, released, their steps started and finished, output and scrap recorded with reasons and completed through
// the API, at chosen moments of the company's clock (the completion's time is the server's clock, set for the one
// request; a step's minutes are its started_at moved back, as if the operator had started it that long before).
// The company is in New York: 23:30 on 9 March is 03:30 UTC on the 10th, and counts on the 9th; a company in Tokyo
// counts the same instant on its own day. Bad filters are refused naming the field; the CSV holds the screen's texts.
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRODUCTION_REPORT_MESSAGES } from '#common/schemas/production-report.ts';
import { queryRows } from '#server/db/client.ts';
import { createCompany } from '#server/db/seed/factories.ts';
import { floorShopOf, type TClient, type TFloorShop } from '../../../tests/setup/shop-floor.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let admin: TClient;
let shop: TFloorShop;

const wo = (id: string, rest = '') => `/api/v1/work-orders/${id}${rest}`;

interface TRun {
  assembly: { assemblyId: string; steps: string[] };
  quantity: string;
  good: string;
  scrap?: string;
  reason?: string;
  dueOn?: string;
  /** The instant the work order is completed. */
  at: string;
  /** Each step's minutes from start to finish, and the minutes of it spent paused. */
  minutes: number;
  paused?: number;
  /** A component given back at completion instead of consumed (decision 064): less material than planned. */
  returned?: string;
}

/** Makes, releases, runs and completes a work order as the floor does; returns its id. */
async function completed(c: TClient, floor: TFloorShop, run: TRun): Promise<string> {
  const made = await c.ok(
    'POST',
    '/api/v1/work-orders',
    {
      assemblyId: run.assembly.assemblyId,
      quantity: run.quantity,
      outputLocationId: floor.out,
      ...(run.dueOn ? { dueOn: run.dueOn } : {}),
    },
    201,
  );
  const id: string = made.id;
  await c.ok('POST', wo(id, '/status'), { status: 'released' });
  const scrap = run.scrap && run.scrap !== '0' ? { scrapQuantity: run.scrap, scrapReason: run.reason } : {};
  for (const step of run.assembly.steps) {
    await c.ok('POST', wo(id, `/steps/${step}/start`));
    await c.ok('POST', wo(id, `/steps/${step}/finish`), { goodQuantity: run.good, ...scrap });
  }
  await c.ok(
    'POST',
    wo(id, '/outputs'),
    { idempotencyKey: randomUUID(), ...(run.good !== '0' ? { goodQuantity: run.good } : {}), ...scrap },
    201,
  );
  // The step ran `minutes` by the clock, `paused` of them paused (decision 049's paused_minutes).
  await t.database.db.execute(
    sql`update work_order_step_runs
           set started_at = finished_at - make_interval(mins => ${run.minutes}), paused_minutes = ${run.paused ?? 0}
         where work_order_id = ${id}`,
  );
  // What the steps did not consume is taken at completion as planned (decision 064), or given back.
  const view = await c.ok('GET', wo(id, '/floor'));
  const resolutions = view.components
    .filter((p: { left: string }) => p.left !== '0')
    .map((p: { itemId: string }) =>
      p.itemId === run.returned
        ? { itemId: p.itemId, action: 'return', reason: 'Not fitted' }
        : { itemId: p.itemId, action: 'consume' },
    );
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(run.at) });
  try {
    expect((await c.ok('POST', wo(id, '/complete'), { resolutions })).status).toBe('completed');
  } finally {
    vi.useRealTimers();
  }
  return id;
}

const report = (params: Record<string, string>, c: TClient = admin) =>
  c.ok('GET', `/api/v1/production-report?${new URLSearchParams(params)}`);

const NOTHING = {
  completed: 0,
  onTime: 0,
  late: 0,
  noDueDate: 0,
  onTimePercent: null,
  goodQuantity: '0',
  scrapQuantity: '0',
  scrapPercent: null,
  actualMinutesPerUnit: null,
  standardMinutesPerUnit: null,
  plannedMaterialCost: '0',
  actualMaterialCost: '0',
  materialVariance: '0',
  materialVariancePercent: null,
};

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@report.example', role: 'admin', companyName: 'Report Works' });
  admin = client(t, cookie);
  shop = await floorShopOf(t, cookie, 'R');
  // The sub-assembly: one step of 1 minute's setup and 2 minutes a unit. The top: two such steps.
  // 23:30 on Monday 9 March in New York (EDT since the 8th, UTC-4): on time for the 9th.
  await completed(admin, shop, {
    assembly: shop.sub,
    quantity: '4',
    good: '3',
    scrap: '1',
    reason: 'Bent pin',
    dueOn: '2026-03-09',
    at: '2026-03-10T03:30:00Z',
    minutes: 30,
    paused: 6,
  });
  // 00:30 on the 10th in New York: half an hour late for the 9th.
  await completed(admin, shop, {
    assembly: shop.sub,
    quantity: '2',
    good: '2',
    dueOn: '2026-03-09',
    at: '2026-03-10T04:30:00Z',
    minutes: 10,
  });
  // Thursday the 12th, no due date; two steps of 12 minutes; the bolt is given back, not fitted.
  await completed(admin, shop, {
    assembly: shop.top,
    quantity: '1',
    good: '1',
    at: '2026-03-12T15:00:00Z',
    minutes: 12,
    returned: shop.items.bolt,
  });
  // Monday the 16th, all scrap, due on the 20th.
  await completed(admin, shop, {
    assembly: shop.sub,
    quantity: '1',
    good: '0',
    scrap: '1',
    reason: 'Short wire',
    dueOn: '2026-03-20',
    at: '2026-03-16T14:00:00Z',
    minutes: 3,
  });
  // Outside the period (1 April), and one never completed: in neither report.
  await completed(admin, shop, {
    assembly: shop.sub,
    quantity: '1',
    good: '1',
    at: '2026-04-01T12:00:00Z',
    minutes: 5,
  });
  const open = await shop.released(shop.sub.assemblyId, '1');
  await admin.ok('POST', wo(open, `/steps/${shop.sub.steps[0]}/start`));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const PERIOD = { from: '2026-03-09', to: '2026-03-16' };

describe('the report of completed work orders', () => {
  it('sums output, on time, scrap and minutes per unit over the period', async () => {
    const r = await report(PERIOD);
    expect(r).toMatchObject({
      ...PERIOD,
      granularity: 'day',
      assemblyId: null,
      timeZone: 'America/New_York',
    });
    expect(r.totals).toEqual({
      completed: 4,
      onTime: 2,
      late: 1,
      noDueDate: 1,
      onTimePercent: '66.7',
      goodQuantity: '6',
      scrapQuantity: '2',
      scrapPercent: '25.0',
      // (24 + 10 + 24 + 3) minutes over 8 units; standard (1 + 2×4) + (1 + 2×2) + (2 + 4×1) + (1 + 2×1) = 23.
      actualMinutesPerUnit: '7.63',
      standardMinutesPerUnit: '2.88',
      // Wire at $0.25: 8 + 4 + 2 planned and consumed for the sub-assemblies ($3.50). The top planned its
      // sub-assembly at its average then ($1.80: outputs carry what was consumed before them, completion settles
      // the wire taken after), a $2 bolt and 2 screws at $0.10 ($4.00); the bolt went back.
      plannedMaterialCost: '7.5',
      actualMaterialCost: '5.5',
      materialVariance: '-2',
      materialVariancePercent: '-26.7',
    });
    expect(r.scrapReasons).toEqual([
      { reason: 'Bent pin', quantity: '1' },
      { reason: 'Short wire', quantity: '1' },
    ]);
  });

  it('counts each work order on its completion’s day in the company’s zone, every day listed', async () => {
    const r = await report(PERIOD);
    expect(r.periods.map((p: { start: string }) => p.start)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
      '2026-03-16',
    ]);
    const [ninth, tenth, eleventh, twelfth] = r.periods;
    // 03:30 UTC on the 10th is still the 9th in New York: on time, although UTC would call it late.
    expect(ninth).toEqual({
      start: '2026-03-09',
      end: '2026-03-09',
      completed: 1,
      onTime: 1,
      late: 0,
      noDueDate: 0,
      onTimePercent: '100.0',
      goodQuantity: '3',
      scrapQuantity: '1',
      scrapPercent: '25.0',
      actualMinutesPerUnit: '6.00',
      standardMinutesPerUnit: '2.25',
      plannedMaterialCost: '2',
      actualMaterialCost: '2',
      materialVariance: '0',
      materialVariancePercent: '0.0',
    });
    expect(tenth).toMatchObject({
      completed: 1,
      onTime: 0,
      late: 1,
      onTimePercent: '0.0',
      goodQuantity: '2',
    });
    expect(eleventh).toEqual({ start: '2026-03-11', end: '2026-03-11', ...NOTHING });
    expect(twelfth).toMatchObject({
      completed: 1,
      noDueDate: 1,
      onTimePercent: null,
      actualMinutesPerUnit: '24.00',
    });
    expect(r.periods[7]).toMatchObject({ completed: 1, goodQuantity: '0', scrapPercent: '100.0' });
  });

  it('buckets by ISO week from Monday, cut to the period at its ends', async () => {
    const r = await report({ from: '2026-03-11', to: '2026-03-16', granularity: 'week' });
    expect(r.periods).toEqual([
      expect.objectContaining({ start: '2026-03-11', end: '2026-03-15', completed: 1, goodQuantity: '1' }),
      expect.objectContaining({ start: '2026-03-16', end: '2026-03-16', completed: 1, scrapQuantity: '1' }),
    ]);
    const whole = await report({ ...PERIOD, granularity: 'week' });
    expect(whole.periods.map((p: { start: string; completed: number }) => [p.start, p.completed])).toEqual([
      ['2026-03-09', 3],
      ['2026-03-16', 1],
    ]);
    expect(whole.totals).toEqual((await report(PERIOD)).totals);
  });

  it('lists the assemblies by part number, paged on the server', async () => {
    const r = await report(PERIOD);
    expect(r.total).toBe(2);
    expect(r.items).toEqual([
      {
        assemblyId: shop.sub.assemblyId,
        partNumber: 'RSUB',
        name: 'Part SUB',
        unitOfMeasure: 'ea',
        completed: 3,
        onTime: 2,
        late: 1,
        noDueDate: 0,
        onTimePercent: '66.7',
        goodQuantity: '5',
        scrapQuantity: '2',
        scrapPercent: '28.6',
        // 37 minutes over 7 units; standard 17 over 7.
        actualMinutesPerUnit: '5.29',
        standardMinutesPerUnit: '2.43',
        plannedMaterialCost: '3.5',
        actualMaterialCost: '3.5',
        materialVariance: '0',
        materialVariancePercent: '0.0',
      },
      expect.objectContaining({
        assemblyId: shop.top.assemblyId,
        partNumber: 'RTOP',
        completed: 1,
        scrapPercent: '0.0',
        actualMinutesPerUnit: '24.00',
        standardMinutesPerUnit: '6.00',
        // The material usage variance per assembly (decision 064): the bolt not used.
        plannedMaterialCost: '4',
        actualMaterialCost: '2',
        materialVariance: '-2',
        materialVariancePercent: '-50.0',
      }),
    ]);
    const second = await report({ ...PERIOD, page: '2', pageSize: '1' });
    expect(second).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.items.map((a: { partNumber: string }) => a.partNumber)).toEqual(['RTOP']);
    expect(second.totals.completed).toBe(4);
  });

  it('narrows everything to one assembly', async () => {
    const r = await report({ ...PERIOD, assemblyId: shop.top.assemblyId });
    expect(r.assemblyId).toBe(shop.top.assemblyId);
    expect(r.totals).toMatchObject({ completed: 1, noDueDate: 1, goodQuantity: '1', scrapQuantity: '0' });
    expect(r.items.map((a: { partNumber: string }) => a.partNumber)).toEqual(['RTOP']);
    expect(r.scrapReasons).toEqual([]);
    expect(r.periods.filter((p: { completed: number }) => p.completed > 0)).toHaveLength(1);
  });

  it('says nothing was completed in a period without completions', async () => {
    const r = await report({ from: '2026-02-01', to: '2026-02-28', granularity: 'week' });
    expect(r.totals).toEqual(NOTHING);
    expect(r).toMatchObject({ items: [], total: 0, scrapReasons: [] });
    expect(r.periods[0]).toEqual({ start: '2026-02-01', end: '2026-02-01', ...NOTHING });
    expect(r.periods).toHaveLength(5);
  });

  it('counts days in the company’s own zone: Tokyo’s 10 March begins at 15:00 UTC on the 9th', async () => {
    await createCompany(t.database.db, { name: 'Tokyo Works', timezone: 'Asia/Tokyo' });
    const cookie = await t.signIn({ email: 'kei@tokyo.example', role: 'admin', companyName: 'Tokyo Works' });
    const tokyo = client(t, cookie);
    const floor = await floorShopOf(t, cookie, 'T');
    await completed(tokyo, floor, {
      assembly: floor.sub,
      quantity: '1',
      good: '1',
      dueOn: '2026-03-09',
      at: '2026-03-09T15:30:00Z',
      minutes: 4,
    });
    const r = await report({ from: '2026-03-09', to: '2026-03-10' }, tokyo);
    expect(r.timeZone).toBe('Asia/Tokyo');
    expect(r.periods.map((p: { completed: number; late: number }) => [p.completed, p.late])).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });
});

describe('the minutes kept on the work order', () => {
  it('are its finished runs’ minutes less their pauses, however the runs were written', async () => {
    const off = await queryRows(
      t.database.db,
      sql`select w.id, w.actual_minutes::text as kept, coalesce(sum(case when r.status = 'finished' then
                   round(extract(epoch from (r.finished_at - r.started_at)) / 60 - r.paused_minutes, 3) end), 0)::text as runs
            from work_orders w
            left join work_order_step_runs r on r.company_id = w.company_id and r.work_order_id = w.id
           group by w.id, w.actual_minutes
          having w.actual_minutes <> coalesce(sum(case when r.status = 'finished' then
                   round(extract(epoch from (r.finished_at - r.started_at)) / 60 - r.paused_minutes, 3) end), 0)`,
    );
    expect(off).toEqual([]);
    const kept = await queryRows(
      t.database.db,
      sql`select actual_minutes::text as minutes from work_orders
           where company_id = ${shop.companyId} and status = 'completed' order by completed_at limit 1`,
    );
    // 30 minutes by the clock, 6 of them paused (the first work order of the set-up).
    expect(kept).toEqual([{ minutes: '24.000' }]);
  });
});

describe('refusals', () => {
  const refused = async (params: Record<string, string>, field: string, message?: string) => {
    const response = await admin.send('GET', `/api/v1/production-report?${new URLSearchParams(params)}`);
    expect(response.statusCode, response.body).toBe(400);
    const errors = response.json().error.fieldErrors;
    expect(Object.keys(errors), JSON.stringify(errors)).toContain(field);
    if (message) expect(errors[field]).toBe(message);
  };

  it('refuses bad filters naming the field', async () => {
    await refused({ from: 'last week', to: '2026-03-16' }, 'from', PRODUCTION_REPORT_MESSAGES.date);
    await refused({ from: '2026-03-09', to: '2026-02-30' }, 'to');
    await refused({ from: '2026-03-09' }, 'to');
    await refused({ from: '2026-03-16', to: '2026-03-09' }, 'to', PRODUCTION_REPORT_MESSAGES.order);
    await refused({ ...PERIOD, granularity: 'month' }, 'granularity');
    await refused({ ...PERIOD, assemblyId: 'RSUB' }, 'assemblyId');
    await refused({ ...PERIOD, pageSize: '500' }, 'pageSize');
    await refused({ from: '0001-01-01', to: '0001-01-05' }, 'from');
    await refused({ from: '9999-12-25', to: '9999-12-31' }, 'to');
  });

  it('refuses a period longer than its granularity allows, on the start', async () => {
    await refused({ from: '2025-03-09', to: '2026-03-16' }, 'from', PRODUCTION_REPORT_MESSAGES.tooLong.day);
    expect((await report({ from: '2025-03-17', to: '2026-03-16' })).periods).toHaveLength(365);
    expect(
      (await report({ from: '2017-01-01', to: '2026-04-30', granularity: 'week' })).totals.completed,
    ).toBe(5);
    await refused(
      { from: '2010-01-01', to: '2026-03-16', granularity: 'week' },
      'from',
      PRODUCTION_REPORT_MESSAGES.tooLong.week,
    );
  });

  it('refuses an assembly that is not the company’s', async () => {
    await refused(
      { ...PERIOD, assemblyId: randomUUID() },
      'assemblyId',
      PRODUCTION_REPORT_MESSAGES.assemblyNotFound,
    );
  });
});

describe('the CSV', () => {
  it('holds the screen’s numbers: each period, each assembly and the totals, as the API writes them', async () => {
    const params = { ...PERIOD, granularity: 'week' };
    const screen = await report(params);
    const response = await admin.send(
      'GET',
      `/api/v1/production-report/export.csv?${new URLSearchParams(params)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="production-report-2026-03-09-to-2026-03-16-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows: Record<string, string>[] = parse(response.body, { columns: true, bom: true });
    const figures = (f: typeof screen.totals) => ({
      Completed: String(f.completed),
      'On time': String(f.onTime),
      Late: String(f.late),
      'No due date': String(f.noDueDate),
      'On time %': f.onTimePercent ?? '',
      Good: f.goodQuantity,
      Scrap: f.scrapQuantity,
      'Scrap %': f.scrapPercent ?? '',
      'Actual min/unit': f.actualMinutesPerUnit ?? '',
      'Standard min/unit': f.standardMinutesPerUnit ?? '',
      'Planned material': f.plannedMaterialCost,
      'Actual material': f.actualMaterialCost,
      'Material variance': f.materialVariance,
      'Material variance %': f.materialVariancePercent ?? '',
    });
    const all = { 'Part number': 'All assemblies', Name: '', Unit: '' };
    expect(rows).toEqual([
      ...screen.periods.map((p: typeof screen.totals & { start: string; end: string }) => ({
        From: p.start,
        To: p.end,
        ...all,
        ...figures(p),
      })),
      ...screen.items.map(
        (a: typeof screen.totals & { partNumber: string; name: string; unitOfMeasure: string }) => ({
          From: PERIOD.from,
          To: PERIOD.to,
          'Part number': a.partNumber,
          Name: a.name,
          Unit: a.unitOfMeasure,
          ...figures(a),
        }),
      ),
      { From: PERIOD.from, To: PERIOD.to, ...all, ...figures(screen.totals) },
    ]);
  });

  it('refuses the same bad filters as the screen', async () => {
    const response = await admin.send(
      'GET',
      '/api/v1/production-report/export.csv?from=2026-03-16&to=2026-03-09',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors).toEqual({ to: PRODUCTION_REPORT_MESSAGES.order });
  });
});
