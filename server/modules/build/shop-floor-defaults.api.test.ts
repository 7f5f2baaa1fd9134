// The floor view's defaults (decision 064, "Floor defaults"): where the output is put away when the work order names
// no output location — the assembly item's default location, which the floor view carries for the output form — and
// the component's "Taken from", where its stock lies. Another company's work order is not found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floorShopOf, type TClient, type TFloorShop } from '../../../tests/setup/shop-floor.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let admin: TClient;
let stranger: TClient;
let shop: TFloorShop;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@defaults.example', role: 'admin', companyName: 'Defaults' });
  admin = client(t, cookie);
  stranger = client(t, await t.signIn({ email: 'eve@other.example', role: 'admin', companyName: 'Other' }));
  shop = await floorShopOf(t, cookie, 'D');
});

afterAll(async () => {
  await t?.close();
});

describe('the floor view’s defaults', () => {
  it('carries the assembly item’s default location once it has one, for a work order with no output location', async () => {
    const made = await admin.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: shop.top.assemblyId, quantity: '1' },
      201,
    );
    const floor = (id: string) => admin.ok('GET', `/api/v1/work-orders/${id}/floor`);

    const before = await floor(made.id);
    expect(before.outputLocation).toBeNull();
    expect(before.assemblyDefaultLocation).toBeNull();

    await admin.ok('PATCH', `/api/v1/items/${shop.items.top}`, { defaultLocationId: shop.out });
    await admin.ok('POST', `/api/v1/work-orders/${made.id}/status`, { status: 'released' });
    const after = await floor(made.id);
    expect(after.outputLocation).toBeNull();
    expect(after.assemblyDefaultLocation).toEqual({ id: shop.out, code: 'DS / OUT' });
    // Each component points "Taken from" where its stock lies: the stores bin, where everything was received.
    expect(
      after.components.map((c: { defaultLocation: { code: string } | null }) => c.defaultLocation?.code),
    ).toEqual(['DS / BIN', 'DS / BIN', 'DS / BIN']);
  });

  it('is not found for another company', async () => {
    const made = await admin.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: shop.top.assemblyId, quantity: '1' },
      201,
    );
    const response = await stranger.send('GET', `/api/v1/work-orders/${made.id}/floor`);
    expect(response.statusCode).toBe(404);
  });
});
