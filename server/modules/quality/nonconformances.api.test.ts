// Nonconformances (decision 073): opened by anyone, written up while not closed, dispositioned by an admin with the
// stock posting through the ledger in the same transaction (scrap and return to supplier on a held lot, at the
// ledger's cost), rework making a work order, use as is posting nothing, a held lot released when nothing of it is
// left undecided (lot-hold-settling.api.test.ts walks the parts), and closed only by someone other than the opener —
// the service says so and a CHECK holds it. Both databases.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NC_MESSAGES } from '#common/schemas/nonconformances.ts';
import { STOCK_MESSAGES } from '#common/schemas/stock.ts';
import {
  consumptionShopOf,
  type TClient,
  type TConsumptionShop,
} from '../../../tests/setup/consumption-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { items } from '../inventory/inventory.tables.ts';
import { lots, stockBalances, stockLedger, stockTransactions } from '../inventory/stock.tables.ts';
import { lotHolds, nonconformances } from './inspections.tables.ts';

let t: TTestApp;
let admin: TClient;
let operator: TClient;
let colleague: TClient;
let shop: TConsumptionShop;
let supplierId: string;

const NC = '/api/v1/nonconformances';

async function lotId(lotNumber: string): Promise<string> {
  const [row] = await t.database.db.select().from(lots).where(eq(lots.lotNumber, lotNumber));
  return row!.id;
}

async function ncRow(id: string) {
  const [row] = await t.database.db.select().from(nonconformances).where(eq(nonconformances.id, id));
  return row!;
}

async function lotState(id: string) {
  const [lot] = await t.database.db.select().from(lots).where(eq(lots.id, id));
  const balances = await t.database.db
    .select({ location: stockBalances.locationId, quantity: stockBalances.quantity })
    .from(stockBalances)
    .where(eq(stockBalances.lotId, id));
  return { onHold: lot!.onHold, balances: balances.sort((a, b) => a.location.localeCompare(b.location)) };
}

const open = (c: TClient, body: object) => c.ok('POST', NC, body, 201);

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@nc.example', role: 'admin', companyName: 'NC Works' });
  admin = client(t, cookie);
  operator = client(t, await t.signIn({ email: 'otto@nc.example', role: 'user', companyName: 'NC Works' }));
  colleague = client(t, await t.signIn({ email: 'cleo@nc.example', role: 'user', companyName: 'NC Works' }));
  shop = await consumptionShopOf(t, cookie, 'N');
  supplierId = (await admin.ok('POST', '/api/v1/suppliers', { code: 'ACME', name: 'Acme Fasteners' }, 201))
    .id;
  // Bolt lot NB-1: 30 in the bin and 10 at home, so a scrap takes from two places.
  await admin.ok(
    'POST',
    '/api/v1/stock/transactions',
    {
      idempotencyKey: randomUUID(),
      kind: 'move',
      lines: [
        {
          itemId: shop.items.bolt,
          fromLocationId: shop.bin,
          toLocationId: shop.home,
          lotId: await lotId('NB-1'),
          quantity: '10',
        },
      ],
    },
    201,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('opening and writing up a nonconformance', () => {
  it('is open to anyone, numbered NC-000001, audited; the lot names its supplier when the opener names none', async () => {
    const lot = await lotId('NG-LATE');
    await t.database.db.update(lots).set({ supplierId }).where(eq(lots.id, lot));
    const nc = await open(operator, {
      itemId: shop.items.glue,
      lotId: lot,
      quantity: '4',
      description: 'Glue does not cure',
    });
    expect(nc).toMatchObject({
      numberText: 'NC-000001',
      status: 'open',
      partNumber: 'NGLUE',
      lotNumber: 'NG-LATE',
      supplierName: 'Acme Fasteners',
      quantity: '4',
      dispositions: [],
      decidedQuantity: '0',
      undecidedQuantity: '4',
      dispositionLog: [],
      lotQuantity: '10',
      lotOnHold: false,
    });
    expect(nc.history.map((h: { action: string }) => h.action)).toEqual(['opened']);
  });

  it('refuses a bad body naming its fields, and ids that are not the company’s or the item’s, changing nothing', async () => {
    const before = await t.database.db.select({ n: sql<number>`count(*)` }).from(nonconformances);
    const bad = await operator.send('POST', NC, { quantity: '-1', description: '' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors).sort()).toEqual(['description', 'itemId', 'quantity']);
    const otherItemsLot = await operator.send('POST', NC, {
      itemId: shop.items.nut,
      lotId: await lotId('NB-1'),
      quantity: '1',
      description: 'Wrong lot',
    });
    expect(otherItemsLot.statusCode, otherItemsLot.body).toBe(404);
    expect(otherItemsLot.json().error.fieldErrors).toEqual({ lotId: NC_MESSAGES.lotNotFound });
    const after = await t.database.db.select({ n: sql<number>`count(*)` }).from(nonconformances);
    expect(after).toEqual(before);
  });

  it('refuses part of a whole unit and more than the lot ever took in, naming quantity, changing nothing', async () => {
    await t.database.db.update(items).set({ unitOfMeasure: 'pcs' }).where(eq(items.id, shop.items.bolt));
    const lot = await lotId('NB-1');
    const before = await t.database.db.select({ n: sql<number>`count(*)` }).from(nonconformances);
    const half = await operator.send('POST', NC, {
      itemId: shop.items.bolt,
      lotId: lot,
      quantity: '2.5',
      description: 'Cracked heads',
    });
    expect(half.statusCode, half.body).toBe(400);
    expect(half.json().error.fieldErrors).toEqual({
      quantity: 'NBOLT is counted in whole pcs: enter a whole number',
    });
    // NB-1 took in 40 in all: 41 is refused; without a lot a whole-unit item is still refused a fraction.
    const over = await operator.send('POST', NC, {
      itemId: shop.items.bolt,
      lotId: lot,
      quantity: '41',
      description: 'Cracked heads',
    });
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().error.fieldErrors).toEqual({ quantity: NC_MESSAGES.overLotTakenIn('40', 'NB-1') });
    const loose = await operator.send('POST', NC, {
      itemId: shop.items.bolt,
      quantity: '0.5',
      description: 'Cracked heads',
    });
    expect(loose.statusCode, loose.body).toBe(400);
    expect(await t.database.db.select({ n: sql<number>`count(*)` }).from(nonconformances)).toEqual(before);
  });

  it('takes the investigation’s fields from anyone, audited, and says when nothing is given', async () => {
    const { items: page } = await operator.ok('GET', `${NC}?q=NC-1`);
    const id = page[0].id;
    const edited = await colleague.ok('PATCH', `${NC}/${id}`, {
      containment: 'Quarantined the shelf',
      rootCause: 'Stored too warm',
    });
    expect(edited).toMatchObject({ containment: 'Quarantined the shelf', rootCause: 'Stored too warm' });
    expect(edited.history.map((h: { action: string }) => h.action)).toEqual(['opened', 'updated']);
    const empty = await colleague.send('PATCH', `${NC}/${id}`, {});
    expect(empty.statusCode, empty.body).toBe(400);
    const tooLong = await colleague.send('PATCH', `${NC}/${id}`, { rootCause: 'x'.repeat(2001) });
    expect(Object.keys(tooLong.json().error.fieldErrors)).toEqual(['rootCause']);
    expect((await ncRow(id)).rootCause).toBe('Stored too warm');
  });
});

describe('dispositions', () => {
  it('scrap takes the quantity out of a held lot’s locations at ledger cost, and releases the emptied lot', async () => {
    const lot = await lotId('NB-1');
    await operator.ok('POST', `/api/v1/lots/${lot}/hold`, { reason: 'Cracked heads' });
    const nc = await open(operator, {
      itemId: shop.items.bolt,
      lotId: lot,
      quantity: '40',
      description: 'Cracked',
    });
    const refused = await operator.send('POST', `${NC}/${nc.id}/disposition`, {
      disposition: 'scrap',
      quantity: '40',
    });
    expect(refused.statusCode, refused.body).toBe(403);
    const [before] = await t.database.db.select().from(items).where(eq(items.id, shop.items.bolt));

    const done = await admin.ok('POST', `${NC}/${nc.id}/disposition`, {
      disposition: 'scrap',
      quantity: '40',
    });
    expect(done).toMatchObject({
      status: 'dispositioned',
      dispositions: ['scrap'],
      decidedQuantity: '40',
      undecidedQuantity: '0',
      dispositionLog: [{ disposition: 'scrap', quantity: '40', lotReleased: true }],
    });
    const { transactionId } = done.dispositionLog[0];
    expect(
      done.dispositionLog[0].postingLines
        .map((l: { quantityDelta: string; unitCost: string }) => [l.quantityDelta, l.unitCost])
        .sort(),
    ).toEqual([
      ['-10', '2'],
      ['-30', '2'],
    ]);
    const [posting] = await t.database.db
      .select()
      .from(stockTransactions)
      .where(eq(stockTransactions.id, transactionId));
    expect(posting).toMatchObject({ kind: 'scrap', reference: nc.numberText });
    const ledger = await t.database.db
      .select()
      .from(stockLedger)
      .where(eq(stockLedger.transactionId, transactionId));
    const value = ledger.reduce((sum, l) => sum + Number(l.quantityDelta) * Number(l.unitCost), 0);
    expect(value).toBe(-80);
    const [after] = await t.database.db.select().from(items).where(eq(items.id, shop.items.bolt));
    expect(Number(before!.onHand) - Number(after!.onHand)).toBe(40);
    expect(await lotState(lot)).toMatchObject({ onHold: false });
    expect((await lotState(lot)).balances.every((b) => Number(b.quantity) === 0)).toBe(true);
    const [release] = await t.database.db
      .select()
      .from(lotHolds)
      .where(and(eq(lotHolds.lotId, lot), eq(lotHolds.action, 'release')));
    expect(release).toMatchObject({ nonconformanceId: nc.id });
    // The item's history shows the scrap.
    const history = await admin.ok('GET', `/api/v1/items/${shop.items.bolt}/ledger`);
    expect(history.items.map((e: { kind: string }) => e.kind)).toContain('scrap');
    // The ledger does not reverse a disposition: the NC would still say "scrapped" with the stock back.
    const reversal = await admin.send('POST', `/api/v1/stock/transactions/${transactionId}/reversal`, {
      reason: 'Scrapped by mistake',
    });
    expect(reversal.statusCode, reversal.body).toBe(409);
    expect(reversal.json().error.message).toBe(STOCK_MESSAGES.dispositionPosting(nc.numberText));
    expect((await lotState(lot)).balances.every((b) => Number(b.quantity) === 0)).toBe(true);
    expect(
      await t.database.db
        .select()
        .from(stockTransactions)
        .where(eq(stockTransactions.reversesId, transactionId)),
    ).toEqual([]);
  });

  it('is closed by someone other than its opener: the opener is refused and the row is unchanged; closed is final', async () => {
    const { items: page } = await admin.ok('GET', `${NC}?status=dispositioned`);
    const id = page[0].id;
    const own = await operator.send('POST', `${NC}/${id}/close`);
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json().error.message).toBe(NC_MESSAGES.ownClose);
    expect(await ncRow(id)).toMatchObject({ status: 'dispositioned', closedAt: null });
    const closed = await colleague.ok('POST', `${NC}/${id}/close`);
    expect(closed).toMatchObject({ status: 'closed', closedByName: expect.stringMatching(/\S/) });
    for (const [method, path, body] of [
      ['POST', `${NC}/${id}/close`, undefined],
      ['PATCH', `${NC}/${id}`, { rootCause: 'Later' }],
      ['POST', `${NC}/${id}/disposition`, { disposition: 'use_as_is', quantity: '1' }],
    ] as const) {
      const again = await admin.send(method, path, body);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().error.message).toBe(NC_MESSAGES.closed);
    }
    // The database holds both rules whatever the service does.
    const row = await ncRow(id);
    await expect(
      t.database.db.execute(sql`update nonconformances set root_cause = 'x' where id = ${id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(
        sql`update nonconformances set status = 'dispositioned', closed_at = null, closed_by = null where id = ${id}`,
      ),
    ).rejects.toThrow();
    expect(await ncRow(id)).toEqual(row);
  });

  it('a CHECK refuses a close by the opener even past the service', async () => {
    const nc = await open(admin, { itemId: shop.items.nut, quantity: '1', description: 'Bent' });
    await admin.ok('POST', `${NC}/${nc.id}/disposition`, { disposition: 'use_as_is', quantity: '1' });
    const row = await ncRow(nc.id);
    await expect(
      t.database.db.execute(
        sql`update nonconformances set status = 'closed', closed_at = now(), closed_by = opened_by where id = ${nc.id}`,
      ),
    ).rejects.toThrow();
    expect(await ncRow(nc.id)).toEqual(row);
  });

  it('return to supplier posts its kind naming the supplier; a lot with stock left stays held', async () => {
    const lot = await lotId('NG-LATE');
    await admin.ok('POST', `/api/v1/lots/${lot}/hold`, { reason: 'Does not cure' });
    const { items: page } = await admin.ok('GET', `${NC}?status=open&supplierId=${supplierId}`);
    expect(page.map((n: { numberText: string }) => n.numberText)).toEqual(['NC-000001']);
    const done = await admin.ok('POST', `${NC}/${page[0].id}/disposition`, {
      disposition: 'return_to_supplier',
      quantity: '4',
      note: 'RMA 1234',
    });
    const [posting] = await t.database.db
      .select()
      .from(stockTransactions)
      .where(eq(stockTransactions.id, done.dispositionLog[0].transactionId));
    expect(posting).toMatchObject({ kind: 'return-to-supplier', supplierId, reason: 'RMA 1234' });
    expect(await lotState(lot)).toMatchObject({ onHold: true, balances: [{ quantity: '6.000000' }] });
  });

  it('rework makes a work order of the item for the quantity, naming the nonconformance; an item never built is refused', async () => {
    const nc = await open(operator, { itemId: shop.items.fg, quantity: '2', description: 'Loose screws' });
    const done = await admin.ok('POST', `${NC}/${nc.id}/disposition`, {
      disposition: 'rework',
      quantity: '2',
    });
    expect(done.dispositionLog).toEqual([
      expect.objectContaining({
        disposition: 'rework',
        transactionId: null,
        reworkWorkOrderId: expect.any(String),
      }),
    ]);
    const { reworkWorkOrderId } = done.dispositionLog[0];
    const wo = await admin.ok('GET', `/api/v1/work-orders/${reworkWorkOrderId}`);
    expect(wo).toMatchObject({ quantity: '2', status: 'planned' });
    const [created] = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'work-order'), eq(auditEntries.entityId, reworkWorkOrderId)));
    expect(created!.after).toMatchObject({ nonconformance: nc.numberText });

    const screw = await open(operator, { itemId: shop.items.screw, quantity: '1', description: 'Stripped' });
    const refused = await admin.send('POST', `${NC}/${screw.id}/disposition`, {
      disposition: 'rework',
      quantity: '1',
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(Object.keys(refused.json().error.fieldErrors)).toEqual(['disposition']);
    expect(await ncRow(screw.id)).toMatchObject({ status: 'open', dispositionQuantity: null });
  });

  it('use as is posts nothing; the held lot comes off hold only once all of it is decided', async () => {
    const lot = await lotId('NT-1');
    await admin.ok('POST', `/api/v1/lots/${lot}/hold`, { reason: 'Label smudged' });
    const nc = await open(operator, {
      itemId: shop.items.tie,
      lotId: lot,
      quantity: '5',
      description: 'Smudged',
    });
    const ledgerBefore = await t.database.db.select().from(stockLedger).where(eq(stockLedger.lotId, lot));
    const part = await admin.ok('POST', `${NC}/${nc.id}/disposition`, {
      disposition: 'use_as_is',
      quantity: '2',
    });
    // Three of the five are still undecided: the nonconformance stays open and the lot held.
    expect(part).toMatchObject({ status: 'open', undecidedQuantity: '3', lotOnHold: true });
    expect(part.dispositionLog).toEqual([
      expect.objectContaining({ transactionId: null, postingLines: [], lotReleased: false }),
    ]);
    const rest = await admin.ok('POST', `${NC}/${nc.id}/disposition`, {
      disposition: 'use_as_is',
      quantity: '3',
    });
    expect(rest).toMatchObject({ status: 'dispositioned', undecidedQuantity: '0', lotOnHold: false });
    expect(await t.database.db.select().from(stockLedger).where(eq(stockLedger.lotId, lot))).toHaveLength(
      ledgerBefore.length,
    );
  });

  it('refuses more than the nonconformance or the lot holds, and a loose scrap without a place, changing nothing', async () => {
    const lot = await lotId('NT-2');
    const nc = await open(operator, {
      itemId: shop.items.tie,
      lotId: lot,
      quantity: '5',
      description: 'Frayed',
    });
    // One of the five is used after the NC was opened: the lot holds 4 now.
    await admin.ok(
      'POST',
      '/api/v1/stock/transactions',
      {
        idempotencyKey: randomUUID(),
        kind: 'issue',
        lines: [{ itemId: shop.items.tie, locationId: shop.bin, lotId: lot, quantity: '1' }],
      },
      201,
    );
    const before = await lotState(lot);
    const overNc = await admin.send('POST', `${NC}/${nc.id}/disposition`, {
      disposition: 'scrap',
      quantity: '9',
    });
    expect(overNc.statusCode, overNc.body).toBe(400);
    expect(overNc.json().error.fieldErrors).toEqual({ quantity: NC_MESSAGES.overQuantity('5') });
    const overLot = await admin.send('POST', `${NC}/${nc.id}/disposition`, {
      disposition: 'scrap',
      quantity: '5',
    });
    expect(overLot.statusCode, overLot.body).toBe(409);
    expect(overLot.json().error.fieldErrors).toEqual({ quantity: NC_MESSAGES.overLot('4', 'NT-2') });
    const bad = await admin.send('POST', `${NC}/${nc.id}/disposition`, {
      disposition: 'burn',
      quantity: 'x',
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors).sort()).toEqual(['disposition', 'quantity']);
    const loose = await open(operator, { itemId: shop.items.nut, quantity: '3', description: 'Rusty' });
    const nowhere = await admin.send('POST', `${NC}/${loose.id}/disposition`, {
      disposition: 'scrap',
      quantity: '3',
    });
    expect(nowhere.statusCode, nowhere.body).toBe(400);
    expect(Object.keys(nowhere.json().error.fieldErrors)).toEqual(['locationId']);
    expect(await lotState(lot)).toEqual(before);
    expect(await ncRow(nc.id)).toMatchObject({ status: 'open' });
    // Named, the place gives the stock.
    const done = await admin.ok('POST', `${NC}/${loose.id}/disposition`, {
      disposition: 'scrap',
      quantity: '3',
      locationId: shop.bin,
    });
    expect(done.dispositionLog[0].postingLines).toEqual([
      expect.objectContaining({ quantityDelta: '-3', lotNumber: null }),
    ]);
  });

  it('two dispositions at once post once', async () => {
    const nc = await open(operator, { itemId: shop.items.nut, quantity: '2', description: 'Twice' });
    const body = { disposition: 'scrap', quantity: '2', locationId: shop.bin };
    const [a, b] = await Promise.all([
      admin.send('POST', `${NC}/${nc.id}/disposition`, body),
      admin.send('POST', `${NC}/${nc.id}/disposition`, body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const postings = await t.database.db
      .select()
      .from(stockTransactions)
      .where(eq(stockTransactions.reference, nc.numberText));
    expect(postings).toHaveLength(1);
  });
});

describe('the list', () => {
  it('is paged on the server, newest first, filtered by status, item and search', async () => {
    const first = await operator.ok('GET', `${NC}?status=all&pageSize=2`);
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThan(5);
    expect(first.items[0].number).toBeGreaterThan(first.items[1].number);
    const byItem = await operator.ok('GET', `${NC}?status=all&itemId=${shop.items.tie}`);
    expect(byItem.items.map((n: { partNumber: string }) => n.partNumber)).toEqual(['NTIE', 'NTIE']);
    const searched = await operator.ok('GET', `${NC}?status=all&q=frayed`);
    expect(searched.items.map((n: { description: string }) => n.description)).toEqual(['Frayed']);
    const closed = await operator.ok('GET', `${NC}?status=closed`);
    expect(closed.items.map((n: { status: string }) => n.status)).toEqual(['closed']);
    const bad = await operator.send('GET', `${NC}?status=lost`);
    expect(Object.keys(bad.json().error.fieldErrors)).toEqual(['status']);
  });
});
