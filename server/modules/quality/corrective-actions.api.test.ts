// A supplier's corrective action after MIL-STD-105E 4.8's discontinuation (decision 077), on both databases: a
// supplier's lots go tightened after two rejections and are discontinued at the fifth rejection under tightened; an
// operator cannot record the corrective action (admins do, as dispositions); an admin can, once — two at once record
// one — and the open lot is then inspected tightened with the count of rejections started afresh, so four more
// rejections do not discontinue it and a fifth does. Refused (nothing recorded) while not discontinued, for another
// supplier, and on bad input (400 naming the field). The record is written once: an UPDATE is refused.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRECTIVE_ACTION_MESSAGES as M } from '#common/schemas/corrective-actions.ts';
import { queryRows } from '#server/db/client.ts';
import { countOf, inspectionShopOf, inspectorOf } from '../../../tests/setup/inspection-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { planFixture } from './inspection-fixtures.ts';

const URL = '/api/v1/sampling-corrective-actions';
const TABLE = 'sampling_corrective_actions';

let t: TTestApp;
let shop: Awaited<ReturnType<typeof inspectionShopOf>>;
let admin: ReturnType<typeof inspectorOf>;
let operator: ReturnType<typeof client>;
let code: string;
let item: string;
let acme: string;
let other: string;
let lots = 0;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@car.example', role: 'admin', companyName: 'CAR Works' });
  admin = inspectorOf(t, cookie);
  operator = client(t, await t.signIn({ email: 'otto@car.example', role: 'user', companyName: 'CAR Works' }));
  shop = await inspectionShopOf(t, cookie, 'C');
  code = await shop.defectCode('DEF');
  item = await shop.item('Bushing');
  acme = await shop.supplier('ACME');
  other = await shop.supplier('OTHER');
  await planFixture(t.database.db, shop.companyId, {
    itemId: item,
    stage: 'receipt',
    name: 'AQL incoming',
    sampling: 'aql',
    inspectionLevel: 'II',
    aql: '6.5',
    checks: [{ kind: 'pass_fail', name: 'Bore' }],
  });
});
afterAll(async () => {
  await t?.close();
});

/** Receives a lot of one unit from the supplier; its receipt hold opens the inspection. */
async function nextLot(supplier: string) {
  lots += 1;
  const posted = await shop.receive(item, '1', `CA-${lots}`, supplier);
  const id: string = posted.heldForInspection[0].inspectionId;
  return { id, inspection: await admin.get(id) };
}

/** Inspects the lot's one unit, failing it: the lot is rejected. */
async function reject(id: string) {
  await admin.recordAll(id, code, { 0: [1] });
  expect((await admin.finish(id)).json().status).toBe('failed');
}

const body = (over: object = {}) => ({
  itemId: item,
  stage: 'receipt',
  supplierId: acme,
  action: 'Acme replaced the worn reamer and now checks every tenth bore.',
  reference: 'CAR-2026-014',
  ...over,
});

describe("a supplier's corrective action", () => {
  let open: string;

  it('is refused while inspection is not discontinued, and nothing is recorded', async () => {
    const response = await admin.send('POST', URL, body());
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.message).toBe(M.notDiscontinued('CBushing from CACME'));
    expect(await countOf(t, TABLE, shop.companyId)).toBe(0);
  });

  it('refuses bad input with 400 naming the field, recording nothing', async () => {
    const cases: [object, string][] = [
      [body({ action: '' }), 'action'],
      [body({ action: undefined }), 'action'],
      [body({ stage: 'step' }), 'stage'],
      [body({ itemId: 'not-an-id' }), 'itemId'],
      [body({ supplierId: 'acme' }), 'supplierId'],
      [body({ stage: 'final' }), 'supplierId'],
      [body({ reference: 'x'.repeat(201) }), 'reference'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin.send('POST', URL, payload);
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors ?? {})).toContain(field);
    }
    expect(await countOf(t, TABLE, shop.companyId)).toBe(0);
  });

  it('discontinues the pair at the fifth rejection under tightened (4.8): the open lot says so', async () => {
    for (let n = 1; n <= 2; n++) await reject((await nextLot(acme)).id);
    for (let n = 1; n <= 5; n++) {
      const { id, inspection } = await nextLot(acme);
      expect(inspection).toMatchObject({ severity: 'tightened', discontinued: false });
      await reject(id);
    }
    const eighth = await nextLot(acme);
    expect(eighth.inspection).toMatchObject({
      severity: 'tightened',
      discontinued: true,
      resumedAfter: null,
    });
    open = eighth.id;
    // Another supplier's lots are a pair of their own: not discontinued, nothing to record for them.
    const refused = await admin.send('POST', URL, body({ supplierId: other }));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(M.notDiscontinued('CBushing from COTHER'));
  });

  it('is refused to an operator (admins record it), and nothing is recorded', async () => {
    const response = await operator.send('POST', URL, body());
    expect(response.statusCode, response.body).toBe(403);
    expect(await countOf(t, TABLE, shop.companyId)).toBe(0);
    expect((await admin.get(open)).discontinued).toBe(true);
  });

  it('is recorded once by an admin, audited, and the open lot resumes at tightened', async () => {
    const [first, second] = await Promise.all([
      admin.send('POST', URL, body()),
      admin.send('POST', URL, body()),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([201, 409]);
    const recorded = (first!.statusCode === 201 ? first! : second!).json();
    expect(recorded).toMatchObject({
      itemId: item,
      stage: 'receipt',
      supplierId: acme,
      action: body().action,
      reference: 'CAR-2026-014',
      recordedBy: expect.stringContaining('ada@car.example'),
    });
    expect(await countOf(t, TABLE, shop.companyId)).toBe(1);
    const [audit] = await t.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entityId, recorded.id));
    expect(audit).toMatchObject({
      entityType: 'corrective-action',
      action: 'recorded',
      entityLabel: 'CBushing from CACME',
      after: { item: 'CBushing', stage: 'receipt', supplier: 'CACME', reference: 'CAR-2026-014' },
    });
    expect(await admin.get(open)).toMatchObject({
      severity: 'tightened',
      discontinued: false,
      resumedAfter: { id: recorded.id, action: body().action },
    });
  });

  it('starts the count of rejections afresh: four more do not discontinue, a fifth does', async () => {
    await reject(open);
    for (let n = 1; n <= 3; n++) {
      const { id, inspection } = await nextLot(acme);
      // The lot after the first one since the action says nothing of it any more: the stretch is under way.
      expect(inspection).toMatchObject({ severity: 'tightened', discontinued: false, resumedAfter: null });
      await reject(id);
    }
    const fifth = await nextLot(acme);
    expect(fifth.inspection).toMatchObject({ severity: 'tightened', discontinued: false });
    await reject(fifth.id);
    expect((await nextLot(acme)).inspection).toMatchObject({ severity: 'tightened', discontinued: true });
  });

  it('is history: the database refuses to change a recorded action', async () => {
    await expect(
      t.database.db.execute(sql`update sampling_corrective_actions set action = 'nothing happened'`),
    ).rejects.toThrow();
    const [row] = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from sampling_corrective_actions`,
    );
    expect(row?.action).toBe(body().action);
  });
});
