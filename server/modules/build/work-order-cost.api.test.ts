// A built lot is valued at what it took (decision 064), through the API on both databases. A control box FG-100 is
// built from a wiring harness SA-200 built first: the harness's outputs, in parts, carry its components' ledger cost
// and standard labor (setup once, run per unit at the blended rate of $30 an hour) to the cent, and its item's cost
// becomes their moving average; FG-100 consumes the harness at that average, its good units absorb a scrapped one, and
// a bolt consumed after the last output is settled into its average at completion. The work order's page shows planned
// against actual material cost and, completed, its record; the stock list values FG-100 at its average. A company
// without a labor rate costs material alone, and cannot see the first company's work order.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assembly,
  consume,
  output,
  receive,
  released,
  shopOf,
  type TClient,
  unitCostOf,
  wo,
} from '../../../tests/setup/cost-shop.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let admin: TClient;
let plain: TClient;
const item: Record<string, string> = {};
let bin: string;
let out: string;
let fit: string;
let fasten: string;
let crimp: string;
let harness: string;
let box: string;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@cost.example', role: 'admin', companyName: 'Cost Works' });
  admin = client(t, cookie);
  // One person with a rate of $30 an hour: the blended rate is 30, fifty cents a minute.
  const me = (await admin.ok('GET', '/api/v1/session')).user.id;
  const rate = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/users/${me}`,
    headers: { origin: TEST_APP_URL, cookie },
    payload: { burdenedLaborRate: '30' },
  });
  expect(rate.statusCode, rate.body).toBe(200);
  const shop = await shopOf(admin, 'CW', [
    ['RM-1', '0.25'],
    ['RM-2', '1.5'],
    ['RM-3', '0.1'],
    ['RM-4', '2'],
    ['SA-200', '0'],
    ['FG-100', '0'],
  ]);
  Object.assign(item, shop.ids);
  ({ bin, out } = shop);
  for (const [part, quantity] of [
    ['RM-1', '100'],
    ['RM-2', '50'],
    ['RM-3', '100'],
    ['RM-4', '20'],
  ] as const)
    await receive(admin, item[part]!, bin, quantity);
  const sub = await assembly(
    admin,
    item['SA-200']!,
    [
      { componentItemId: item['RM-1']!, quantity: '2' },
      { componentItemId: item['RM-2']!, quantity: '1' },
    ],
    [{ title: 'Crimp', setupMinutes: '1', runMinutes: '2' }],
  );
  harness = sub.id;
  [crimp] = sub.steps as [string];
  const top = await assembly(
    admin,
    item['FG-100']!,
    [
      { componentItemId: item['SA-200']!, quantity: '1' },
      { componentItemId: item['RM-3']!, quantity: '4' },
      { componentItemId: item['RM-4']!, quantity: '1', step: 2 },
    ],
    [
      { title: 'Fit', setupMinutes: '5', runMinutes: '2' },
      { title: 'Fasten', setupMinutes: '0', runMinutes: '1' },
    ],
  );
  box = top.id;
  [fit, fasten] = top.steps as [string, string];
  plain = client(t, await t.signIn({ email: 'bo@plain.example', role: 'admin', companyName: 'Plain Works' }));
});
afterAll(async () => {
  await t?.close();
});

describe('a sub-assembly built in parts', () => {
  let id: string;

  it('values each output at its share of the components’ ledger cost and standard labor', async () => {
    id = await released(admin, harness, '3', out);
    await admin.ok('POST', wo(id, `/steps/${crimp}/start`));
    await consume(admin, id, { code: 'RM-1', quantity: '6', locationId: bin });
    await consume(admin, id, { code: 'RM-2', quantity: '3', locationId: bin });
    // Material $6.00 (6 × $0.25 + 3 × $1.50). One unit made: 1 + 2 minutes = $1.50 of labor; the pool of $7.50 is
    // shared over the 3 units to come, so the first unit carries $2.50.
    expect((await output(admin, id, { goodQuantity: '1' })).unitCost).toBe('2.5');
    expect(await unitCostOf(admin, item['SA-200']!)).toBe('2.5');
    // The last two bring it to its quantity and take the rest: $6.00 + 7 minutes ($3.50) − $2.50 = $7.00, $3.50 each.
    expect((await output(admin, id, { goodQuantity: '2' })).unitCost).toBe('3.5');
    // The moving average: (1 × $2.50 + 2 × $3.50) ÷ 3.
    expect(await unitCostOf(admin, item['SA-200']!)).toBe('3.1667');
  });

  it('carries the whole cost in its parts and shows it on the work order', async () => {
    await admin.ok('POST', wo(id, `/steps/${crimp}/finish`), { goodQuantity: '3' });
    await admin.ok('POST', wo(id, '/complete'), {});
    const detail = await admin.ok('GET', wo(id));
    expect(detail.cost).toMatchObject({
      actualMaterial: '6',
      labor: '3.5',
      // $2.50 + 2 × $3.50: the parts sum to material and labor, nothing left to settle.
      outputValue: '9.5',
      unitCost: '3.1667',
      laborRateSet: true,
    });
    expect(detail.record).toMatchObject({ goodQuantity: '3', scrapQuantity: '0', scrap: [] });
  });
});

describe('the top assembly, consuming the sub-assembly at its average', () => {
  let id: string;

  it('gives the good units the cost of the scrapped one', async () => {
    id = await released(admin, box, '3', out);
    await admin.ok('POST', wo(id, `/steps/${fit}/start`));
    await consume(admin, id, { code: 'SA-200', quantity: '3', locationId: out });
    await consume(admin, id, { code: 'RM-3', quantity: '12', locationId: bin });
    await consume(admin, id, { code: 'RM-3', quantity: '1', locationId: bin, reason: 'Dropped one' });
    // Material: 3 × $3.1667 + 13 × $0.10 = $10.8001. Three units made (two good, one scrapped): Fit 5 + 2 × 3 and
    // Fasten 1 × 3 minutes = 14 minutes, $7.00. Two good units carry $17.8001: $8.90 each, to the cent.
    const made = await output(admin, id, {
      goodQuantity: '2',
      scrapQuantity: '1',
      scrapReason: 'Cracked housing',
    });
    expect(made.floor).toMatchObject({ goodQuantity: '2', scrapQuantity: '1' });
    expect(made.unitCost).toBe('8.9001');
    expect(await unitCostOf(admin, item['FG-100']!)).toBe('8.9001');
  });

  it('settles a bolt consumed after the last output into the built item’s average at completion', async () => {
    await admin.ok('POST', wo(id, `/steps/${fit}/finish`), {
      goodQuantity: '2',
      scrapQuantity: '1',
      scrapReason: 'Cracked housing',
    });
    await admin.ok('POST', wo(id, `/steps/${fasten}/start`));
    await consume(admin, id, { code: 'RM-4', quantity: '3', locationId: bin, stepId: fasten });
    await admin.ok('POST', wo(id, `/steps/${fasten}/finish`), { goodQuantity: '2' });
    await admin.ok('POST', wo(id, '/complete'), {});
    // $6.00 of bolts, less the $0.0001 the two units' rounding carried over: spread over the 2 on hand.
    expect(await unitCostOf(admin, item['FG-100']!)).toBe('11.9001');
    const audit = await admin.ok('GET', `/api/v1/audit?entityType=work-order&entityId=${id}`);
    const settled = audit.items.find((e: { action: string }) => e.action === 'cost-settled');
    expect(settled?.after).toMatchObject({ settled: '5.9999', outputValue: '23.8001', unitCost: '11.9001' });
  });

  it('shows planned against actual material cost, labor and unit cost', async () => {
    const detail = await admin.ok('GET', wo(id));
    // Planned at release: 3 × $3.1667 + 12 × $0.10 + 3 × $2.00; actual has the dropped screw.
    expect(detail.cost).toEqual({
      plannedMaterial: '16.7001',
      actualMaterial: '16.8001',
      materialVariance: '0.1',
      materialVariancePercent: '0.6',
      labor: '7',
      outputValue: '23.8001',
      unitCost: '11.9001',
      laborRateSet: true,
    });
  });

  it('keeps the completed work order’s record: scrap with reasons, consumption against plan, minutes', async () => {
    const { record } = await admin.ok('GET', wo(id));
    expect(record).toMatchObject({ goodQuantity: '2', scrapQuantity: '1' });
    expect(record.scrap).toEqual([
      { reason: 'Cracked housing', defectCode: null, quantity: '1', stepTitle: null },
      { reason: 'Cracked housing', defectCode: null, quantity: '1', stepTitle: 'Fit' },
    ]);
    const usage = Object.fromEntries(
      record.consumption.map((c: { partNumber: string }) => [c.partNumber, c]),
    );
    expect(usage['RM-3']).toMatchObject({
      planned: '12',
      consumed: '13',
      variance: '1',
      consumedCost: '1.3',
      reasons: ['Dropped one'],
    });
    expect(usage['SA-200']).toMatchObject({
      planned: '3',
      consumed: '3',
      variance: '0',
      consumedCost: '9.5001',
    });
    expect(usage['RM-4']).toMatchObject({ planned: '3', consumed: '3', variance: '0', reasons: [] });
    expect(
      record.steps.map((s: { title: string; standardMinutes: string }) => [s.title, s.standardMinutes]),
    ).toEqual([
      ['Fit', '11'],
      ['Fasten', '3'],
    ]);
    for (const s of record.steps) expect(Number(s.actualMinutes)).toBeGreaterThanOrEqual(0);
  });

  it('values FG-100 in the stock list at on hand × its average', async () => {
    const page = await admin.ok('GET', '/api/v1/stock?q=FG-100');
    const row = page.items.find((r: { partNumber: string }) => r.partNumber === 'FG-100');
    expect(row).toMatchObject({ onHand: '2', unitCost: '11.9001', value: '23.8002' });
  });

  it('shows no record before completion', async () => {
    const open = await admin.ok('POST', '/api/v1/work-orders', { assemblyId: box, quantity: '1' }, 201);
    const detail = await admin.ok('GET', wo(open.id));
    expect(detail.record).toBeNull();
    expect(detail.cost).toMatchObject({
      plannedMaterial: '0',
      actualMaterial: '0',
      materialVariancePercent: null,
      outputValue: '0',
      unitCost: null,
    });
  });
});

describe('a company without a labor rate', () => {
  let shop: Awaited<ReturnType<typeof shopOf>>;
  let kit: Awaited<ReturnType<typeof assembly>>;

  it('costs material alone', async () => {
    shop = await shopOf(plain, 'PW', [
      ['P-1', '0.3'],
      ['P-KIT', '0'],
    ]);
    await receive(plain, shop.ids['P-1']!, shop.bin, '10');
    kit = await assembly(
      plain,
      shop.ids['P-KIT']!,
      [{ componentItemId: shop.ids['P-1']!, quantity: '3' }],
      [{ title: 'Pack', setupMinutes: '10', runMinutes: '5' }],
    );
    const id = await released(plain, kit.id, '2', shop.out);
    await plain.ok('POST', wo(id, `/steps/${kit.steps[0]}/start`));
    await consume(plain, id, { code: 'P-1', quantity: '6', locationId: shop.bin });
    await output(plain, id, { goodQuantity: '2' });
    // $1.80 of parts over 2 units; no labor without a rate.
    expect(await unitCostOf(plain, shop.ids['P-KIT']!)).toBe('0.9');
    const detail = await plain.ok('GET', wo(id));
    expect(detail.cost).toMatchObject({
      labor: '0',
      outputValue: '1.8',
      unitCost: '0.9',
      laborRateSet: false,
    });
  });

  it('writes off a work order that made nothing good instead of raising the stock’s cost', async () => {
    const before = await unitCostOf(plain, shop.ids['P-KIT']!);
    const id = await released(plain, kit.id, '1', shop.out);
    const step = kit.steps[0]!;
    await plain.ok('POST', wo(id, `/steps/${step}/start`));
    await consume(plain, id, { code: 'P-1', quantity: '3', locationId: shop.bin });
    // Scrap alone posts nothing (decision 049): the output is recorded without a transaction.
    await plain.ok(
      'POST',
      wo(id, '/outputs'),
      { idempotencyKey: randomUUID(), scrapQuantity: '1', scrapReason: 'Torn pouch' },
      201,
    );
    await plain.ok('POST', wo(id, `/steps/${step}/finish`), {
      goodQuantity: '0',
      scrapQuantity: '1',
      scrapReason: 'Torn pouch',
    });
    await plain.ok('POST', wo(id, '/complete'), {});
    // The $0.90 of parts went to scrap: the kits on the shelf keep their cost, and nothing went into stock value.
    expect(await unitCostOf(plain, shop.ids['P-KIT']!)).toBe(before);
    expect((await plain.ok('GET', wo(id))).cost).toMatchObject({ actualMaterial: '0.9', outputValue: '0' });
  });

  it('cannot see another company’s work order or its cost', async () => {
    const page = await admin.ok('GET', `/api/v1/work-orders?assemblyId=${box}`);
    const response = await plain.send('GET', wo(page.items[0].id));
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('cost');
  });
});
