// A step that names the machine it runs on (decision 063): the revision shows the machine; a finished run of the step
// adds its working time (start to finish, less pauses) to the machine's runtime meter as a work-order reading, once;
// a meter-based maintenance plan then falls due as the machine runs. Another company's machine is 404 naming the
// step's field, and the draft is left as it was. Time on the floor is made by moving a run's start back in the table.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_MESSAGES } from '#common/schemas/build.ts';
import { todayIn } from '#common/time/calendar.ts';
import { apiClient as client } from '../../../tests/setup/maintenance-calendar-seed.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { workOrderStepRuns } from './work-order-runs.tables.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let machineId: string;
let assemblyId: string;
let draftId: string;
let stepId: string;
let deburrId: string;
let outputLocationId: string;
let sheetId: string;
const lines = () => [{ componentItemId: sheetId, quantity: '1', scrapPercent: '0' }];

/** Moves a running step's start back by `minutes`, with `paused` of them spent paused: time passed on the floor. */
async function worked(workOrderId: string, minutes: number, paused = 0) {
  await t.database.db
    .update(workOrderStepRuns)
    .set({
      startedAt: sql`now() - make_interval(mins => ${minutes})`,
      pausedMinutes: String(paused),
    })
    .where(eq(workOrderStepRuns.workOrderId, workOrderId));
}

async function releasedWorkOrder(): Promise<string> {
  const wo = await admin.ok(
    'POST',
    '/api/v1/work-orders',
    { assemblyId, quantity: '1', outputLocationId },
    201,
  );
  await admin.ok('POST', `/api/v1/work-orders/${wo.id}/status`, { status: 'released' });
  return wo.id as string;
}

const meterOf = async () => (await admin.ok('GET', `/api/v1/machines/${machineId}`)).meterReading as string;

beforeAll(async () => {
  t = await createTestApp();
  admin = client(
    t,
    await t.signIn({ email: 'ada@runtime.example', role: 'admin', companyName: 'Runtime Works' }),
  );
  other = client(t, await t.signIn({ email: 'bo@other.example', role: 'admin', companyName: 'Other Works' }));
  for (const admins of [admin, other])
    await admins.ok('PATCH', '/api/v1/company/label-config', { enableMaintenanceFeature: true });
  const machine = await admin.ok('POST', '/api/v1/machines', { name: 'Press 4', assetTag: 'PR-4' }, 201);
  machineId = machine.id;
  await admin.ok('POST', `/api/v1/machines/${machineId}/meter-readings`, { reading: '100' });
  const site = await admin.ok('POST', '/api/v1/locations', { kind: 'site', code: 'RS', name: 'Site' }, 201);
  outputLocationId = (
    await admin.ok(
      'POST',
      '/api/v1/locations',
      { kind: 'bin', parentId: site.id, code: 'OUT', name: 'Out' },
      201,
    )
  ).id;
  const bin = await admin.ok(
    'POST',
    '/api/v1/locations',
    { kind: 'bin', parentId: site.id, code: 'BIN', name: 'Bin' },
    201,
  );
  const sheet = await admin.ok(
    'POST',
    '/api/v1/items',
    { partNumber: 'SHEET', name: 'Sheet', lotTracked: false },
    201,
  );
  sheetId = sheet.id;
  await admin.ok(
    'POST',
    '/api/v1/stock/transactions',
    {
      idempotencyKey: randomUUID(),
      kind: 'receive',
      lines: [{ itemId: sheet.id, locationId: bin.id, quantity: '100' }],
    },
    201,
  );
  const item = await admin.ok('POST', '/api/v1/items', { partNumber: 'BRACKET', name: 'Bracket' }, 201);
  const assembly = await admin.ok('POST', '/api/v1/assemblies', { itemId: item.id }, 201);
  assemblyId = assembly.id;
  draftId = assembly.draftRevisionId;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a step on a machine', () => {
  it('refuses another company’s machine on a step, naming the field, and leaves the draft as it was', async () => {
    const theirs = await other.ok('POST', '/api/v1/machines', { name: 'Their press', assetTag: 'TP-1' }, 201);
    const response = await admin.send('PUT', `/api/v1/assembly-revisions/${draftId}`, {
      lines: lines(),
      steps: [{ title: 'Bend', machineId: theirs.id }],
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error.fieldErrors).toEqual({
      'steps.0.machineId': BUILD_MESSAGES.machineNotFound,
    });
    expect((await admin.ok('GET', `/api/v1/assembly-revisions/${draftId}`)).steps).toEqual([]);
  });

  it('shows the machine on the step, and keeps it in the next revision', async () => {
    const saved = await admin.ok('PUT', `/api/v1/assembly-revisions/${draftId}`, {
      lines: lines(),
      steps: [{ title: 'Bend', machineId }, { title: 'Deburr' }],
    });
    expect(saved.steps.map((s: { machine: unknown }) => s.machine)).toEqual([
      { id: machineId, name: 'Press 4', assetTag: 'PR-4' },
      null,
    ]);
    stepId = saved.steps[0].id;
    deburrId = saved.steps[1].id;
    await admin.ok('POST', `/api/v1/assembly-revisions/${draftId}/release`);
  });

  it('adds a finished run’s working time to the machine’s meter, once, less the pauses', async () => {
    const first = await releasedWorkOrder();
    await admin.ok('POST', `/api/v1/work-orders/${first}/steps/${stepId}/start`);
    await worked(first, 45);
    await admin.ok('POST', `/api/v1/work-orders/${first}/steps/${stepId}/finish`, { goodQuantity: '1' });
    expect(await meterOf()).toBe('100.75');
    const again = await admin.send('POST', `/api/v1/work-orders/${first}/steps/${stepId}/finish`, {
      goodQuantity: '1',
    });
    expect(again.statusCode).toBe(409);
    expect(await meterOf()).toBe('100.75');

    const second = await releasedWorkOrder();
    await admin.ok('POST', `/api/v1/work-orders/${second}/steps/${stepId}/start`);
    await worked(second, 60, 30);
    await admin.ok('POST', `/api/v1/work-orders/${second}/steps/${stepId}/finish`, { goodQuantity: '1' });
    expect(await meterOf()).toBe('101.25');

    const history = (await admin.ok('GET', `/api/v1/machines/${machineId}`)).meterReadings;
    expect(history[0]).toMatchObject({ reading: '101.25', source: 'work_order' });
    expect(history[0].byName).toMatch(/WO-\d+ step 1\. Bend$/);
    expect(history[1]).toMatchObject({ reading: '100.75', source: 'work_order' });
  });

  it('leaves the meter alone for a step with no machine', async () => {
    const id = await releasedWorkOrder();
    const deburr = deburrId;
    await admin.ok('POST', `/api/v1/work-orders/${id}/steps/${stepId}/start`);
    await admin.ok('POST', `/api/v1/work-orders/${id}/steps/${stepId}/finish`, { goodQuantity: '1' });
    const before = await meterOf();
    await admin.ok('POST', `/api/v1/work-orders/${id}/steps/${deburr}/start`);
    await worked(id, 90);
    await admin.ok('POST', `/api/v1/work-orders/${id}/steps/${deburr}/finish`, { goodQuantity: '1' });
    expect(await meterOf()).toBe(before);
  });

  it('brings a meter plan due as the machine runs', async () => {
    const meter = await meterOf();
    const plan = await admin.ok(
      'POST',
      '/api/v1/maintenance/plans',
      {
        machineId,
        title: 'Grease the ram',
        checklist: [{ text: 'Grease' }],
        mode: 'floating',
        startOn: todayIn('UTC'),
        meterEveryHours: '2',
        meterStartReading: meter,
      },
      201,
    );
    const due = async () =>
      (await admin.ok('GET', `/api/v1/machines/${machineId}/due-maintenance`)).items.find(
        (o: { planTitle: string }) => o.planTitle === 'Grease the ram',
      ).state as string;
    expect(plan.open).toBeTruthy();
    expect(await due()).not.toBe('due');
    const id = await releasedWorkOrder();
    await admin.ok('POST', `/api/v1/work-orders/${id}/steps/${stepId}/start`);
    await worked(id, 150);
    await admin.ok('POST', `/api/v1/work-orders/${id}/steps/${stepId}/finish`, { goodQuantity: '1' });
    expect(['due', 'overdue']).toContain(await due());
  });
});
