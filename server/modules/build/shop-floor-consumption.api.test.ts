// Consumption by plan through the API (decision 064): a BOM line says scan or backflush; a step's finish takes what is
// left of its backflush lines — screws from their default location, glue lots first expired — and refuses, taking
// nothing, when two lots tie or stock is short; two finishes at once take once; more than planned needs a reason;
// consuming goes on after every step is finished until completion. Bad input is 400 naming the field; another
// company gets 404 for the work order.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balancesOf,
  consumeRows,
  consumptionShopOf,
  costAndReservations,
  type TClient,
  type TConsumptionShop,
} from '../../../tests/setup/consumption-shop.ts';
import { balancesOffLedger, ledgerCount } from '../../../tests/setup/shop-floor.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let admin: TClient;
let other: TClient;
let shop: TConsumptionShop;

const wo = (id: string, rest = '') => `/api/v1/work-orders/${id}${rest}`;
const consume = (c: TClient, id: string, body: object) =>
  c.send('POST', wo(id, '/consumptions'), { idempotencyKey: randomUUID(), ...body });
const start = (id: string, step: string) => admin.ok('POST', wo(id, `/steps/${step}/start`));
const finish = (id: string, step: string, good = '1') =>
  admin.send('POST', wo(id, `/steps/${step}/finish`), { goodQuantity: good });
type TRow = { partNumber: string; source: string; quantity: string; locationCode: string; lotNumber: string };
const taken = (floor: { consumptions: TRow[] }) =>
  floor.consumptions.map((c) => [
    c.partNumber,
    c.source,
    c.quantity,
    c.lotNumber ?? c.locationCode.split(' / ')[1],
  ]);

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@plan.example', role: 'admin', companyName: 'Plan Works' });
  admin = client(t, cookie);
  other = client(t, await t.signIn({ email: 'bo@else.example', role: 'admin', companyName: 'Else Works' }));
  shop = await consumptionShopOf(t, cookie, 'C');
});
afterAll(async () => {
  await t?.close();
});

describe('the BOM line says how it is consumed', () => {
  it('defaults to scanned for a lot-tracked part and backflushed for the rest, and a new draft keeps it', async () => {
    const released = await admin.ok('GET', `/api/v1/assembly-revisions/${shop.fg.revisionId}`);
    const modes = (r: { lines: Array<{ component: { partNumber: string }; consumption: string }> }) =>
      r.lines.map((l) => [l.component.partNumber, l.consumption]);
    expect(modes(released)).toEqual([
      ['CSCREW', 'backflush'],
      ['CBOLT', 'scan'],
      ['CGLUE', 'backflush'],
    ]);
    const draft = await admin.ok('POST', `/api/v1/assemblies/${shop.fg.assemblyId}/draft`, undefined, 201);
    expect(modes(draft)).toEqual(modes(released));
  });

  it('refuses a mode it does not know, naming the line', async () => {
    const draft = await admin.ok('POST', `/api/v1/assemblies/${shop.fg.assemblyId}/draft`);
    const response = await admin.send('PUT', `/api/v1/assembly-revisions/${draft.id}`, {
      lines: [{ componentItemId: shop.items.screw, quantity: '1', consumption: 'drip' }],
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual(['lines.0.consumption']);
  });
});

describe('backflush at a step’s finish', () => {
  let first: string;

  it('takes 4 ea + 5 % for 3 — 13 screws — from their default location when Fit is finished', async () => {
    first = await shop.released(shop.fg.assemblyId, '3');
    const running = await start(first, shop.fg.steps[0]!);
    expect(
      running.steps.map((s: { backflush: Array<{ partNumber: string; left: string }> }) => s.backflush),
    ).toEqual([
      [{ itemId: shop.items.screw, partNumber: 'CSCREW', unitOfMeasure: 'ea', left: '13' }],
      [{ itemId: shop.items.glue, partNumber: 'CGLUE', unitOfMeasure: 'ea', left: '6' }],
    ]);
    const screws = running.components.find((c: { itemId: string }) => c.itemId === shop.items.screw);
    expect(screws).toMatchObject({ consumption: 'backflush', planned: '13', left: '13', over: '0' });
    expect(screws.defaultLocation).toEqual({ id: shop.home, code: 'CS / CHOME' });

    const response = await finish(first, shop.fg.steps[0]!, '3');
    expect(response.statusCode, response.body).toBe(200);
    const floor = response.json();
    expect(taken(floor)).toEqual([['CSCREW', 'backflush', '13', 'CHOME']]);
    expect(floor.steps[0].backflush[0].left).toBe('0');
    expect(await balancesOf(t, shop.companyId, shop.items.screw)).toEqual({ 'CBIN -': '50', 'CHOME -': '7' });
    const number = floor.numberText;
    expect(await consumeRows(t, shop.companyId, number)).toEqual([
      { item_id: shop.items.screw, quantity: '-13.000000', unit_cost: '0.1000' },
    ]);
    expect((await costAndReservations(t, shop.companyId, first)).materialCost).toBe('1.3000');
    expect(await balancesOffLedger(t, shop.companyId)).toEqual([]);
  });

  it('takes the glue lots first expired at Seal, the lot without a date last', async () => {
    await start(first, shop.fg.steps[1]!);
    const response = await finish(first, shop.fg.steps[1]!, '3');
    expect(response.statusCode, response.body).toBe(200);
    expect(taken(response.json()).slice(1)).toEqual([
      ['CGLUE', 'backflush', '5', 'CG-SOON'],
      ['CGLUE', 'backflush', '1', 'CG-LATE'],
    ]);
    expect(await balancesOf(t, shop.companyId, shop.items.glue)).toEqual({
      'CBIN CG-LATE': '9',
      'CBIN CG-NONE': '10',
      'CBIN CG-SOON': '0',
    });
    // 13 × 0.10 + 6 × 0.50.
    expect((await costAndReservations(t, shop.companyId, first)).materialCost).toBe('4.3000');
  });

  it('takes only what scanning left, from the location holding most when the default is short', async () => {
    const id = await shop.released(shop.fg.assemblyId, '3');
    await start(id, shop.fg.steps[0]!);
    expect(
      (await consume(admin, id, { code: 'CSCREW', quantity: '3', locationId: shop.home })).statusCode,
    ).toBe(201);
    const response = await finish(id, shop.fg.steps[0]!, '3');
    expect(response.statusCode, response.body).toBe(200);
    // The default location holds 4 after the scan, short of 10: the bin's 50 give them all.
    expect(taken(response.json())).toEqual([
      ['CSCREW', 'scan', '3', 'CHOME'],
      ['CSCREW', 'backflush', '10', 'CBIN'],
    ]);
  });

  it('asks to scan when two lots tie on expiry and receipt, and takes nothing', async () => {
    const id = await shop.released(shop.tied.assemblyId, '1');
    await start(id, shop.tied.steps[0]!);
    const ledger = await ledgerCount(t, shop.companyId);
    const refused = await finish(id, shop.tied.steps[0]!);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      message:
        'CTIE: lots CT-1 and CT-2 expire and were received alike. Scan the lot that was used. Nothing was taken.',
      fieldErrors: { stepId: expect.any(String) },
    });
    expect(await ledgerCount(t, shop.companyId)).toEqual(ledger);
    const floor = await admin.ok('GET', wo(id, '/floor'));
    expect(floor.steps[0].run.status).toBe('running');
    expect((await consume(admin, id, { code: 'CT-2', quantity: '1', locationId: shop.bin })).statusCode).toBe(
      201,
    );
    const done = await finish(id, shop.tied.steps[0]!);
    expect(done.statusCode, done.body).toBe(200);
    expect(taken(done.json())).toEqual([['CTIE', 'scan', '1', 'CT-2']]);
  });

  it('refuses the finish when stock is short, naming the part and what is missing; nothing moves', async () => {
    const id = await shop.released(shop.shorty.assemblyId, '1');
    await admin.ok(
      'POST',
      '/api/v1/stock/transactions',
      {
        idempotencyKey: randomUUID(),
        kind: 'issue',
        lines: [{ itemId: shop.items.short, locationId: shop.bin, quantity: '2' }],
      },
      201,
    );
    await start(id, shop.shorty.steps[0]!);
    const ledger = await ledgerCount(t, shop.companyId);
    const refused = await finish(id, shop.shorty.steps[0]!);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(
      'Not enough CSHORT on hand to backflush: 2 ea missing. Scan what was used, or change the plan. Nothing was taken.',
    );
    expect(await ledgerCount(t, shop.companyId)).toEqual(ledger);
    expect((await admin.ok('GET', wo(id, '/floor'))).steps[0].run.status).toBe('running');
    expect(await balancesOf(t, shop.companyId, shop.items.short)).toEqual({ 'CBIN -': '1' });
  });

  it('backflushes once when two operators finish the step at once', async () => {
    const id = await shop.released(shop.fg.assemblyId, '1');
    await start(id, shop.fg.steps[0]!);
    const [a, b] = await Promise.all([finish(id, shop.fg.steps[0]!), finish(id, shop.fg.steps[0]!)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const floor = await admin.ok('GET', wo(id, '/floor'));
    // 4 + 5 % of one is 4.2: 5 whole screws, taken once.
    expect(await consumeRows(t, shop.companyId, floor.numberText)).toEqual([
      { item_id: shop.items.screw, quantity: '-5.000000', unit_cost: '0.1000' },
    ]);
  });
});

describe('more than planned', () => {
  let kit: string;

  beforeAll(async () => {
    kit = await shop.released(shop.kit.assemblyId, '2');
    await start(kit, shop.kit.steps[0]!);
  });

  it('asks why, and with a reason takes it as the line’s variance', async () => {
    const ledger = await ledgerCount(t, shop.companyId);
    const bare = await consume(admin, kit, { code: 'CNUT', quantity: '5', locationId: shop.bin });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json().error.fieldErrors).toEqual({ reason: 'Say why more than planned was used' });
    expect(await ledgerCount(t, shop.companyId)).toEqual(ledger);

    const said = await consume(admin, kit, {
      code: 'CNUT',
      quantity: '5',
      locationId: shop.bin,
      reason: 'Two dropped',
    });
    expect(said.statusCode, said.body).toBe(201);
    const floor = said.json().floor;
    const nuts = floor.components.find((c: { itemId: string }) => c.itemId === shop.items.nut);
    expect(nuts).toMatchObject({ planned: '4', consumed: '5', left: '0', over: '1' });
    expect(floor.consumptions[0]).toMatchObject({ source: 'scan', quantity: '5', reason: 'Two dropped' });
    expect((await costAndReservations(t, shop.companyId, kit)).materialCost).toBe('0.2500');
  });

  it('still never takes more than the location holds', async () => {
    const response = await consume(admin, kit, {
      code: 'CNUT',
      quantity: '1000',
      locationId: shop.bin,
      reason: 'A whole box',
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual(['quantity']);
  });

  it('consumes after every step is finished, until the work order is completed', async () => {
    expect((await finish(kit, shop.kit.steps[0]!, '2')).statusCode).toBe(200);
    const late = await consume(admin, kit, { code: 'CB-1', quantity: '2', locationId: shop.bin });
    expect(late.statusCode, late.body).toBe(201);
    await admin.ok('POST', wo(kit, '/outputs'), { idempotencyKey: randomUUID(), goodQuantity: '2' }, 201);
    expect((await admin.ok('POST', wo(kit, '/complete'), {})).status).toBe('completed');
    const after = await consume(admin, kit, { code: 'CB-1', quantity: '1', locationId: shop.bin });
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toBe(
      'This work order is completed: components are consumed while it is in progress.',
    );
  });
});

describe('bad input', () => {
  it.each([
    ['resolutions.0.action', { resolutions: [{ itemId: randomUUID(), action: 'keep' }] }],
    ['resolutions.0.itemId', { resolutions: [{ itemId: 'bolt', action: 'consume' }] }],
    ['resolutions.0.quantity', { resolutions: [{ itemId: randomUUID(), action: 'used', quantity: 'some' }] }],
    [
      'resolutions.0.reason',
      { resolutions: [{ itemId: randomUUID(), action: 'return', reason: 'x'.repeat(501) }] },
    ],
  ])('refuses a completion with a bad %s', async (field, body) => {
    const id = await shop.released(shop.kit.assemblyId, '1');
    const response = await admin.send('POST', wo(id, '/complete'), body);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual([field]);
  });

  it('refuses a consumption reason that is too long', async () => {
    const id = await shop.released(shop.kit.assemblyId, '1');
    await start(id, shop.kit.steps[0]!);
    const response = await consume(admin, id, {
      code: 'CNUT',
      quantity: '3',
      locationId: shop.bin,
      reason: 'x'.repeat(501),
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual(['reason']);
  });
});

describe('another company', () => {
  it('gets 404 for the work order’s completion, consumption and finish, and nothing changes', async () => {
    const id = await shop.released(shop.fg.assemblyId, '1');
    await start(id, shop.fg.steps[0]!);
    const floor = await admin.ok('GET', wo(id, '/floor'));
    const ledger = await ledgerCount(t, shop.companyId);
    const attempts = [
      other.send('POST', wo(id, '/complete'), {
        resolutions: [{ itemId: shop.items.bolt, action: 'consume' }],
      }),
      consume(other, id, { code: 'CSCREW', quantity: '9', locationId: shop.bin, reason: 'Mine now' }),
      other.send('POST', wo(id, `/steps/${shop.fg.steps[0]}/finish`), { goodQuantity: '1' }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode, response.body).toBe(404);
    expect(await admin.ok('GET', wo(id, '/floor'))).toEqual(floor);
    expect(await ledgerCount(t, shop.companyId)).toEqual(ledger);
  });
});
