// Whole units in Build (decision 064), through the API on PGlite and PostgreSQL: a work order of 3 of an assembly
// whose line is 4 ea at 5 % requires and reserves 13 screws, not 12.6, on its page, its floor and its traveller;
// "Can we build it?" asks for what those work orders would reserve — each line rounded up per order line and per
// sub-assembly to build, the sub-assemblies whole; a fraction typed for a whole-unit item (an order line, a work
// order, a consumption, a step's good or scrap, an output) is 400 naming the field, with nothing changed; a measured
// component (kg) keeps its fractions.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wholeUnitMessage } from '#common/units.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client, shopOf, type TShop } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let shop: TShop;
const item = { screw: '', wire: '', harness: '' };
let fg: { assemblyId: string; revisionId: string };
let harness: { assemblyId: string; revisionId: string };

const wo = (id: string, rest = '') => `/api/v1/work-orders/${id}${rest}`;
type TResponse = { statusCode: number; body: string; json: () => unknown };
/** 400, the field named with "… is counted in whole ea: enter a whole number". */
function expectWholeRefusal(response: TResponse, field: string, partNumber: string) {
  expect(response.statusCode, response.body).toBe(400);
  const message = wholeUnitMessage(partNumber, 'ea');
  expect(response.json()).toMatchObject({
    error: { code: 'BAD_REQUEST', message, fieldErrors: { [field]: message } },
  });
}
const stockOf = async (itemId: string) => (await admin.ok('GET', `/api/v1/items/${itemId}/balances`)).total;
/** A planned work order of `quantity`, released; its detail. */
async function released(assemblyId: string, quantity: string) {
  const made = await admin.ok(
    'POST',
    '/api/v1/work-orders',
    { assemblyId, quantity, outputLocationId: shop.bin },
    201,
  );
  return admin.ok('POST', wo(made.id, '/status'), { status: 'released' });
}
const byPart = (rows: { partNumber: string }[]) => Object.fromEntries(rows.map((r) => [r.partNumber, r]));

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@whole.example', role: 'admin', companyName: 'Whole Works' });
  admin = client(t, cookie);
  shop = await shopOf(t, cookie, 'W');
  item.screw = await shop.item('W-SCREW');
  item.wire = (
    await admin.ok(
      'POST',
      '/api/v1/items',
      { partNumber: 'W-WIRE', name: 'Wire', unitOfMeasure: 'kg', lotTracked: false },
      201,
    )
  ).id;
  // W-FG = 4 W-SCREW at 5 % + 2.5 W-HARNESS; W-HARNESS = 2.1 W-SCREW + 0.35 kg of W-WIRE. Everything but the wire
  // is counted in whole ea (the shop's items are 'ea').
  item.harness = await shop.item('W-HARNESS');
  harness = await shop.released(item.harness, [
    { componentItemId: item.screw, quantity: '2.1' },
    { componentItemId: item.wire, quantity: '0.35' },
  ]);
  fg = await shop.released(await shop.item('W-FG'), [
    { componentItemId: item.screw, quantity: '4', scrapPercent: '5' },
    { componentItemId: item.harness, quantity: '2.5' },
  ]);
  await shop.receive(item.screw, '100');
  await shop.receive(item.harness, '10');
  await shop.receive(item.wire, '5');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('requirements in whole units', () => {
  let fgOrder: { id: string; steps: { id: string }[] };

  it('requires and reserves 13 screws for 3 units of 4 at 5 %, on the page, the floor, the stock list and the traveller', async () => {
    const detail = await released(fg.assemblyId, '3');
    fgOrder = detail;
    // 4 × 1.05 × 3 = 12.6 → 13 screws; 2.5 × 3 = 7.5 → 8 harnesses.
    expect(byPart(detail.components)).toMatchObject({
      'W-SCREW': { perUnit: '4', required: '13', reserved: '13' },
      'W-HARNESS': { perUnit: '2.5', required: '8', reserved: '8' },
    });
    const floor = await admin.ok('GET', wo(detail.id, '/floor'));
    expect(byPart(floor.components)).toMatchObject({
      'W-SCREW': { reserved: '13', left: '13' },
      'W-HARNESS': { reserved: '8', left: '8' },
    });
    expect(await admin.ok('GET', `/api/v1/items/${item.screw}/balances`)).toMatchObject({
      total: '100',
      reserved: '13',
      available: '87',
    });

    const pdf = await admin.send('GET', wo(detail.id, '/traveller.pdf'));
    expect(pdf.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'whole-traveller-'));
    try {
      writeFileSync(join(dir, 'traveller.pdf'), pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', join(dir, 'traveller.pdf'), '-'], {
        encoding: 'utf8',
      });
      const screwRow = text.split('\n').find((row) => row.includes('W-SCREW'));
      expect(screwRow).toMatch(/4 ea\s+13 ea/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers "Can we build it?" with what the work orders would reserve: per order line, whole sub-assemblies', async () => {
    const order = await admin.ok(
      'POST',
      '/api/v1/build-orders',
      {
        lines: [
          { assemblyId: fg.assemblyId, quantity: '3' },
          { assemblyId: fg.assemblyId, quantity: '1' },
        ],
      },
      201,
    );
    const check = await admin.ok('GET', `/api/v1/build-orders/${order.id}/buildability`);
    // Harnesses: 7.5 → 8 and 2.5 → 3 = 11 needed; 10 on hand less the 8 reserved above = 2 from stock, 9 to build.
    expect(check.subAssemblies).toEqual([
      expect.objectContaining({ partNumber: 'W-HARNESS', needed: '11', fromStock: '2', toBuild: '9' }),
    ]);
    // Screws: 13 + 5 (4.2 → 5) for the two lines, and 9 × 2.1 = 18.9 → 19 in the harnesses: 37 of 87 available.
    // Wire: 9 × 0.35 = 3.15 kg, a measure, not rounded.
    expect(byPart(check.components)).toMatchObject({
      'W-SCREW': { needed: '37', available: '87', missing: '0' },
      'W-WIRE': { needed: '3.15', available: '5', missing: '0' },
    });
    expect(check.canBuild).toBe(true);

    const one = await admin.ok(
      'GET',
      `/api/v1/build-orders/${order.id}/buildability?lineId=${order.lines[0].id}`,
    );
    // The first line alone is what the released work order of 3 above reserved: 13 screws, 8 harnesses.
    expect(one.subAssemblies[0]).toMatchObject({ needed: '8', fromStock: '2', toBuild: '6' });
    expect(byPart(one.components)['W-SCREW']).toMatchObject({ needed: '26' }); // 13 + 6 × 2.1 = 12.6 → 13
  });

  it('keeps a measured component’s fractions, and takes a fraction of it on the floor', async () => {
    const detail = await released(harness.assemblyId, '2');
    // Wire 0.35 × 2 = 0.7 kg; screws 2.1 × 2 = 4.2 → 5.
    expect(byPart(detail.components)).toMatchObject({
      'W-WIRE': { required: '0.7', reserved: '0.7' },
      'W-SCREW': { required: '5', reserved: '5' },
    });
    await admin.ok('POST', wo(detail.id, `/steps/${detail.steps[0].id}/start`));
    const used = await admin.send('POST', wo(detail.id, '/consumptions'), {
      idempotencyKey: randomUUID(),
      code: 'W-WIRE',
      quantity: '0.35',
      locationId: shop.bin,
    });
    expect(used.statusCode, used.body).toBe(201);
    expect(await stockOf(item.wire)).toBe('4.65');
  });

  describe('a fraction typed for a whole-unit item', () => {
    it('is refused on an order line, on create and on change, and the order stays as it was', async () => {
      expectWholeRefusal(
        await admin.send('POST', '/api/v1/build-orders', {
          lines: [{ assemblyId: fg.assemblyId, quantity: '2.5' }],
        }),
        'lines.0.quantity',
        'W-FG',
      );
      const order = await admin.ok(
        'POST',
        '/api/v1/build-orders',
        { lines: [{ assemblyId: fg.assemblyId, quantity: '2' }] },
        201,
      );
      expectWholeRefusal(
        await admin.send('PATCH', `/api/v1/build-orders/${order.id}`, {
          lines: [
            { id: order.lines[0].id, assemblyId: fg.assemblyId, quantity: '2' },
            { assemblyId: harness.assemblyId, quantity: '0.5' },
          ],
        }),
        'lines.1.quantity',
        'W-HARNESS',
      );
      const after = await admin.ok('GET', `/api/v1/build-orders/${order.id}`);
      expect(after.lines.map((l: { quantity: string }) => l.quantity)).toEqual(['2']);
    });

    it('is refused on a work order’s quantity, making none', async () => {
      const before = (await admin.ok('GET', '/api/v1/work-orders')).total;
      expectWholeRefusal(
        await admin.send('POST', '/api/v1/work-orders', { assemblyId: fg.assemblyId, quantity: '1.5' }),
        'quantity',
        'W-FG',
      );
      expect((await admin.ok('GET', '/api/v1/work-orders')).total).toBe(before);
    });

    it('is refused on a consumption, a step’s good and scrap and an output, leaving stock and the run as they were', async () => {
      const step = fgOrder.steps[0]!.id;
      await admin.ok('POST', wo(fgOrder.id, `/steps/${step}/start`));
      const screwsBefore = await stockOf(item.screw);
      expectWholeRefusal(
        await admin.send('POST', wo(fgOrder.id, '/consumptions'), {
          idempotencyKey: randomUUID(),
          code: 'W-SCREW',
          quantity: '1.5',
          locationId: shop.bin,
        }),
        'quantity',
        'W-SCREW',
      );
      expect(await stockOf(item.screw)).toBe(screwsBefore);

      expectWholeRefusal(
        await admin.send('POST', wo(fgOrder.id, `/steps/${step}/finish`), { goodQuantity: '2.5' }),
        'goodQuantity',
        'W-FG',
      );
      expectWholeRefusal(
        await admin.send('POST', wo(fgOrder.id, `/steps/${step}/finish`), {
          goodQuantity: '2',
          scrapQuantity: '0.5',
          scrapReason: 'Bent',
        }),
        'scrapQuantity',
        'W-FG',
      );
      expectWholeRefusal(
        await admin.send('POST', wo(fgOrder.id, '/outputs'), {
          idempotencyKey: randomUUID(),
          goodQuantity: '1.5',
        }),
        'goodQuantity',
        'W-FG',
      );
      expectWholeRefusal(
        await admin.send('POST', wo(fgOrder.id, '/outputs'), {
          idempotencyKey: randomUUID(),
          scrapQuantity: '0.5',
          scrapReason: 'Bent',
        }),
        'scrapQuantity',
        'W-FG',
      );
      const floor = await admin.ok('GET', wo(fgOrder.id, '/floor'));
      expect(floor).toMatchObject({ goodQuantity: '0', scrapQuantity: '0', outputs: [], consumptions: [] });
      expect(floor.steps[0].run).toMatchObject({ status: 'running', goodQuantity: null });
      expect(await stockOf(item.harness)).toBe('10');
    });
  });
});
