// Completing a PM with the parts it used (decisions 056 and 057): POST /api/v1/maintenance/occurrences/:id/complete
// issues each part from stock through the ledger in the completion's own transaction — the item's stock goes down by
// one 'maintenance-issue' posting, the occurrence lists the part — and a part short in stock refuses the whole
// completion (409 naming parts.0.quantity): the occurrence stays open, nothing is issued, no next occurrence opens.
// Another company's item is 404 naming parts.0.itemId.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '#server/clock.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client, shopOf, type TShop } from '../../../tests/setup/work-orders-shop.ts';
import { items } from '../inventory/inventory.tables.ts';
import { stockTransactions } from '../inventory/stock.tables.ts';
import { maintenanceOccurrences } from './plans.tables.ts';

const clock = manualClock('2027-03-10T15:00:00Z');
let t: TTestApp;
let admin: ReturnType<typeof client>;
let shop: TShop;
let filter: string;
let otherItem: string;
let plan: { id: string; open: { id: string } };

const onHand = async (itemId: string) =>
  (await t.database.db.select().from(items).where(eq(items.id, itemId)))[0]!.onHand;
const occurrencesOf = async (planId: string) =>
  t.database.db.select().from(maintenanceOccurrences).where(eq(maintenanceOccurrences.planId, planId));
const maintenanceIssues = async () =>
  (await t.database.db.select().from(stockTransactions)).filter((x) => x.kind === 'maintenance-issue').length;

async function areaOn(cookie: string) {
  const on = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/company/label-config',
    headers: { origin: TEST_APP_URL, cookie },
    payload: { enableMaintenanceFeature: true },
  });
  expect(on.statusCode, on.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const cookie = await t.signIn({
    email: 'pat@pmparts.example',
    role: 'admin',
    companyName: 'PM Parts Works',
  });
  admin = client(t, cookie);
  await areaOn(cookie);
  shop = await shopOf(t, cookie, 'PP');
  filter = await shop.item('FILTER-7', '4');
  await shop.receive(filter, '3');
  const otherCookie = await t.signIn({
    email: 'eve@pmfar.example',
    role: 'admin',
    companyName: 'PM Far Works',
  });
  otherItem = await (await shopOf(t, otherCookie, 'PF')).item('FAR-OIL');
  const machine = await admin.ok('POST', '/api/v1/machines', { name: 'Compressor', assetTag: 'CP-7' }, 201);
  plan = await admin.ok(
    'POST',
    '/api/v1/maintenance/plans',
    {
      machineId: machine.id,
      title: 'Change the filter',
      mode: 'fixed',
      startOn: '2027-03-10',
      calendarEvery: 1,
      calendarUnit: 'month',
    },
    201,
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const complete = (parts: object[]) =>
  admin.send('POST', `/api/v1/maintenance/occurrences/${plan.open.id}/complete`, { minutesSpent: 20, parts });

describe('completing a PM with parts', () => {
  it('refuses a part short in stock, leaving the occurrence open and nothing issued', async () => {
    const issuesBefore = await maintenanceIssues();
    const refused = await complete([{ itemId: filter, locationId: shop.bin, quantity: '5' }]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(Object.keys(refused.json().error.fieldErrors)).toEqual(['parts.0.quantity']);
    expect(await onHand(filter)).toBe('3.000000');
    expect(await maintenanceIssues()).toBe(issuesBefore);
    expect((await occurrencesOf(plan.id)).map((o) => o.status)).toEqual(['open']);
  });

  it('refuses another company’s item as one nowhere', async () => {
    const refused = await complete([{ itemId: otherItem, locationId: shop.bin, quantity: '1' }]);
    expect(refused.statusCode, refused.body).toBe(404);
    expect(Object.keys(refused.json().error.fieldErrors)).toEqual(['parts.0.itemId']);
    expect((await occurrencesOf(plan.id)).map((o) => o.status)).toEqual(['open']);
  });

  it('issues the parts through the ledger and lists them on the occurrence', async () => {
    const done = await complete([{ itemId: filter, locationId: shop.bin, quantity: '2' }]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'completed',
      parts: [{ itemId: filter, partNumber: 'FILTER-7', quantity: '2', locationId: shop.bin }],
    });
    expect(await onHand(filter)).toBe('1.000000');
    const posting = (await t.database.db.select().from(stockTransactions)).find(
      (x) => x.id === done.json().parts[0].transactionId,
    );
    expect(posting).toMatchObject({ kind: 'maintenance-issue', reason: 'Used by a PM' });
    expect((await occurrencesOf(plan.id)).map((o) => o.status).sort()).toEqual(['completed', 'open']);
  });
});
