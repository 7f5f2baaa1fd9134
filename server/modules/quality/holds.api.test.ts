// Holds of lots (decision 070): anyone in the company holds a lot with a reason, only an admin releases it, and while
// it is held the posting engine refuses every posting that would use, move or lend its stock — the stock API's
// issue and move, a scan on the build floor, and (through the engine itself) borrowing and maintenance parts — while
// counts, adjustments and receipts still say what is there. A backflush passes a held lot by. Both databases.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOT_HOLD_MESSAGES } from '#common/schemas/lot-holds.ts';
import { HOLD_BLOCKED_KINDS, STOCK_KINDS, STOCK_MESSAGES } from '#common/schemas/stock.ts';
import {
  consumptionShopOf,
  type TClient,
  type TConsumptionShop,
} from '../../../tests/setup/consumption-shop.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { tenantFor } from '../../db/tenant.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { postLinesPosting } from '../inventory/stock.service.ts';
import { lots, stockBalances, stockLedger } from '../inventory/stock.tables.ts';

let t: TTestApp;
let admin: TClient;
let operator: TClient;
let other: TClient;
let shop: TConsumptionShop;
let lotIds: { bolt: string; tie1: string; tie2: string; glue: string };

const REASON = 'Supplier recalled this batch';

async function lotId(lotNumber: string): Promise<string> {
  const [row] = await t.database.db.select().from(lots).where(eq(lots.lotNumber, lotNumber));
  return row!.id;
}

/** What the lot's stock and the ledger hold now: unchanged by a refused posting. */
async function stockOfLot(id: string) {
  const balances = await t.database.db
    .select({ location: stockBalances.locationId, quantity: stockBalances.quantity })
    .from(stockBalances)
    .where(eq(stockBalances.lotId, id));
  const ledger = await t.database.db.select().from(stockLedger).where(eq(stockLedger.lotId, id));
  return { balances, ledgerLines: ledger.length };
}

const issue = (c: TClient, itemId: string, lot: string, quantity = '1') =>
  c.send('POST', '/api/v1/stock/transactions', {
    idempotencyKey: randomUUID(),
    kind: 'issue',
    lines: [{ itemId, locationId: shop.bin, lotId: lot, quantity }],
  });

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@holds.example', role: 'admin', companyName: 'Hold Works' });
  admin = client(t, cookie);
  operator = client(
    t,
    await t.signIn({ email: 'otto@holds.example', role: 'user', companyName: 'Hold Works' }),
  );
  other = client(t, await t.signIn({ email: 'eve@else-holds.example', role: 'admin', companyName: 'Else' }));
  shop = await consumptionShopOf(t, cookie, 'H');
  lotIds = {
    bolt: await lotId('HB-1'),
    tie1: await lotId('HT-1'),
    tie2: await lotId('HT-2'),
    glue: await lotId('HG-NONE'),
  };
});
afterAll(async () => {
  await t?.close();
});

describe('putting a lot on hold', () => {
  it('is open to anyone in the company, with a reason, and says who and when', async () => {
    const held = await operator.ok('POST', `/api/v1/lots/${lotIds.bolt}/hold`, { reason: REASON });
    expect(held).toMatchObject({ lotId: lotIds.bolt, lotNumber: 'HB-1', partNumber: 'HBOLT' });
    expect(held.hold).toMatchObject({ reason: REASON, heldBy: expect.stringMatching(/\S/) });
    const [row] = await t.database.db.select().from(lots).where(eq(lots.id, lotIds.bolt));
    expect(row).toMatchObject({ onHold: true, holdReason: REASON });
    const trail = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'lot'), eq(auditEntries.entityId, lotIds.bolt)));
    expect(trail.map((e) => e.action)).toEqual(['held']);
    // The item's balances say which lot is held.
    const balances = await operator.ok('GET', `/api/v1/items/${shop.items.bolt}/balances`);
    expect(
      balances.balances.map((b: { lotNumber: string; onHold: boolean }) => [b.lotNumber, b.onHold]),
    ).toEqual([['HB-1', true]]);
  });

  it('refuses a second hold, a missing reason (naming it) and a lot of another company, changing nothing', async () => {
    const again = await admin.send('POST', `/api/v1/lots/${lotIds.bolt}/hold`, { reason: 'Again' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.message).toBe(LOT_HOLD_MESSAGES.alreadyHeld(REASON));
    const bare = await admin.send('POST', `/api/v1/lots/${lotIds.glue}/hold`, { reason: ' ' });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(Object.keys(bare.json().error.fieldErrors)).toEqual(['reason']);
    for (const id of [lotIds.glue, randomUUID()]) {
      const foreign = await other.send('POST', `/api/v1/lots/${id}/hold`, { reason: 'Not yours' });
      expect(foreign.statusCode, foreign.body).toBe(404);
      expect(foreign.json().error.message).toBe(LOT_HOLD_MESSAGES.lotNotFound);
    }
    const [glue] = await t.database.db.select().from(lots).where(eq(lots.id, lotIds.glue));
    expect(glue!.onHold).toBe(false);
  });
});

describe('a held lot does not move', () => {
  it('is refused by an issue and a move through the stock API, naming the lot, and nothing is posted', async () => {
    const before = await stockOfLot(lotIds.bolt);
    const issued = await issue(admin, shop.items.bolt, lotIds.bolt);
    expect(issued.statusCode, issued.body).toBe(409);
    expect(issued.json().error.message).toBe(STOCK_MESSAGES.lotOnHold('HB-1', 'HBOLT', REASON));
    expect(Object.keys(issued.json().error.fieldErrors)).toEqual(['lines.0.lotId']);
    const moved = await admin.send('POST', '/api/v1/stock/transactions', {
      idempotencyKey: randomUUID(),
      kind: 'move',
      lines: [
        {
          itemId: shop.items.bolt,
          fromLocationId: shop.bin,
          toLocationId: shop.home,
          lotId: lotIds.bolt,
          quantity: '2',
        },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(await stockOfLot(lotIds.bolt)).toEqual(before);
  });

  it('cannot be consumed on the build floor: the scan is refused and the work order takes nothing', async () => {
    const id = await shop.released(shop.kit.assemblyId, '1');
    await admin.ok('POST', `/api/v1/work-orders/${id}/steps/${shop.kit.steps[0]}/start`);
    const before = await stockOfLot(lotIds.bolt);
    const scanned = await operator.send('POST', `/api/v1/work-orders/${id}/consumptions`, {
      idempotencyKey: randomUUID(),
      code: 'HB-1',
      quantity: '1',
      locationId: shop.bin,
    });
    expect(scanned.statusCode, scanned.body).toBe(409);
    expect(scanned.json().error.message).toBe(STOCK_MESSAGES.lotOnHold('HB-1', 'HBOLT', REASON));
    const floor = await admin.ok('GET', `/api/v1/work-orders/${id}/floor`);
    expect(floor.consumptions).toEqual([]);
    expect(await stockOfLot(lotIds.bolt)).toEqual(before);
  });

  it('is passed by a backflush: of two tied lots, the one not held is taken', async () => {
    // HT-1 and HT-2 expire the same day and came in one receipt: a backflush refuses to choose between them, until
    // one of them is held.
    await admin.ok('POST', `/api/v1/lots/${lotIds.tie2}/hold`, { reason: 'Torn packaging' });
    const id = await shop.released(shop.tied.assemblyId, '1');
    const step = shop.tied.steps[0]!;
    await admin.ok('POST', `/api/v1/work-orders/${id}/steps/${step}/start`);
    const floor = await admin.ok('POST', `/api/v1/work-orders/${id}/steps/${step}/finish`, {
      goodQuantity: '1',
    });
    expect(
      floor.consumptions.map((c: { lotNumber: string; source: string }) => [c.lotNumber, c.source]),
    ).toEqual([['HT-1', 'backflush']]);
  });

  it('is refused by exactly the kinds that use, move or lend stock; counts, adjustments and receipts go on', async () => {
    const session = await admin.ok('GET', '/api/v1/session');
    const tenant = tenantFor(
      t.database.db,
      { companyId: session.user.companyId, userId: session.user.id, role: 'admin' },
      { userId: session.user.id, name: 'Ada' },
    );
    const refused: string[] = [];
    for (const kind of STOCK_KINDS.filter((k) => k !== 'reversal')) {
      try {
        await tenant.run((tx) =>
          postLinesPosting(tx, tenant, { kind, idempotencyKey: `hold-kind-${kind}` }, [
            { itemId: shop.items.bolt, locationId: shop.bin, lotId: lotIds.bolt, delta: '-1' },
          ]),
        );
      } catch (error) {
        expect((error as Error).message).toBe(STOCK_MESSAGES.lotOnHold('HB-1', 'HBOLT', REASON));
        refused.push(kind);
      }
    }
    expect(refused.sort()).toEqual(['borrow', 'build-consume', 'issue', 'maintenance-issue', 'move']);
    expect(refused).toEqual([...HOLD_BLOCKED_KINDS].sort());
  });

  it("lets a nonconformance's scrap and return to supplier take it out (decision 073), each posted as its kind", async () => {
    const session = await admin.ok('GET', '/api/v1/session');
    const tenant = tenantFor(
      t.database.db,
      { companyId: session.user.companyId, userId: session.user.id, role: 'admin' },
      { userId: session.user.id, name: 'Ada' },
    );
    const [lot] = await t.database.db.select().from(lots).where(eq(lots.id, lotIds.bolt));
    expect(lot!.onHold).toBe(true);
    const before = await stockOfLot(lotIds.bolt);
    for (const kind of ['scrap', 'return-to-supplier'] as const) {
      const posted = await tenant.run((tx) =>
        postLinesPosting(tx, tenant, { kind, idempotencyKey: `held-${kind}` }, [
          { itemId: shop.items.bolt, locationId: shop.bin, lotId: lotIds.bolt, delta: '-1' },
        ]),
      );
      expect(posted).toMatchObject({ kind, lines: [{ lotNumber: 'HB-1', quantityDelta: '-1' }] });
    }
    const after = await stockOfLot(lotIds.bolt);
    expect(Number(before.balances[0]!.quantity) - Number(after.balances[0]!.quantity)).toBe(2);
    expect(after.ledgerLines - before.ledgerLines).toBe(2);
  });
});

describe('releasing a lot', () => {
  it('is for admins: an operator is refused and the lot stays held', async () => {
    const response = await operator.send('POST', `/api/v1/lots/${lotIds.bolt}/release`, {
      reason: 'Looks fine',
    });
    expect(response.statusCode, response.body).toBe(403);
    const [row] = await t.database.db.select().from(lots).where(eq(lots.id, lotIds.bolt));
    expect(row!.onHold).toBe(true);
  });

  it('lets the lot move again, and its history reads newest first, paged', async () => {
    const released = await admin.ok('POST', `/api/v1/lots/${lotIds.bolt}/release`, {
      reason: 'Supplier cleared it',
    });
    expect(released.hold).toBeNull();
    const issued = await issue(admin, shop.items.bolt, lotIds.bolt);
    expect(issued.statusCode, issued.body).toBe(201);
    const again = await admin.send('POST', `/api/v1/lots/${lotIds.bolt}/release`, { reason: 'Twice' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.message).toBe(LOT_HOLD_MESSAGES.notHeld);
    const first = await operator.ok('GET', `/api/v1/lots/${lotIds.bolt}/holds?pageSize=1`);
    expect(first).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(first.items.map((e: { action: string; reason: string }) => [e.action, e.reason])).toEqual([
      ['release', 'Supplier cleared it'],
    ]);
    const second = await operator.ok('GET', `/api/v1/lots/${lotIds.bolt}/holds?pageSize=1&page=2`);
    expect(second.items.map((e: { action: string }) => e.action)).toEqual(['hold']);
    const foreign = await other.send('GET', `/api/v1/lots/${lotIds.bolt}/holds`);
    expect(foreign.statusCode, foreign.body).toBe(404);
  });
});
