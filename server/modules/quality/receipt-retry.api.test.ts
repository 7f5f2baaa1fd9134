// A retried receipt answers exactly as the first time (decisions 036, 072, 077), on both databases: a receipt of an
// item with a receipt plan holds its new lot and says so in `heldForInspection`; the same request again (same
// idempotency key) answers the same, also after the lot's inspection has passed and released it. A receipt into a lot
// that already existed held nothing, and its retry says nothing of the earlier hold; a receipt of a new lot and an
// existing one names only the new one, then and on retry.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionShopOf, inspectorOf } from '../../../tests/setup/inspection-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { planFixture } from './inspection-fixtures.ts';

let t: TTestApp;
let shop: Awaited<ReturnType<typeof inspectionShopOf>>;
let admin: ReturnType<typeof inspectorOf>;
let code: string;
let item: string;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@retry.example', role: 'admin', companyName: 'Retry Works' });
  admin = inspectorOf(t, cookie);
  shop = await inspectionShopOf(t, cookie, 'T');
  code = await shop.defectCode('DEF');
  item = await shop.item('Seal');
  await planFixture(t.database.db, shop.companyId, {
    itemId: item,
    stage: 'receipt',
    name: 'Seal check',
    checks: [{ kind: 'pass_fail', name: 'Lip intact' }],
  });
});
afterAll(async () => {
  await t?.close();
});

/** A receipt request of `lines` (quantity, lot number) under `key`. */
const receipt = (key: string, lines: [string, string][]) => ({
  idempotencyKey: key,
  kind: 'receive',
  lines: lines.map(([quantity, lotNumber]) => ({ itemId: item, locationId: shop.bin, quantity, lotNumber })),
});

async function post(body: object) {
  const response = await admin.send('POST', '/api/v1/stock/transactions', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('a retried receipt', () => {
  it('answers with the lot it held for inspection, as the first time, even after the lot is released', async () => {
    const body = receipt(randomUUID(), [['4', 'RT-1']]);
    const first = await post(body);
    expect(first.heldForInspection).toEqual([
      expect.objectContaining({ lotNumber: 'RT-1', reason: 'Awaiting receipt inspection (Seal check)' }),
    ]);
    expect(await post(body)).toEqual(first);

    const inspectionId: string = first.heldForInspection[0].inspectionId;
    await admin.recordAll(inspectionId, code);
    expect((await admin.finish(inspectionId)).json().status).toBe('passed');
    expect((await shop.lot('RT-1')).onHold).toBe(false);
    expect(await post(body)).toEqual(first);
  });

  it('held nothing when it added to an existing lot, and says nothing of that lot on retry', async () => {
    const body = receipt(randomUUID(), [['2', 'RT-1']]);
    const first = await post(body);
    expect(first.heldForInspection).toBeUndefined();
    expect(await post(body)).toEqual(first);
  });

  it('names only the new lot of a receipt into a new and an existing lot, then and on retry', async () => {
    const body = receipt(randomUUID(), [
      ['1', 'RT-1'],
      ['3', 'RT-2'],
    ]);
    const first = await post(body);
    expect(first.heldForInspection.map((h: { lotNumber: string }) => h.lotNumber)).toEqual(['RT-2']);
    expect(await post(body)).toEqual(first);
  });
});
