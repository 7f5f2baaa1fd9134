// issueMaintenanceParts (decision 057) called as a service calls it, inside a tenant transaction, for both of its
// targets: a PM occurrence (made here through the tables, as PM completion will make them) and a breakdown. Each
// call is one 'maintenance-issue' posting on the ledger and a maintenance_parts row per part naming it; a part short
// in stock is 409 naming parts.N.quantity and, with the caller's transaction rolled back, nothing is left behind.
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#common/errors.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client, shopOf, type TShop } from '../../../tests/setup/work-orders-shop.ts';
import { type TTenant, tenantFor } from '../../db/tenant.ts';
import { items } from '../inventory/inventory.tables.ts';
import { stockLedger, stockTransactions } from '../inventory/stock.tables.ts';
import { maintenanceParts } from './breakdowns.tables.ts';
import { partsOf } from './parts.repo.ts';
import { issueMaintenanceParts } from './parts-issue.ts';
import { maintenanceOccurrences, maintenancePlans } from './plans.tables.ts';

let t: TTestApp;
let tenant: TTenant;
let shop: TShop;
let occurrenceId: string;
let breakdownId: string;
let filter: string;
let oil: string;
const AT = new Date('2026-04-01T10:00:00Z');

const onHand = async (itemId: string) =>
  (await t.database.db.select().from(items).where(eq(items.id, itemId)))[0]!.onHand;
const partsCount = async () => (await t.database.db.select().from(maintenanceParts)).length;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'pat@parts.example', role: 'admin', companyName: 'Parts Works' });
  const { ok } = client(t, cookie);
  const on = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/company/label-config',
    headers: { origin: TEST_APP_URL, cookie },
    payload: { enableMaintenanceFeature: true },
  });
  expect(on.statusCode, on.body).toBe(200);
  const session = await ok('GET', '/api/v1/session');
  const companyId: string = session.user.companyId;
  tenant = tenantFor(
    t.database.db,
    { companyId, userId: session.user.id, role: 'admin' },
    { userId: session.user.id, name: 'Pat <pat@parts.example>' },
  );
  shop = await shopOf(t, cookie, 'PT');
  filter = await shop.item('FILTER-9', '4');
  oil = await shop.item('OIL-1', '2', 'l'); // by the litre: a measure issues 2.5
  await shop.receive(filter, '3');
  await shop.receive(oil, '10');
  const machine = await ok('POST', '/api/v1/machines', { name: 'Compressor', assetTag: 'CP-1' }, 201);
  const planId = uuidv7();
  occurrenceId = uuidv7();
  await t.database.db.insert(maintenancePlans).values({
    id: planId,
    companyId,
    machineId: machine.id,
    title: 'Change filter',
    mode: 'fixed',
    startOn: '2026-01-01',
    calendarEvery: 1,
    calendarUnit: 'month',
  });
  await t.database.db
    .insert(maintenanceOccurrences)
    .values({ id: occurrenceId, companyId, planId, machineId: machine.id, dueOn: '2026-04-01' });
  breakdownId = (await ok('POST', '/api/v1/breakdowns', { machineId: machine.id, problem: 'Hiss' }, 201)).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('issuing parts to maintenance', () => {
  it('issues to a PM occurrence: one maintenance-issue posting, a row per part naming it, stock down', async () => {
    const rows = await tenant.run((tx) =>
      issueMaintenanceParts(
        tx,
        tenant,
        { occurrenceId },
        [
          { itemId: filter, lotId: null, locationId: shop.bin, quantity: '1' },
          { itemId: oil, lotId: null, locationId: shop.bin, quantity: '2.5' },
        ],
        { reference: 'PM: Change filter · CP-1', at: AT },
      ),
    );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.transactionId)).size).toBe(1);
    const [posting] = await t.database.db
      .select()
      .from(stockTransactions)
      .where(eq(stockTransactions.id, rows[0]!.transactionId));
    expect(posting).toMatchObject({
      kind: 'maintenance-issue',
      reference: 'PM: Change filter · CP-1',
      reason: 'Used by a PM',
    });
    const ledger = await t.database.db
      .select()
      .from(stockLedger)
      .where(eq(stockLedger.transactionId, rows[0]!.transactionId));
    expect(ledger.map((l) => Number(l.quantityDelta)).sort((a, b) => a - b)).toEqual([-2.5, -1]);
    expect(Number(await onHand(filter))).toBe(2);
    expect(Number(await onHand(oil))).toBe(7.5);
    const shown = await tenant.run((tx) => partsOf(tx, tenant.companyId, { occurrenceId }));
    expect(shown.map((p) => [p.partNumber, p.quantity, p.createdBy])).toEqual([
      ['FILTER-9', '1', 'Pat <pat@parts.example>'],
      ['OIL-1', '2.5', 'Pat <pat@parts.example>'],
    ]);
  });

  it('issues to a breakdown the same way', async () => {
    const rows = await tenant.run((tx) =>
      issueMaintenanceParts(
        tx,
        tenant,
        { breakdownId },
        [{ itemId: oil, locationId: shop.bin, quantity: '1', lotId: null }],
        {
          reference: 'Breakdown 1 · CP-1',
          at: AT,
        },
      ),
    );
    const [row] = await t.database.db
      .select()
      .from(maintenanceParts)
      .where(eq(maintenanceParts.id, rows[0]!.id));
    expect(row).toMatchObject({ breakdownId, occurrenceId: null, transactionId: rows[0]!.transactionId });
    expect(Number(await onHand(oil))).toBe(6.5);
  });

  it('never goes below zero: 409 naming the short part’s quantity, and nothing is left behind', async () => {
    const before = { filter: await onHand(filter), oil: await onHand(oil), parts: await partsCount() };
    const postings = (await t.database.db.select().from(stockTransactions)).length;
    const refused = await tenant
      .run((tx) =>
        issueMaintenanceParts(
          tx,
          tenant,
          { occurrenceId },
          [
            { itemId: oil, lotId: null, locationId: shop.bin, quantity: '1' },
            { itemId: filter, lotId: null, locationId: shop.bin, quantity: '3' },
          ],
          { reference: 'PM', at: AT },
        ),
      )
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('CONFLICT');
    expect((refused as AppError).fieldErrors).toEqual({ 'parts.1.quantity': 'Only 2 available' });
    expect((refused as AppError).message).toContain('FILTER-9');
    expect({ filter: await onHand(filter), oil: await onHand(oil), parts: await partsCount() }).toEqual(
      before,
    );
    expect((await t.database.db.select().from(stockTransactions)).length).toBe(postings);
  });

  it('posts nothing for no parts', async () => {
    const postings = (await t.database.db.select().from(stockTransactions)).length;
    const rows = await tenant.run((tx) =>
      issueMaintenanceParts(tx, tenant, { occurrenceId }, [], { reference: 'PM', at: AT }),
    );
    expect(rows).toEqual([]);
    expect((await t.database.db.select().from(stockTransactions)).length).toBe(postings);
  });
});
