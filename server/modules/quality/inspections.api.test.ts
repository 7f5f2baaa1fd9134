// Inspections (decision 072) on both databases: a receipt of an item with a receipt plan holds the new lot and opens
// its inspection; starting is idempotent and two at once meet one row; results are recorded once (the same again is
// the first back, a different one 409), judged by the server (out of limits needs a confirmation, a failure a defect
// code and, when asked, a photo); finishing needs every result and is judged — a pass releases the lot, a failure
// keeps it held and opens a nonconformance. Refusals name the field and change nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPECTION_MESSAGES as M } from '#common/schemas/inspections.ts';
import { countOf, inspectionShopOf, inspectorOf } from '../../../tests/setup/inspection-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { lots } from '../inventory/stock.tables.ts';
import { planFixture } from './inspection-fixtures.ts';
import { inspectionResults, inspections, nonconformances } from './inspections.tables.ts';

let t: TTestApp;
let shop: Awaited<ReturnType<typeof inspectionShopOf>>;
let admin: ReturnType<typeof inspectorOf>;
let operator: ReturnType<typeof inspectorOf>;
let scratch: string;
let plan: Awaited<ReturnType<typeof planFixture>>;
let rm: string;

const REASON = 'Awaiting receipt inspection (Incoming dims)';

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({
    email: 'ada@inspect.example',
    role: 'admin',
    companyName: 'Inspect Works',
  });
  admin = inspectorOf(t, cookie);
  operator = inspectorOf(
    t,
    await t.signIn({ email: 'otto@inspect.example', role: 'user', companyName: 'Inspect Works' }),
  );
  shop = await inspectionShopOf(t, cookie, 'I');
  scratch = await shop.defectCode('SCR');
  rm = await shop.item('RM');
  plan = await planFixture(t.database.db, shop.companyId, {
    itemId: rm,
    stage: 'receipt',
    name: 'Incoming dims',
    sampling: 'fixed',
    sampleCount: 2,
    checks: [
      { kind: 'measurement', name: 'Bore', lowerLimit: '9.95', upperLimit: '10.05', unit: 'mm' },
      { kind: 'pass_fail', name: 'Finish', photoOnFail: true },
    ],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('a receipt of an item with a receipt plan', () => {
  it('holds the new lot and opens its inspection, in the receipt; an item without a plan is not held', async () => {
    const posted = await operator.ok(
      'POST',
      '/api/v1/stock/transactions',
      {
        idempotencyKey: crypto.randomUUID(),
        kind: 'receive',
        lines: [{ itemId: rm, locationId: shop.bin, quantity: '5', lotNumber: 'RM-1' }],
      },
      201,
    );
    expect(posted.heldForInspection).toEqual([
      expect.objectContaining({
        lotNumber: 'RM-1',
        reason: REASON,
        inspectionLabel: expect.stringMatching(/^QI-\d{6}$/),
      }),
    ]);
    const lot = await shop.lot('RM-1');
    expect(lot).toMatchObject({ onHold: true, holdReason: REASON });
    const inspection = await operator.get(posted.heldForInspection[0].inspectionId);
    expect(inspection).toMatchObject({
      stage: 'receipt',
      status: 'open',
      lotNumber: 'RM-1',
      lotSize: '5',
      sampleSize: 2,
      acceptNumber: 0,
      rejectNumber: 1,
      lotHoldReason: REASON,
      progress: { recorded: 0, required: 4, defectiveUnits: 0, criticalFailed: false },
    });
    // More into the same lot is not a new lot: no second hold or inspection.
    const again = await shop.receive(rm, '1', 'RM-1');
    expect(again.heldForInspection).toBeUndefined();
    const free = await shop.receive(await shop.item('FREE'), '3', 'FR-1');
    expect(free.heldForInspection).toBeUndefined();
    expect((await shop.lot('FR-1')).onHold).toBe(false);
  });

  it('meets the open inspection when started again, by anyone', async () => {
    const lot = await shop.lot('RM-1');
    const started = await operator.start({ lotId: lot.id });
    expect(started.statusCode, started.body).toBe(200);
    const [row] = await t.database.db.select().from(inspections).where(eq(inspections.lotId, lot.id));
    expect(started.json().id).toBe(row!.id);
    expect(await countOf(t, 'inspections', shop.companyId)).toBe(1);
  });
});

describe('recording results', () => {
  let id: string;
  let bore: string;
  let finish: string;
  beforeAll(async () => {
    id = (await operator.start({ lotId: (await shop.lot('RM-1')).id })).json().id;
    [bore, finish] = plan.checkIds as [string, string];
  });

  it('records a result once: the same again is the first back, a different one 409 naming what stands', async () => {
    const first = await operator.result(id, { checkId: bore, unitNo: 1, value: '10.01' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ passed: true, value: '10.01', unitNo: 1, readingNo: 1 });
    const same = await admin.result(id, { checkId: bore, unitNo: 1, value: '10.010' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().id).toBe(first.json().id);
    const other = await admin.result(id, { checkId: bore, unitNo: 1, value: '10.02' });
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().error.message).toContain(
      'Unit 1, reading 1, of Bore is recorded already (10.01, passed',
    );
    expect(await countOf(t, 'inspection_results', shop.companyId)).toBe(1);
  });

  it('records the same result sent twice at once once', async () => {
    const body = { checkId: bore, unitNo: 2, value: '10' };
    const answers = await Promise.all([operator.result(id, body), admin.result(id, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
  });

  it('asks to confirm a reading out of limits, saying what was measured and what was allowed', async () => {
    const lot2 = await shop.receive(rm, '2', 'RM-2');
    const id2: string = lot2.heldForInspection[0].inspectionId;
    const unconfirmed = await operator.result(id2, { checkId: bore, unitNo: 1, value: '10.42' });
    expect(unconfirmed.statusCode, unconfirmed.body).toBe(409);
    expect(unconfirmed.json().error.message).toBe(M.outOfLimits('10.42 mm', '9.95–10.05 mm'));
    expect(Object.keys(unconfirmed.json().error.fieldErrors)).toEqual(['value']);
    const noCode = await operator.result(id2, { checkId: bore, unitNo: 1, value: '10.42', confirmed: true });
    expect(noCode.statusCode, noCode.body).toBe(400);
    expect(noCode.json().error.fieldErrors).toEqual({ defectCodeId: M.defectCodeNeeded });
    const off = await shop.defectCode('OFF', false);
    const inactive = await operator.result(id2, {
      checkId: bore,
      unitNo: 1,
      value: '10.42',
      confirmed: true,
      defectCodeId: off,
    });
    expect(inactive.statusCode, inactive.body).toBe(400);
    const confirmed = await operator.result(id2, {
      checkId: bore,
      unitNo: 1,
      value: '10.42',
      confirmed: true,
      defectCodeId: scratch,
      note: 'Oversize',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toMatchObject({
      passed: false,
      confirmed: true,
      defectCode: 'ISCR — Defect SCR',
    });
  });

  it('needs a photo of a failure when the check asks for one; the inspection shows its note and photo, to its company only', async () => {
    const noPhoto = await operator.result(id, {
      checkId: finish,
      unitNo: 1,
      passed: false,
      defectCodeId: scratch,
    });
    expect(noPhoto.statusCode, noPhoto.body).toBe(400);
    expect(noPhoto.json().error.fieldErrors).toEqual({ photoFileId: M.photoNeeded });
    const photoFileId = await operator.photo();
    const withPhoto = await operator.result(id, {
      checkId: finish,
      unitNo: 1,
      passed: false,
      defectCodeId: scratch,
      note: 'Scratch across the face',
      photoFileId,
    });
    expect(withPhoto.statusCode, withPhoto.body).toBe(201);
    expect(withPhoto.json().photoFileId).toBe(photoFileId);
    // What QC Instructions shows a quality engineer reading the inspection: the note and the photo with the failure.
    const read = await admin.get(id);
    expect(
      read.results.find((r: { checkId: string; unitNo: number }) => r.checkId === finish && r.unitNo === 1),
    ).toMatchObject({ passed: false, note: 'Scratch across the face', photoFileId });
    const photoUrl = `/api/v1/files/${photoFileId}`;
    const mine = await admin.send('GET', photoUrl);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    // Another company's people never get it, by its id or otherwise.
    const stranger = client(
      t,
      await t.signIn({ email: 'ola@elsewhere.example', role: 'admin', companyName: 'Elsewhere Works' }),
    );
    const theirs = await stranger.send('GET', photoUrl);
    expect(theirs.statusCode, theirs.body).toBe(404);
    expect(theirs.body).not.toContain('PNG');
  });

  it('refuses bad input naming the field, changing nothing', async () => {
    const before = await countOf(t, 'inspection_results', shop.companyId);
    const cases: Array<[object, string, number]> = [
      [{ checkId: bore, unitNo: 0, value: '10' }, 'unitNo', 400],
      [{ checkId: bore, unitNo: 3, value: '10' }, 'unitNo', 400],
      [{ checkId: bore, unitNo: 1, readingNo: 2, value: '10' }, 'readingNo', 400],
      [{ checkId: bore, unitNo: 2, value: 'ten' }, 'value', 400],
      [{ checkId: bore, unitNo: 2 }, 'value', 400],
      [{ checkId: finish, unitNo: 2 }, 'passed', 400],
      [{ checkId: 'nope', unitNo: 2, passed: true }, 'checkId', 400],
      [{ checkId: crypto.randomUUID(), unitNo: 2, passed: true }, 'checkId', 404],
      [{ checkId: finish, unitNo: 2, passed: false, defectCodeId: crypto.randomUUID() }, 'defectCodeId', 404],
    ];
    for (const [body, field, status] of cases) {
      const response = await operator.result(id, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(status);
      expect(Object.keys(response.json().error.fieldErrors ?? {}), JSON.stringify(body)).toEqual([field]);
    }
    const start = await operator.start({});
    expect(start.statusCode).toBe(400);
    expect(Object.keys(start.json().error.fieldErrors)).toEqual(['lotId']);
    expect(await countOf(t, 'inspection_results', shop.companyId)).toBe(before);
  });
});

describe('finishing', () => {
  it('needs every result, then fails a lot with a failed unit: the lot stays held and a nonconformance opens', async () => {
    const lot = await shop.lot('RM-1');
    const id = (await operator.start({ lotId: lot.id })).json().id;
    const early = await operator.finish(id);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.details).toMatchObject({ total: 1, missing: [{ check: 'Finish', unitNo: 2 }] });
    expect(early.json().error.message).toBe(M.missing(1, 'Finish, unit 2'));
    expect(
      (await operator.result(id, { checkId: plan.checkIds[1], unitNo: 2, passed: true })).statusCode,
    ).toBe(201);
    const done = await operator.finish(id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'failed',
      progress: { recorded: 4, required: 4, defectiveUnits: 1 },
      // Held now pending its nonconformance, no longer "awaiting" (decision 073, 2026-12-01).
      lotHoldReason: expect.stringMatching(/^Failed inspection QI-\d{6}: held pending NC-\d{6}$/),
      nonconformanceNumber: expect.any(Number),
    });
    const [nc] = await t.database.db
      .select()
      .from(nonconformances)
      .where(eq(nonconformances.inspectionId, id));
    expect(nc).toMatchObject({ lotId: lot.id, quantity: '6.000000', status: 'open' });
    const again = await operator.finish(id);
    expect(again.statusCode).toBe(409);
    const late = await operator.result(id, { checkId: plan.checkIds[0], unitNo: 2, value: '10' });
    expect(late.statusCode).toBe(409);
    const trail = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'inspection'), eq(auditEntries.entityId, id)));
    expect(trail.map((e) => e.action)).toEqual(['started', 'finished']);
  });

  it('passes a lot whose units all pass and releases the hold its plan put on it', async () => {
    const posted = await shop.receive(rm, '1', 'RM-3');
    const id: string = posted.heldForInspection[0].inspectionId;
    expect((await operator.get(id)).sampleSize).toBe(1);
    await operator.result(id, { checkId: plan.checkIds[0], unitNo: 1, value: '9.95' });
    await operator.result(id, { checkId: plan.checkIds[1], unitNo: 1, passed: true });
    const done = await operator.finish(id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'passed', lotHoldReason: null, nonconformanceId: null });
    const [lot] = await t.database.db.select().from(lots).where(eq(lots.lotNumber, 'RM-3'));
    expect(lot!.onHold).toBe(false);
    const results = await t.database.db
      .select()
      .from(inspectionResults)
      .where(eq(inspectionResults.inspectionId, id));
    expect(results).toHaveLength(2);
  });

  it('lists inspections, filtered and paged on the server', async () => {
    const page = await operator.ok('GET', '/api/v1/inspections?status=open&pageSize=10');
    expect(page.items.map((i: { lotNumber: string }) => i.lotNumber)).toEqual(['RM-2']);
    const failed = await operator.ok('GET', `/api/v1/inspections?status=failed&itemId=${rm}`);
    expect(failed.total).toBe(1);
    const bad = await operator.send('GET', '/api/v1/inspections?status=lost');
    expect(bad.statusCode).toBe(400);
  });
});
