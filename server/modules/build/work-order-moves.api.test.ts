// The life of a work order through the API: every move outside WORK_ORDER_TRANSITIONS refused (the whole table
// walked) with nothing changed; releasing reserves the direct components with scrap (sub-assemblies as items) and
// the stock list and item page show reserved and available; a shortage refuses the release naming the part; two
// releases competing for the same stock do not both succeed; unreleasing and cancelling give the stock back; the
// order follows its work orders.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TWorkOrderStatus,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TRANSITIONS,
} from '#common/work-order-status.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client, shopOf, type TShop } from '../../../tests/setup/work-orders-shop.ts';
import { tenantFor } from '../../db/tenant.ts';
import { buildOrders } from './orders.tables.ts';
import { applyMove } from './work-order-moves.service.ts';
import { lockWorkOrder } from './work-orders.repo.ts';
import { workOrders } from './work-orders.tables.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let shop: TShop;
let screw: string;
let sub: string;
let top: { assemblyId: string };
let companyId: string;
let userId: string;

/** The path from planned to each status, by allowed moves. */
const PATH: Record<TWorkOrderStatus, TWorkOrderStatus[]> = {
  planned: [],
  released: ['released'],
  in_progress: ['released', 'in_progress'],
  paused: ['released', 'in_progress', 'paused'],
  completed: ['released', 'in_progress'],
  cancelled: ['cancelled'],
};

const make = async (quantity = '1', extra: object = {}) =>
  (await admin.ok('POST', '/api/v1/work-orders', { assemblyId: top.assemblyId, quantity, ...extra }, 201))
    .id as string;
const move = (id: string, status: string) =>
  admin.send('POST', `/api/v1/work-orders/${id}/status`, { status });
const moved = async (id: string, status: string) => {
  const response = await move(id, status);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
/**
 * Completes the work order the way the shop floor does, once its output is recorded (`good` units, written as the
 * output would): its own move, applyMove.
 */
async function completeOnTheFloor(id: string, good = '0') {
  const tenant = tenantFor(t.database.db, { companyId, userId, role: 'admin' }, { userId, name: 'Floor' });
  await tenant.run(async (tx) => {
    await tx.update(workOrders).set({ goodQuantity: good }).where(eq(workOrders.id, id));
    const wo = await lockWorkOrder(tx, companyId, id);
    await applyMove(tx, tenant, wo as NonNullable<typeof wo>, 'completed');
  });
}
const stockRow = async (partNumber: string) =>
  (await admin.ok('GET', `/api/v1/stock?q=${partNumber}`)).items.find(
    (r: { partNumber: string }) => r.partNumber === partNumber,
  );

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@moves.example', role: 'admin', companyName: 'Moves Works' });
  admin = client(t, cookie);
  ({ companyId, id: userId } = (await admin.ok('GET', '/api/v1/session')).user);
  other = client(
    t,
    await t.signIn({ email: 'bo@elsewhere.example', role: 'admin', companyName: 'Elsewhere' }),
  );
  shop = await shopOf(t, cookie, 'M');
  screw = await shop.item('M-SCREW');
  sub = await shop.item('M-SUB');
  // The sub-assembly is reserved as an item: its own components are not exploded.
  await shop.released(sub, [{ componentItemId: screw, quantity: '1' }]);
  top = await shop.released(await shop.item('M-TOP'), [
    { componentItemId: screw, quantity: '2', scrapPercent: '10' },
    { componentItemId: sub, quantity: '1' },
    { componentItemId: screw, quantity: '0.5' },
  ]);
  await shop.receive(screw, '1000');
  await shop.receive(sub, '100');
  // Two companies, their parts and released assemblies through the API: slow on a loaded machine, never hung.
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the transition table', () => {
  it.each(WORK_ORDER_STATUSES)('refuses every move from %s that the table does not allow', async (from) => {
    const id = await make();
    for (const step of PATH[from]) await moved(id, step);
    if (from === 'completed') await completeOnTheFloor(id);
    for (const to of WORK_ORDER_STATUSES.filter((s) => !WORK_ORDER_TRANSITIONS[from].includes(s))) {
      const response = await move(id, to);
      expect(response.statusCode, `${from} → ${to}`).toBe(409);
      const { error } = response.json();
      expect(error.code).toBe('INVALID_TRANSITION');
      expect(error.message).toBe(
        `A work order cannot go from ${from.replace('_', ' ')} to ${to.replace('_', ' ')}.`,
      );
    }
    expect((await admin.ok('GET', `/api/v1/work-orders/${id}`)).status).toBe(from);
  });

  it('refuses a status that does not exist, naming the field, and another company’s work order', async () => {
    const id = await make();
    const bad = await move(id, 'shipped');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors)).toEqual(['status']);
    expect(
      (await other.send('POST', `/api/v1/work-orders/${id}/status`, { status: 'cancelled' })).statusCode,
    ).toBe(404);
    expect((await admin.ok('GET', `/api/v1/work-orders/${id}`)).status).toBe('planned');
  });
});

describe('reservations', () => {
  it('releasing reserves each item once, with scrap; inventory shows reserved and available', async () => {
    const before = await stockRow('M-SCREW');
    const id = await make('10');
    const released = await moved(id, 'released');
    // Screws: 2 × 10 × 1.1 + 0.5 × 10 = 27; the sub-assembly: 10, as an item.
    expect(
      released.components.map((c: Record<string, string>) => [c.partNumber, c.required, c.reserved]),
    ).toEqual([
      ['M-SCREW', '27', '27'],
      ['M-SUB', '10', '10'],
    ]);
    expect(released.releasedAt).not.toBeNull();
    const after = await stockRow('M-SCREW');
    expect(Number(after.reserved) - Number(before.reserved)).toBe(27);
    expect(Number(after.available)).toBe(Number(after.onHand) - Number(after.reserved));
    const balances = await admin.ok('GET', `/api/v1/items/${screw}/balances`);
    expect(balances).toMatchObject({ total: '1000', reserved: after.reserved, available: after.available });

    // Back to planned gives it back; releasing again reserves it again.
    await moved(id, 'planned');
    expect((await stockRow('M-SCREW')).reserved).toBe(before.reserved);
    await moved(id, 'released');
    expect((await stockRow('M-SCREW')).reserved).toBe(after.reserved);
    const cancelled = await moved(id, 'cancelled');
    expect(cancelled.components.map((c: Record<string, string>) => c.reserved)).toEqual(['0', '0']);
    expect((await stockRow('M-SCREW')).reserved).toBe(before.reserved);
  });

  it('refuses a release that stock cannot cover, naming the part, and reserves nothing', async () => {
    const before = await stockRow('M-SUB');
    const id = await make('1000');
    const response = await move(id, 'released');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/M-SCREW needs 2700 ea, [\d.]+ available \([\d.]+ short\)/);
    expect(response.json().error.message).toMatch(/M-SUB needs 1000 ea/);
    expect((await admin.ok('GET', `/api/v1/work-orders/${id}`)).status).toBe('planned');
    expect((await stockRow('M-SUB')).reserved).toBe(before.reserved);
  });

  it('lets only one of two releases competing for the last stock succeed', async () => {
    const free = Number((await stockRow('M-SUB')).available);
    // Each needs more than half of what is free: both cannot be covered.
    const quantity = String(Math.floor(free / 2) + 1);
    const [a, b] = [await make(quantity), await make(quantity)];
    const answers = await Promise.all([move(a, 'released'), move(b, 'released')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(Number((await stockRow('M-SUB')).available)).toBe(free - Number(quantity));
    for (const id of [a, b]) await move(id, 'cancelled');
  });

  it('is not completed by hand; completing on the floor gives back what was not consumed', async () => {
    const before = await stockRow('M-SCREW');
    const id = await make('2');
    await moved(id, 'released');
    const started = await moved(id, 'in_progress');
    expect(started.startedAt).not.toBeNull();
    await moved(id, 'paused');
    await moved(id, 'in_progress');
    const byHand = await move(id, 'completed');
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().error.fieldErrors.status).toMatch(/completed on the shop floor/);
    await completeOnTheFloor(id);
    const done = await admin.ok('GET', `/api/v1/work-orders/${id}`);
    expect(done).toMatchObject({ status: 'completed', startedAt: started.startedAt });
    expect(done.completedAt).not.toBeNull();
    expect((await stockRow('M-SCREW')).reserved).toBe(before.reserved);
  });
});

describe('the order follows its work orders', () => {
  it('goes in progress when one starts and done once the good units cover every line', async () => {
    const { orderId, lineId } = await shop.order(top.assemblyId, 'open', '2');
    const status = async () =>
      (await t.database.db.select().from(buildOrders).where(eq(buildOrders.id, orderId)))[0]?.status;
    const [a, b] = [await make('1', { orderLineId: lineId }), await make('1', { orderLineId: lineId })];
    await moved(a, 'released');
    expect(await status()).toBe('open');
    await moved(a, 'in_progress');
    expect(await status()).toBe('in_progress');
    await completeOnTheFloor(a, '1');
    expect(await status()).toBe('in_progress');
    await moved(b, 'released');
    await moved(b, 'in_progress');
    await completeOnTheFloor(b, '1');
    expect(await status()).toBe('done');
  });

  it('stays in progress when its work orders are finished but a line is short, for the planner to decide', async () => {
    const { orderId, lineId } = await shop.order(top.assemblyId, 'open', '2');
    const [a, b] = [await make('1', { orderLineId: lineId }), await make('1', { orderLineId: lineId })];
    await moved(a, 'released');
    await moved(a, 'in_progress');
    await completeOnTheFloor(a, '1');
    await moved(b, 'cancelled');
    const [order] = await t.database.db.select().from(buildOrders).where(eq(buildOrders.id, orderId));
    expect(order?.status).toBe('in_progress');
  });

  it('is not done when every work order was cancelled', async () => {
    const { orderId, lineId } = await shop.order(top.assemblyId, 'open');
    await moved(await make('1', { orderLineId: lineId }), 'cancelled');
    const [order] = await t.database.db.select().from(buildOrders).where(eq(buildOrders.id, orderId));
    expect(order?.status).toBe('open');
  });
});
