// What the shop-floor API tests share (decision 049): a company with a stores bin and an output bin, lot-tracked and
// plain parts received, a sub-assembly (WIRE ×2, one step) and a top assembly built from it (SUB, BOLT, SCREW ×2; two
// steps, the bolt at the second), released through the API as an admin would; and the ways a test reads what the database holds.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { compactCode } from '#common/label-codes.ts';
import { queryRows } from '#server/db/client.ts';
import { tenantFor } from '#server/db/tenant.ts';
import { systemActor } from '#server/modules/audit/audit.ts';
import { codesFor } from '#server/modules/labels/codes.service.ts';
import type { TTestApp } from './test-app.ts';
import { client } from './work-orders-shop.ts';

export type TClient = ReturnType<typeof client>;

export interface TFloorShop {
  companyId: string;
  bin: string;
  out: string;
  items: Record<'wire' | 'bolt' | 'screw' | 'other' | 'sub' | 'top', string>;
  sub: { assemblyId: string; steps: string[] };
  top: { assemblyId: string; steps: string[] };
  /** A released work order of `assemblyId`, its output going to the output bin; returns its id. */
  released: (assemblyId: string, quantity: string) => Promise<string>;
  /** The lot of `itemId` numbered `lotNumber`. */
  lotId: (itemId: string, lotNumber: string) => Promise<string>;
  /** What a lot's label carries (FBL…), made as printing makes it. */
  lotLabel: (lotId: string) => Promise<string>;
}

/** The floor of the admin signed in as `cookie`, part numbers prefixed with `p`. */
export async function floorShopOf(t: TTestApp, cookie: string, p: string): Promise<TFloorShop> {
  const { ok } = client(t, cookie);
  const companyId: string = (await ok('GET', '/api/v1/session')).user.companyId;
  const site = (await ok('POST', '/api/v1/locations', { kind: 'site', code: `${p}S`, name: 'Site' }, 201)).id;
  const location = async (code: string) =>
    (await ok('POST', '/api/v1/locations', { kind: 'bin', parentId: site, code, name: code }, 201))
      .id as string;
  const bin = await location('BIN');
  const out = await location('OUT');
  const item = async (name: string, lotTracked: boolean, unitCost = '1') =>
    (
      await ok(
        'POST',
        '/api/v1/items',
        { partNumber: `${p}${name}`, name: `Part ${name}`, unitCost, lotTracked },
        201,
      )
    ).id as string;
  const receive = (itemId: string, quantity: string, lotNumber?: string) =>
    ok(
      'POST',
      '/api/v1/stock/transactions',
      {
        idempotencyKey: randomUUID(),
        kind: 'receive',
        lines: [{ itemId, locationId: bin, quantity, ...(lotNumber ? { lotNumber } : {}) }],
      },
      201,
    );
  const assembly = async (
    itemId: string,
    lines: Array<{ componentItemId: string; quantity: string; step?: number }>,
    steps: string[],
  ) => {
    const made = await ok('POST', '/api/v1/assemblies', { itemId }, 201);
    const saved = await ok('PUT', `/api/v1/assembly-revisions/${made.draftRevisionId}`, {
      lines: lines.map((l) => ({ scrapPercent: '0', ...l })),
      steps: steps.map((title) => ({
        title,
        instructions: `**${title}** the parts`,
        setupMinutes: '1',
        runMinutes: '2',
      })),
    });
    await ok('POST', `/api/v1/assembly-revisions/${made.draftRevisionId}/release`);
    return { assemblyId: made.id as string, steps: saved.steps.map((s: { id: string }) => s.id) as string[] };
  };
  const items = {
    wire: await item('WIRE', true, '0.25'),
    bolt: await item('BOLT', true, '2'),
    screw: await item('SCREW', false, '0.1'),
    other: await item('OTHER', false),
    sub: await item('SUB', true, '3'),
    top: await item('TOP', true, '20'),
  };
  await receive(items.wire, '100', `${p}W-1`);
  await receive(items.bolt, '10', `${p}B-1`);
  await receive(items.bolt, '1', `${p}B-2`);
  await receive(items.screw, '100');
  await receive(items.other, '10');
  await receive(items.sub, '5', `${p}S-0`);
  const sub = await assembly(items.sub, [{ componentItemId: items.wire, quantity: '2' }], ['Press']);
  const top = await assembly(
    items.top,
    [
      { componentItemId: items.sub, quantity: '1' },
      { componentItemId: items.bolt, quantity: '1', step: 2 },
      { componentItemId: items.screw, quantity: '2' },
    ],
    ['Fit', 'Fasten'],
  );
  const tenant = tenantFor(
    t.database.db,
    { companyId, userId: randomUUID(), role: 'admin' },
    systemActor('test'),
  );
  return {
    companyId,
    bin,
    out,
    items,
    sub,
    top,
    released: async (assemblyId, quantity) => {
      const wo = await ok(
        'POST',
        '/api/v1/work-orders',
        { assemblyId, quantity, outputLocationId: out },
        201,
      );
      await ok('POST', `/api/v1/work-orders/${wo.id}/status`, { status: 'released' });
      return wo.id as string;
    },
    lotId: async (itemId, lotNumber) => {
      const page = await ok('GET', `/api/v1/items/${itemId}/lots`);
      const lot = page.items.find((l: { lotNumber: string }) => l.lotNumber === lotNumber);
      expect(lot, `lot ${lotNumber}`).toBeDefined();
      return lot.id as string;
    },
    lotLabel: async (lotId) => {
      const tokens = await tenant.run((tx) => codesFor(tx, companyId, 'lot', [lotId]));
      return compactCode('lot', tokens.get(lotId)!);
    },
  };
}

/** Every balance of the company against the sum of its ledger rows: the pairs that differ (none, if all is well). */
export async function balancesOffLedger(t: TTestApp, companyId: string) {
  return queryRows<{ item_id: string; balance: string; ledger: string }>(
    t.database.db,
    sql`select b.item_id, b.quantity::text as balance, coalesce(sum(l.quantity_delta), 0)::text as ledger
          from stock_balances b
          left join stock_ledger l on l.company_id = b.company_id and l.item_id = b.item_id
                                  and l.location_id = b.location_id and l.lot_id is not distinct from b.lot_id
         where b.company_id = ${companyId}
         group by b.id, b.item_id, b.quantity
        having b.quantity <> coalesce(sum(l.quantity_delta), 0)`,
  );
}

/** How many ledger rows and stock transactions the company has: a refusal leaves both as they were. */
export async function ledgerCount(t: TTestApp, companyId: string) {
  const [row] = await queryRows<{ rows: number; postings: number }>(
    t.database.db,
    sql`select (select count(*)::int from stock_ledger where company_id = ${companyId}) as rows,
               (select count(*)::int from stock_transactions where company_id = ${companyId}) as postings`,
  );
  return row!;
}
