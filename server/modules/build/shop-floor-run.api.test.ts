// A work order run on the floor through the API (decision 049): a sub-assembly built into a lot, then a top assembly
// from it step by step — started in order, paused and resumed, components consumed by scan (lot number, lot label,
// part number) and the screws' last one backflushed at its step's finish (decision 064), output in parts into new
// lots with scrap, completion refused until every step is finished and some
// output is recorded, then completed with the rest of the reservation given back. Afterwards every balance equals the
// sum of its ledger rows and the lots' genealogy reaches through the sub-assembly both ways. Two operators finishing
// one step at once record it once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balancesOffLedger,
  floorShopOf,
  type TClient,
  type TFloorShop,
} from '../../../tests/setup/shop-floor.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let admin: TClient;
let operator: TClient;
let shop: TFloorShop;

const wo = (id: string, rest = '') => `/api/v1/work-orders/${id}${rest}`;
const consume = (c: TClient, id: string, body: object) =>
  c.send('POST', wo(id, '/consumptions'), { idempotencyKey: randomUUID(), ...body });
const output = (c: TClient, id: string, body: object) =>
  c.send('POST', wo(id, '/outputs'), { idempotencyKey: randomUUID(), ...body });
const codeOf = (response: {
  statusCode: number;
  body: string;
  json: () => { error: { message: string } };
}) => (response.statusCode === 200 || response.statusCode === 201 ? 'ok' : response.json().error.message);

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@floor.example', role: 'admin', companyName: 'Floor Works' });
  admin = client(t, cookie);
  operator = client(
    t,
    await t.signIn({
      email: 'otto@floor.example',
      role: 'user',
      companyName: 'Floor Works',
      firstName: 'Otto',
      lastName: 'Op',
    }),
  );
  shop = await floorShopOf(t, cookie, 'F');
});
afterAll(async () => {
  await t?.close();
});

describe('a full run', () => {
  let subLot: string;
  let topLots: string[];

  it('builds the sub-assembly into a new lot from a lot of wire', async () => {
    const id = await shop.released(shop.sub.assemblyId, '2');
    const started = await operator.ok('POST', wo(id, `/steps/${shop.sub.steps[0]}/start`));
    expect(started.status).toBe('in_progress');
    expect(started.steps[0].run).toMatchObject({
      status: 'running',
      startedByName: expect.stringContaining('Otto'),
    });
    // Typed, as a keyboard-wedge scanner types: the lot number.
    const used = await consume(operator, id, { code: 'FW-1', quantity: '4', locationId: shop.bin });
    expect(used.statusCode, used.body).toBe(201);
    expect(used.json().floor.components[0]).toMatchObject({ reserved: '4', consumed: '4', left: '0' });
    const out = await output(operator, id, { goodQuantity: '2' });
    expect(out.statusCode, out.body).toBe(201);
    const floor = out.json().floor;
    expect(floor.outputs[0]).toMatchObject({ goodQuantity: '2', lotNumber: `${floor.numberText}-1` });
    expect(floor.goodQuantity).toBe('2');
    subLot = floor.outputs[0].lotId;
    await operator.ok('POST', wo(id, `/steps/${shop.sub.steps[0]}/finish`), { goodQuantity: '2' });
    const done = await operator.ok('POST', wo(id, '/complete'));
    expect(done.status).toBe('completed');
    const lot = await admin.ok('GET', `/api/v1/lots/${subLot}`);
    expect(lot.balances).toEqual([expect.objectContaining({ locationId: shop.out, quantity: '2' })]);
  });

  it('runs the top assembly step by step, in order, with output in parts', async () => {
    const id = await shop.released(shop.top.assemblyId, '2');
    const [fit, fasten] = shop.top.steps as [string, string];
    const early = await consume(operator, id, { code: 'FSCREW', quantity: '1', locationId: shop.bin });
    expect(codeOf(early)).toBe('This work order is released: start a step first.');
    const outOfOrder = await operator.send('POST', wo(id, `/steps/${fasten}/start`));
    expect(outOfOrder.statusCode).toBe(409);
    expect(codeOf(outOfOrder)).toBe('Finish “Fit” first: steps are run in order.');

    await operator.ok('POST', wo(id, `/steps/${fit}/start`));
    const again = await operator.send('POST', wo(id, `/steps/${fit}/start`));
    expect(codeOf(again)).toBe('This step has already been started.');
    const paused = await operator.ok('POST', wo(id, `/steps/${fit}/pause`));
    expect(paused.steps[0].run).toMatchObject({ status: 'paused', pausedAt: expect.any(String) });
    const resumed = await operator.ok('POST', wo(id, `/steps/${fit}/resume`));
    expect(resumed.steps[0].run).toMatchObject({ status: 'running', pausedAt: null });
    expect(Number.isNaN(Number(resumed.steps[0].run.pausedMinutes))).toBe(false);

    // The sub-assembly's lot by its label, the bolt by lot number, the screws (not lot-tracked) by part number.
    const sub = await consume(operator, id, {
      code: await shop.lotLabel(subLot),
      quantity: '2',
      locationId: shop.out,
    });
    expect(sub.statusCode, sub.body).toBe(201);
    // One screw fewer than planned: the screws are backflushed, so Fit's finish takes the fourth.
    expect(
      (await consume(operator, id, { code: 'FSCREW', quantity: '3', locationId: shop.bin })).statusCode,
    ).toBe(201);
    const fitted = await operator.ok('POST', wo(id, `/steps/${fit}/finish`), { goodQuantity: '2' });
    expect(
      fitted.consumptions.map((c: { source: string; quantity: string }) => [c.source, c.quantity]),
    ).toEqual([
      ['scan', '2'],
      ['scan', '3'],
      ['backflush', '1'],
    ]);
    const blocked = await operator.send('POST', wo(id, '/complete'));
    expect(codeOf(blocked)).toBe('Finish every step first: 2. Fasten.');
    await operator.ok('POST', wo(id, `/steps/${fasten}/start`));
    const bolt = await consume(operator, id, {
      code: 'fb-1',
      quantity: '2',
      locationId: shop.bin,
      stepId: fasten,
    });
    expect(bolt.statusCode, bolt.body).toBe(201);
    const fastened = await operator.ok('POST', wo(id, `/steps/${fasten}/finish`), {
      goodQuantity: '1',
      scrapQuantity: '1',
      scrapReason: 'Thread stripped',
    });
    expect(fastened.steps[1].run).toMatchObject({
      status: 'finished',
      scrapQuantity: '1',
      scrapReason: 'Thread stripped',
    });
    expect(fastened.consumptions.map((c: { stepId: string }) => c.stepId)).toEqual([fit, fit, fit, fasten]);
    const screws = fastened.components.find((c: { itemId: string }) => c.itemId === shop.items.screw);
    expect(screws).toMatchObject({ planned: '4', consumed: '4', left: '0', consumption: 'backflush' });
    expect(codeOf(await operator.send('POST', wo(id, '/complete')))).toBe(
      'Record some output (good or scrap) before completing.',
    );

    const first = await output(operator, id, { goodQuantity: '1' });
    expect(first.statusCode, first.body).toBe(201);
    const scrapOnly = await output(operator, id, { scrapQuantity: '1', scrapReason: 'Cracked housing' });
    expect(scrapOnly.statusCode, scrapOnly.body).toBe(201);
    expect(scrapOnly.json().transactionId).toBeNull();
    const tooMany = await output(operator, id, { goodQuantity: '1' });
    expect(tooMany.statusCode).toBe(409);
    expect(codeOf(tooMany)).toBe('Only 0 more can be recorded: the work order’s quantity would be passed.');

    const done = await operator.ok('POST', wo(id, '/complete'));
    expect(done).toMatchObject({ status: 'completed', goodQuantity: '1', scrapQuantity: '1' });
    topLots = done.outputs.flatMap((o: { lotId: string | null }) => (o.lotId ? [o.lotId] : []));
    expect(topLots).toHaveLength(1);
    // Every reservation is closed: nothing of it holds stock back.
    const detail = await admin.ok('GET', wo(id));
    expect(detail.components.map((c: { reserved: string }) => c.reserved)).toEqual(['0', '0', '0']);
    expect(codeOf(await operator.send('POST', wo(id, `/steps/${fit}/start`)))).toBe(
      'This work order is completed: start a step first.',
    );
  });

  it('leaves every balance equal to the sum of its ledger rows', async () => {
    expect(await balancesOffLedger(t, shop.companyId)).toEqual([]);
    const stock = await admin.ok('GET', `/api/v1/items/${shop.items.wire}/balances`);
    expect(stock.total).toBe('96');
  });

  it('links the lots both ways, through the sub-assembly', async () => {
    const wire = await shop.lotId(shop.items.wire, 'FW-1');
    const bolt = await shop.lotId(shop.items.bolt, 'FB-1');
    const inputs = await admin.ok('GET', `/api/v1/lots/${topLots[0]}/genealogy?direction=inputs`);
    const reached = inputs.nodes.map((n: { lotId: string; depth: number; quantity: string }) => [
      n.lotId,
      n.depth,
      n.quantity,
    ]);
    expect(reached).toEqual(
      expect.arrayContaining([
        [subLot, 1, '2'],
        [bolt, 1, '2'],
        [wire, 2, '4'],
      ]),
    );
    expect(reached).toHaveLength(3);
    const uses = await admin.ok('GET', `/api/v1/lots/${wire}/genealogy?direction=uses`);
    expect(uses.nodes.map((n: { lotId: string; depth: number }) => [n.lotId, n.depth])).toEqual([
      [subLot, 1],
      [topLots[0], 2],
    ]);
  });
});

describe('two operators finishing one step at once', () => {
  it('records it once: one 200, one 409', async () => {
    const id = await shop.released(shop.sub.assemblyId, '1');
    const step = shop.sub.steps[0]!;
    await operator.ok('POST', wo(id, `/steps/${step}/start`));
    const [a, b] = await Promise.all([
      operator.send('POST', wo(id, `/steps/${step}/finish`), { goodQuantity: '1' }),
      admin.send('POST', wo(id, `/steps/${step}/finish`), {
        goodQuantity: '0',
        scrapQuantity: '1',
        scrapReason: 'Bent',
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(codeOf(loser)).toBe('This step has already been finished.');
    const floor = await admin.ok('GET', wo(id, '/floor'));
    const winner = a.statusCode === 200 ? { good: '1', scrap: '0' } : { good: '0', scrap: '1' };
    expect(floor.steps[0].run).toMatchObject({
      status: 'finished',
      goodQuantity: winner.good,
      scrapQuantity: winner.scrap,
    });
  });
});
