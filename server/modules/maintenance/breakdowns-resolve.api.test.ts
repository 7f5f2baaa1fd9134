// Working and resolving breakdowns through the API (decision 057), as a technician (a plain user) does: started (the
// machine in maintenance), resolved with cause, action, repair time and parts issued from stock through the ledger
// (the machine back up, the downtime closed) — one transaction. Refusals name their field and change nothing: bad
// input 400, an item, lot or location that is not the company's 404, starting or resolving twice and a part short in
// stock 409. Instants come from the app clock. Reporting is breakdowns.api.test.ts; the list, breakdowns-list.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BREAKDOWN_MESSAGES } from '#common/schemas/breakdowns.ts';
import { MAINTENANCE_PART_MESSAGES } from '#common/schemas/maintenance-parts.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client, shopOf, type TShop } from '../../../tests/setup/work-orders-shop.ts';
import { manualClock } from '../../clock.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { items } from '../inventory/inventory.tables.ts';
import { lots, stockBalances, stockTransactions } from '../inventory/stock.tables.ts';
import { type breakdowns, maintenanceParts } from './breakdowns.tables.ts';
import { machineStatusEvents } from './machines.tables.ts';

const NOWHERE = '00000000-0000-4000-8000-000000000000';
const clock = manualClock('2026-03-02T08:00:00Z');
let t: TTestApp;
let adminCookie: string;
let admin: ReturnType<typeof client>;
let tech: ReturnType<typeof client>;
let techCookie: string;
let shop: TShop;
let lathe: string;
let press: string;
let belt: string;

const db = () => t.database.db;
const onHand = async (itemId: string) =>
  (await db().select().from(items).where(eq(items.id, itemId)))[0]!.onHand;
const countOf = async (table: typeof breakdowns | typeof maintenanceParts | typeof machineStatusEvents) =>
  (await db().select().from(table)).length;
const setMaintenance = async (on: boolean) => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/company/label-config',
    headers: { origin: TEST_APP_URL, cookie: adminCookie },
    payload: { enableMaintenanceFeature: on },
  });
  expect(response.statusCode, response.body).toBe(200);
};
const eventsOf = (breakdownId: string) =>
  db().select().from(machineStatusEvents).where(eq(machineStatusEvents.breakdownId, breakdownId));

beforeAll(async () => {
  t = await createTestApp({ clock });
  adminCookie = await t.signIn({ email: 'ada@resolve.example', role: 'admin', companyName: 'Resolve Works' });
  admin = client(t, adminCookie);
  techCookie = await t.signIn({ email: 'tom@resolve.example', role: 'user', companyName: 'Resolve Works' });
  tech = client(t, techCookie);
  await setMaintenance(true);
  shop = await shopOf(t, adminCookie, 'FX');
  lathe = (await admin.ok('POST', '/api/v1/machines', { name: 'Lathe', assetTag: 'LT-1' }, 201)).id;
  press = (await admin.ok('POST', '/api/v1/machines', { name: 'Press', assetTag: 'PR-1' }, 201)).id;
  belt = await shop.item('BELT-A', '12.5');
  await shop.receive(belt, '5');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('working and resolving a breakdown', () => {
  let id: string;

  it('starts work: in progress, the machine in maintenance; starting again is 409 naming status', async () => {
    const made = await tech.ok('POST', '/api/v1/breakdowns', { machineId: press, problem: 'Ram stuck' }, 201);
    id = made.id;
    clock.set('2026-03-02T08:20:00Z');
    const started = await tech.ok('POST', `/api/v1/breakdowns/${id}/start`);
    expect(started).toMatchObject({
      status: 'in_progress',
      startedAt: '2026-03-02T08:20:00.000Z',
      machine: { status: 'in_maintenance' },
    });
    expect(started.machineEvents.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      'down',
      'in_maintenance',
    ]);
    const again = await tech.send('POST', `/api/v1/breakdowns/${id}/start`);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.fieldErrors).toEqual({
      status: BREAKDOWN_MESSAGES.alreadyStarted(made.number),
    });
  });

  it('refuses a part short in stock with 409 naming parts.0.quantity, and changes nothing at all', async () => {
    const before = {
      onHand: await onHand(belt),
      parts: await countOf(maintenanceParts),
      postings: (await db().select().from(stockTransactions)).length,
      events: (await eventsOf(id)).length,
    };
    const short = await tech.send('POST', `/api/v1/breakdowns/${id}/resolve`, {
      cause: 'Worn belt',
      action: 'Replaced',
      repairMinutes: 15,
      parts: [{ itemId: belt, locationId: shop.bin, quantity: '6' }],
    });
    expect(short.statusCode, short.body).toBe(409);
    expect(Object.keys(short.json().error.fieldErrors)).toEqual(['parts.0.quantity']);
    expect(short.json().error.message).toMatch(
      /^Not enough stock: BELT-A at FX-S \/ BIN has 5, and 6 is needed/,
    );
    expect({
      onHand: await onHand(belt),
      parts: await countOf(maintenanceParts),
      postings: (await db().select().from(stockTransactions)).length,
      events: (await eventsOf(id)).length,
    }).toEqual(before);
    expect((await tech.ok('GET', `/api/v1/breakdowns/${id}`)).status).toBe('in_progress');
  });

  it.each([
    [{ cause: '', action: 'a', repairMinutes: 1 }, 'cause'],
    [{ cause: 'c', action: ' ', repairMinutes: 1 }, 'action'],
    [{ cause: 'c', action: 'a', repairMinutes: -1 }, 'repairMinutes'],
    [{ cause: 'c', action: 'a', repairMinutes: 1.5 }, 'repairMinutes'],
    [{ cause: 'c', action: 'a' }, 'repairMinutes'],
    [{ cause: 'c', action: 'a', repairMinutes: 1, machineStatus: 'fixed' }, 'machineStatus'],
    [
      {
        cause: 'c',
        action: 'a',
        repairMinutes: 1,
        parts: [{ itemId: 'x', locationId: NOWHERE, quantity: '1' }],
      },
      'parts.0.itemId',
    ],
    [
      {
        cause: 'c',
        action: 'a',
        repairMinutes: 1,
        parts: [{ itemId: NOWHERE, locationId: NOWHERE, quantity: '0' }],
      },
      'parts.0.quantity',
    ],
    [
      {
        cause: 'c',
        action: 'a',
        repairMinutes: 1,
        parts: [{ itemId: NOWHERE, locationId: NOWHERE, quantity: '1.1234567' }],
      },
      'parts.0.quantity',
    ],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const response = await tech.send('POST', `/api/v1/breakdowns/${id}/resolve`, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
    expect((await tech.ok('GET', `/api/v1/breakdowns/${id}`)).status).toBe('in_progress');
  });

  it.each(['itemId', 'locationId', 'lotId'] as const)(
    'refuses a part whose %s is not the company’s: 404 naming it, nothing issued',
    async (field) => {
      const part = { itemId: belt, locationId: shop.bin, quantity: '1', [field]: NOWHERE };
      const before = await onHand(belt);
      const response = await tech.send('POST', `/api/v1/breakdowns/${id}/resolve`, {
        cause: 'c',
        action: 'a',
        repairMinutes: 1,
        parts: [{ itemId: belt, locationId: shop.bin, quantity: '1' }, part],
      });
      expect(response.statusCode, response.body).toBe(404);
      const message = {
        itemId: MAINTENANCE_PART_MESSAGES.itemNotFound,
        locationId: MAINTENANCE_PART_MESSAGES.locationNotFound,
        lotId: MAINTENANCE_PART_MESSAGES.lotNotFound,
      }[field];
      expect(response.json().error.fieldErrors).toEqual({ [`parts.1.${field}`]: message });
      expect(await onHand(belt)).toBe(before);
    },
  );

  it('refuses a repair longer than the downtime with 400 naming repairMinutes, and changes nothing (decision 067)', async () => {
    // Reported at 08:00, the clock at 08:20: the machine has been down 20 minutes, so 45 minutes of repair cannot be.
    const before = {
      onHand: await onHand(belt),
      parts: await countOf(maintenanceParts),
      events: (await eventsOf(id)).length,
    };
    const response = await tech.send('POST', `/api/v1/breakdowns/${id}/resolve`, {
      cause: 'Worn belt',
      action: 'Replaced',
      repairMinutes: 45,
      parts: [{ itemId: belt, locationId: shop.bin, quantity: '1' }],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fieldErrors).toEqual({
      repairMinutes: BREAKDOWN_MESSAGES.repairOverDowntime(20),
    });
    expect(BREAKDOWN_MESSAGES.repairOverDowntime(20)).toMatch(/Enter at most 20 minutes of repair/);
    expect({
      onHand: await onHand(belt),
      parts: await countOf(maintenanceParts),
      events: (await eventsOf(id)).length,
    }).toEqual(before);
    expect(await tech.ok('GET', `/api/v1/breakdowns/${id}`)).toMatchObject({
      status: 'in_progress',
      repairMinutes: null,
    });
  });

  it('resolves: parts issued through the ledger, the machine running again, the downtime closed — and only once', async () => {
    clock.set('2026-03-02T09:30:00Z');
    const resolved = await tech.ok('POST', `/api/v1/breakdowns/${id}/resolve`, {
      cause: 'Worn belt',
      action: 'Replaced the drive belt',
      repairMinutes: 65,
      parts: [{ itemId: belt, locationId: shop.bin, quantity: '2' }],
    });
    expect(resolved).toMatchObject({
      status: 'resolved',
      resolvedAt: '2026-03-02T09:30:00.000Z',
      cause: 'Worn belt',
      action: 'Replaced the drive belt',
      repairMinutes: 65,
      downtimeMinutes: 90,
      machine: { status: 'running' },
      parts: [{ itemId: belt, partNumber: 'BELT-A', locationId: shop.bin, quantity: '2', lotId: null }],
    });
    expect(resolved.machineEvents.map((e: { toStatus: string }) => e.toStatus)).toEqual([
      'down',
      'in_maintenance',
      'running',
    ]);
    expect(await onHand(belt)).toMatch(/^3(\.0+)?$/);
    const [posting] = await db()
      .select()
      .from(stockTransactions)
      .where(eq(stockTransactions.id, resolved.parts[0].transactionId));
    expect(posting).toMatchObject({
      kind: 'maintenance-issue',
      reference: `Breakdown ${resolved.number} · PR-1`,
    });
    expect(posting!.postedAt.toISOString()).toBe('2026-03-02T09:30:00.000Z');
    const [balance] = await db()
      .select()
      .from(stockBalances)
      .where(and(eq(stockBalances.itemId, belt), eq(stockBalances.locationId, shop.bin)));
    expect(balance!.quantity).toMatch(/^3(\.0+)?$/);

    const twice = await tech.send('POST', `/api/v1/breakdowns/${id}/resolve`, {
      cause: 'c',
      action: 'a',
      repairMinutes: 1,
      parts: [{ itemId: belt, locationId: shop.bin, quantity: '1' }],
    });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().error.fieldErrors).toEqual({
      status: BREAKDOWN_MESSAGES.alreadyResolved(resolved.number),
    });
    expect(await onHand(belt)).toMatch(/^3(\.0+)?$/);
    const start = await tech.send('POST', `/api/v1/breakdowns/${id}/start`);
    expect(start.statusCode).toBe(409);
    const trail = await db()
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityId, id), eq(auditEntries.action, 'resolved')));
    expect(trail).toHaveLength(1);
  });

  it('resolves a reported breakdown straight away, leaving the machine as the technician says', async () => {
    const made = await tech.ok('POST', '/api/v1/breakdowns', { machineId: press, problem: 'Light out' }, 201);
    clock.set('2026-03-02T09:45:00Z');
    const done = await tech.ok('POST', `/api/v1/breakdowns/${made.id}/resolve`, {
      cause: 'Bulb',
      action: 'Waiting for a bulb',
      repairMinutes: 0,
      machineStatus: 'down',
    });
    expect(done).toMatchObject({
      status: 'resolved',
      startedAt: null,
      downtimeMinutes: 15,
      machine: { status: 'down' },
    });
    // Down → down is no move: the report's event is the only one.
    expect(done.machineEvents).toHaveLength(1);
  });

  it('needs the lot of a lot-tracked part (400 naming parts.0.lotId) and issues from it', async () => {
    const tracked = await admin.ok(
      'POST',
      '/api/v1/items',
      { partNumber: 'SEAL-L', name: 'Seal', unitCost: '3', lotTracked: true },
      201,
    );
    await shop.receive(tracked.id, '4', 'L-77');
    const [lot] = await db().select().from(lots).where(eq(lots.itemId, tracked.id));
    const lotId = lot!.id;
    const made = await tech.ok('POST', '/api/v1/breakdowns', { machineId: lathe, problem: 'Seal leak' }, 201);
    // Resolved the moment it was reported (the clock stands still): no time down, so no time repairing.
    const body = { cause: 'Seal', action: 'New seal', repairMinutes: 0 };
    const noLot = await tech.send('POST', `/api/v1/breakdowns/${made.id}/resolve`, {
      ...body,
      parts: [{ itemId: tracked.id, locationId: shop.bin, quantity: '1' }],
    });
    expect(noLot.statusCode, noLot.body).toBe(400);
    expect(noLot.json().error.fieldErrors).toEqual({
      'parts.0.lotId': MAINTENANCE_PART_MESSAGES.lotRequired,
    });
    const done = await tech.ok('POST', `/api/v1/breakdowns/${made.id}/resolve`, {
      ...body,
      parts: [{ itemId: tracked.id, lotId, locationId: shop.bin, quantity: '1' }],
    });
    expect(done.parts).toEqual([expect.objectContaining({ lotId, lotNumber: 'L-77', quantity: '1' })]);
  });
});
