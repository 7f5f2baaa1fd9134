// "Can we build it?" through the API (decision 047): a two-level BOM with scrap, a sub-assembly partly in stock,
// stock held by an open reservation subtracted (a released reservation not), a sub-assembly's work order under way
// counted as coming (its parts not asked for twice), a line's work already released not checked again, one line or the whole order, and the order buildable once the missing stock is received.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { users } from '../auth/auth.tables.ts';
import { workOrderReservations, workOrders } from './work-orders.tables.ts';

let t: TTestApp;
let admin: string;
let companyId: string;
let bin: string;
const item: Record<string, string> = {};
const assembly: Record<string, { id: string; revision: string }> = {};

type TMethod = 'GET' | 'POST' | 'PUT';
async function ok(method: TMethod, url: string, payload?: object, status = 200) {
  const response = await t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie: admin },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}
const receive = (key: string, quantity: string) =>
  ok(
    'POST',
    '/api/v1/stock/transactions',
    {
      kind: 'receive',
      idempotencyKey: randomUUID(),
      lines: [{ itemId: item[key], locationId: bin, quantity }],
    },
    201,
  );
/** A work order holding `quantity` of `key`, as the work-order service would write it (another module's route). */
async function reservation(key: string, quantity: string, status: string, number: number, lineId?: string) {
  const id = uuidv7();
  await t.database.db.insert(workOrders).values({
    id,
    companyId,
    number,
    orderLineId: lineId ?? null,
    assemblyId: assembly.top!.id,
    revisionId: assembly.top!.revision,
    quantity: '1',
    status,
    createdBy: 'test',
  });
  await t.database.db.insert(workOrderReservations).values({
    id: uuidv7(),
    companyId,
    workOrderId: id,
    itemId: item[key]!,
    quantity,
    consumed: '1',
    releasedAt: status === 'completed' ? new Date() : null,
  });
}
const byPart = (rows: { partNumber: string }[]) => Object.fromEntries(rows.map((r) => [r.partNumber, r]));

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'ada@can.example', role: 'admin', companyName: 'Can Build' });
  const [row] = await t.database.db.select().from(users).where(eq(users.email, 'ada@can.example'));
  companyId = row!.companyId!;
  bin = (await ok('POST', '/api/v1/locations', { kind: 'site', code: 'SHOP', name: 'Shop' }, 201)).id;
  // The assemblies count whole units; the parts are measured (kg), so the scrap arithmetic keeps its fractions
  // (whole-unit rounding is whole-units.api.test.ts's).
  for (const key of ['top', 'sub', 'p1', 'p2', 'p3']) {
    const unitOfMeasure = key.startsWith('p') ? 'kg' : 'ea';
    item[key] = (
      await ok(
        'POST',
        '/api/v1/items',
        { partNumber: key.toUpperCase(), name: `Part ${key}`, lotTracked: false, unitOfMeasure },
        201,
      )
    ).id;
  }
  const bom = {
    sub: [
      { componentItemId: item.p2, quantity: '3', scrapPercent: '5' },
      { componentItemId: item.p3, quantity: '0.5' },
    ],
    top: [
      { componentItemId: item.sub, quantity: '2' },
      { componentItemId: item.p1, quantity: '1', scrapPercent: '10' },
    ],
  };
  for (const key of ['sub', 'top'] as const) {
    const made = await ok('POST', '/api/v1/assemblies', { itemId: item[key] }, 201);
    assembly[key] = { id: made.id, revision: made.draftRevisionId };
    await ok('PUT', `/api/v1/assembly-revisions/${made.draftRevisionId}`, { lines: bom[key] });
    await ok('POST', `/api/v1/assembly-revisions/${made.draftRevisionId}/release`);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('can we build it?', () => {
  it('explodes both levels, uses the sub-assembly in stock, subtracts open reservations, and lists each shortfall', async () => {
    // Order 4 TOP and 1 TOP: 10 SUB needed, 3 in stock → build 7: P2 = 7 × 3.15 = 22.05, P3 = 3.5; P1 = 5 × 1.1 = 5.5.
    await receive('sub', '3');
    await receive('p1', '10');
    await receive('p2', '30');
    await receive('p3', '3.5');
    // An open reservation holds 6 − 1 consumed = 5 of P1 and 10 − 1 = 9 of P2; a completed one holds nothing.
    await reservation('p1', '6', 'released', 801);
    await reservation('p2', '10', 'in_progress', 802);
    await reservation('p3', '3', 'completed', 803);
    const order = await ok(
      'POST',
      '/api/v1/build-orders',
      {
        lines: [
          { assemblyId: assembly.top!.id, quantity: '4' },
          { assemblyId: assembly.top!.id, quantity: '1' },
        ],
      },
      201,
    );
    const check = await ok('GET', `/api/v1/build-orders/${order.id}/buildability`);
    expect(check.canBuild).toBe(false);
    expect(check.subAssemblies).toEqual([
      expect.objectContaining({ partNumber: 'SUB', needed: '10', fromStock: '3', toBuild: '7' }),
    ]);
    const rows = byPart(check.components);
    expect(rows.P1).toMatchObject({ needed: '5.5', available: '5', missing: '0.5' });
    expect(rows.P2).toMatchObject({ needed: '22.05', available: '21', missing: '1.05' });
    expect(rows.P3).toMatchObject({ needed: '3.5', available: '3.5', missing: '0' });
    expect(check.components.map((c: { partNumber: string }) => c.partNumber)).toEqual(['P1', 'P2', 'P3']);

    // One line alone: 4 TOP → 8 SUB, 3 from stock, 5 built: P2 = 15.75 (enough), P1 = 4.4 (enough).
    const one = await ok('GET', `/api/v1/build-orders/${order.id}/buildability?lineId=${order.lines[0].id}`);
    expect(one).toMatchObject({ lineId: order.lines[0].id, canBuild: true });
    expect(byPart(one.components).P2).toMatchObject({ needed: '15.75', missing: '0' });

    // A released work order for 1 of line 2 holds its own parts: the line checks nothing more.
    await reservation('p1', '1', 'released', 804, order.lines[1].id);
    const after = await ok('GET', `/api/v1/build-orders/${order.id}/buildability`);
    expect(after.lines.map((l: { quantity: string }) => l.quantity)).toEqual(['4', '0']);

    await receive('p1', '5');
    await receive('p2', '2');
    const ready = await ok('GET', `/api/v1/build-orders/${order.id}/buildability`);
    expect(ready.canBuild).toBe(true);
    expect(ready.components.every((c: { missing: string }) => c.missing === '0')).toBe(true);
  });

  it('counts a released work order of a sub-assembly as coming, so its parts are not asked for twice', async () => {
    // 5 TOP need 10 SUB: 3 in stock, and a released work order for 7 SUB has reserved their P2 and P3 already.
    const order = await ok(
      'POST',
      '/api/v1/build-orders',
      { lines: [{ assemblyId: assembly.top!.id, quantity: '5' }] },
      201,
    );
    const sub = await ok('POST', '/api/v1/work-orders', { assemblyId: assembly.sub!.id, quantity: '7' }, 201);
    await ok('POST', `/api/v1/work-orders/${sub.id}/status`, { status: 'released' });
    const check = await ok('GET', `/api/v1/build-orders/${order.id}/buildability`);
    expect(check.subAssemblies).toEqual([
      expect.objectContaining({
        partNumber: 'SUB',
        needed: '10',
        fromStock: '3',
        fromWorkOrders: '7',
        toBuild: '0',
      }),
    ]);
    // Nothing of SUB is left to build, so its parts are not needed here; TOP's own P1 still is.
    expect(check.components.map((c: { partNumber: string }) => c.partNumber)).toEqual(['P1']);
    // Cancelled, the work order brings nothing: SUB is to build again, with its parts.
    await ok('POST', `/api/v1/work-orders/${sub.id}/status`, { status: 'cancelled' });
    const again = await ok('GET', `/api/v1/build-orders/${order.id}/buildability`);
    expect(again.subAssemblies).toEqual([
      expect.objectContaining({ partNumber: 'SUB', fromStock: '3', fromWorkOrders: '0', toBuild: '7' }),
    ]);
    expect(byPart(again.components).P2).toMatchObject({ needed: '22.05' });
  });

  it('does not count stock in a lot on hold', async () => {
    // KIT = 2 × RESIN (lot-tracked, kg); 4 KIT need 8 kg; 5 kg in each of two lots.
    const resin = (
      await ok(
        'POST',
        '/api/v1/items',
        { partNumber: 'RESIN', name: 'Resin', lotTracked: true, unitOfMeasure: 'kg' },
        201,
      )
    ).id;
    const kitItem = (
      await ok('POST', '/api/v1/items', { partNumber: 'KIT', name: 'Kit', lotTracked: false }, 201)
    ).id;
    const kit = await ok('POST', '/api/v1/assemblies', { itemId: kitItem }, 201);
    await ok('PUT', `/api/v1/assembly-revisions/${kit.draftRevisionId}`, {
      lines: [{ componentItemId: resin, quantity: '2' }],
    });
    await ok('POST', `/api/v1/assembly-revisions/${kit.draftRevisionId}/release`);
    const received = await ok(
      'POST',
      '/api/v1/stock/transactions',
      {
        kind: 'receive',
        idempotencyKey: randomUUID(),
        lines: [
          { itemId: resin, locationId: bin, quantity: '5', lotNumber: 'RS-A' },
          { itemId: resin, locationId: bin, quantity: '5', lotNumber: 'RS-B' },
        ],
      },
      201,
    );
    const order = await ok(
      'POST',
      '/api/v1/build-orders',
      { lines: [{ assemblyId: kit.id, quantity: '4' }] },
      201,
    );
    const check = async () =>
      byPart((await ok('GET', `/api/v1/build-orders/${order.id}/buildability`)).components);
    expect((await check()).RESIN).toMatchObject({ needed: '8', available: '10', missing: '0' });
    await ok('POST', `/api/v1/lots/${received.lines[1].lotId}/hold`, { reason: 'Cloudy' });
    expect((await check()).RESIN).toMatchObject({ needed: '8', available: '5', missing: '3' });
    await ok('POST', `/api/v1/lots/${received.lines[1].lotId}/release`, { reason: 'Cleared' });
    expect((await check()).RESIN).toMatchObject({ available: '10', missing: '0' });
  });

  it('answers 404 naming the line for a line of another order', async () => {
    const order = await ok('POST', '/api/v1/build-orders', {}, 201);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1/build-orders/${order.id}/buildability?lineId=${uuidv7()}`,
      headers: { origin: TEST_APP_URL, cookie: admin },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.fieldErrors).toEqual({ lineId: 'No such line on this order.' });
  });
});
