// Held stock is not available (decision 075): a lot on hold keeps its balance (on hand, the balance rows) but the
// item's available — on the item's balances and on the stock list's row and CSV — leaves it out and says how much is
// on hold, beside what released work orders reserve; a release gives it back. Both databases.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { lots } from './stock.tables.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let operator: ReturnType<typeof client>;
let site: string;
let resin: string;

const receive = (lotNumber: string, quantity: string) =>
  operator.ok(
    'POST',
    '/api/v1/stock/transactions',
    {
      kind: 'receive',
      idempotencyKey: randomUUID(),
      lines: [{ itemId: resin, locationId: site, quantity, lotNumber }],
    },
    201,
  );
const lotId = async (lotNumber: string) =>
  (await t.database.db.select().from(lots).where(eq(lots.lotNumber, lotNumber)))[0]!.id;
const stockRow = async () =>
  (await operator.ok('GET', '/api/v1/stock?q=HS-RES')).items.find((r: { id: string }) => r.id === resin);

beforeAll(async () => {
  t = await createTestApp();
  admin = client(
    t,
    await t.signIn({ email: 'ada@held-stock.example', role: 'admin', companyName: 'Held Stock' }),
  );
  operator = client(
    t,
    await t.signIn({ email: 'otto@held-stock.example', role: 'user', companyName: 'Held Stock' }),
  );
  site = (await admin.ok('POST', '/api/v1/locations', { kind: 'site', code: 'HS', name: 'Hold store' }, 201))
    .id;
  resin = (
    await admin.ok(
      'POST',
      '/api/v1/items',
      { partNumber: 'HS-RES', name: 'Held resin', unitCost: '2', unitOfMeasure: 'kg', lotTracked: true },
      201,
    )
  ).id;
  await receive('HS-1', '10');
  await receive('HS-2', '2.5');
});
afterAll(async () => {
  await t?.close();
});

describe('a held lot', () => {
  it('is on hand but not available: the balances and the stock list say how much is on hold', async () => {
    const free = await operator.ok('GET', `/api/v1/items/${resin}/balances`);
    expect(free).toMatchObject({ total: '12.5', reserved: '0', onHold: '0', available: '12.5' });
    await operator.ok('POST', `/api/v1/lots/${await lotId('HS-1')}/hold`, { reason: 'Cloudy resin' });

    const balances = await operator.ok('GET', `/api/v1/items/${resin}/balances`);
    expect(balances).toMatchObject({ total: '12.5', reserved: '0', onHold: '10', available: '2.5' });
    expect(
      balances.balances.map((b: { lotNumber: string; onHold: boolean }) => [b.lotNumber, b.onHold]),
    ).toEqual([
      ['HS-1', true],
      ['HS-2', false],
    ]);
    expect(await stockRow()).toMatchObject({ onHand: '12.5', reserved: '0', onHold: '10', available: '2.5' });

    const csv = await operator.send('GET', '/api/v1/stock/export.csv?q=HS-RES');
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toContain('on_hand,reserved,on_hold,available');
    expect(row).toContain(',12.5,0,10,2.5,');
  });

  it('counts again once released', async () => {
    await admin.ok('POST', `/api/v1/lots/${await lotId('HS-1')}/release`, {
      reason: 'Clear after filtering',
    });
    expect(await operator.ok('GET', `/api/v1/items/${resin}/balances`)).toMatchObject({
      onHold: '0',
      available: '12.5',
    });
    expect(await stockRow()).toMatchObject({ onHold: '0', available: '12.5' });
  });
});
