// What the consumption API tests share (decision 064): a company whose screws live at their default location (and
// more in the stores bin), glue in lots expiring at different dates, bolts in one lot, nuts, a part in two lots
// received together (a tie) and a part nearly out; assemblies that backflush some of them and scan the rest, released
// through the API as an admin would; and what the database holds, read as a test checks it.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '#server/db/client.ts';
import type { TTestApp } from './test-app.ts';
import { client } from './work-orders-shop.ts';

export type TClient = ReturnType<typeof client>;

type TLine = {
  componentItemId: string;
  quantity: string;
  scrapPercent?: string;
  step?: number;
  consumption?: string;
};

/** The shop of the admin signed in as `cookie`, part numbers prefixed with `p`. */
export async function consumptionShopOf(t: TTestApp, cookie: string, p: string) {
  const { ok } = client(t, cookie);
  const companyId: string = (await ok('GET', '/api/v1/session')).user.companyId;
  const site = (await ok('POST', '/api/v1/locations', { kind: 'site', code: `${p}S`, name: 'Site' }, 201)).id;
  const location = async (code: string) =>
    (
      await ok(
        'POST',
        '/api/v1/locations',
        { kind: 'bin', parentId: site, code: `${p}${code}`, name: code },
        201,
      )
    ).id as string;
  const bin = await location('BIN');
  const home = await location('HOME');
  const out = await location('OUT');
  const item = async (
    name: string,
    lotTracked: boolean,
    unitCost: string,
    defaultLocationId: string | null = null,
  ) =>
    (
      await ok(
        'POST',
        '/api/v1/items',
        { partNumber: `${p}${name}`, name: `Part ${name}`, unitCost, lotTracked, defaultLocationId },
        201,
      )
    ).id as string;
  const receive = (lines: object[]) =>
    ok('POST', '/api/v1/stock/transactions', { idempotencyKey: randomUUID(), kind: 'receive', lines }, 201);
  const items = {
    screw: await item('SCREW', false, '0.1', home),
    glue: await item('GLUE', true, '0.5'),
    bolt: await item('BOLT', true, '2'),
    nut: await item('NUT', false, '0.05'),
    tie: await item('TIE', true, '1'),
    short: await item('SHORT', false, '3'),
    fg: await item('FG', false, '0'),
    kit: await item('KIT', false, '0'),
    tied: await item('TIED', false, '0'),
    shorty: await item('SHORTY', false, '0'),
  };
  await receive([
    { itemId: items.screw, locationId: home, quantity: '20' },
    { itemId: items.screw, locationId: bin, quantity: '50' },
  ]);
  // The lot without an expiry date is received first, and still goes last: an expiry date comes first.
  await receive([{ itemId: items.glue, locationId: bin, quantity: '10', lotNumber: `${p}G-NONE` }]);
  await receive([
    {
      itemId: items.glue,
      locationId: bin,
      quantity: '10',
      lotNumber: `${p}G-LATE`,
      lotExpiresOn: '2027-06-01',
    },
  ]);
  await receive([
    {
      itemId: items.glue,
      locationId: bin,
      quantity: '5',
      lotNumber: `${p}G-SOON`,
      lotExpiresOn: '2027-01-01',
    },
  ]);
  await receive([{ itemId: items.bolt, locationId: bin, quantity: '40', lotNumber: `${p}B-1` }]);
  await receive([{ itemId: items.nut, locationId: bin, quantity: '100' }]);
  // Two lots in one receipt, expiring the same day: neither is first.
  await receive([
    { itemId: items.tie, locationId: bin, quantity: '5', lotNumber: `${p}T-1`, lotExpiresOn: '2027-03-01' },
    { itemId: items.tie, locationId: bin, quantity: '5', lotNumber: `${p}T-2`, lotExpiresOn: '2027-03-01' },
  ]);
  await receive([{ itemId: items.short, locationId: bin, quantity: '3' }]);

  const assembly = async (itemId: string, lines: TLine[], steps: string[]) => {
    const made = await ok('POST', '/api/v1/assemblies', { itemId }, 201);
    const saved = await ok('PUT', `/api/v1/assembly-revisions/${made.draftRevisionId}`, {
      lines,
      steps: steps.map((title) => ({ title })),
    });
    await ok('POST', `/api/v1/assembly-revisions/${made.draftRevisionId}/release`);
    return {
      assemblyId: made.id as string,
      revisionId: made.draftRevisionId as string,
      steps: saved.steps.map((s: { id: string }) => s.id) as string[],
    };
  };
  return {
    companyId,
    bin,
    home,
    out,
    items,
    /** Screws 4 a unit + 5 % (backflushed by default), a bolt scanned at Fit; glue 2 a unit backflushed at Seal. */
    fg: await assembly(
      items.fg,
      [
        { componentItemId: items.screw, quantity: '4', scrapPercent: '5' },
        { componentItemId: items.bolt, quantity: '1' },
        { componentItemId: items.glue, quantity: '2', step: 2, consumption: 'backflush' },
      ],
      ['Fit', 'Seal'],
    ),
    /** A bolt and two nuts a unit, both scanned, at one step. */
    kit: await assembly(
      items.kit,
      [
        { componentItemId: items.bolt, quantity: '1' },
        { componentItemId: items.nut, quantity: '2', consumption: 'scan' },
      ],
      ['Pack'],
    ),
    tied: await assembly(
      items.tied,
      [{ componentItemId: items.tie, quantity: '1', consumption: 'backflush' }],
      ['Tie'],
    ),
    shorty: await assembly(items.shorty, [{ componentItemId: items.short, quantity: '3' }], ['Press']),
    /** A released work order of `assemblyId`, its output going to the output bin; returns its id. */
    released: async (assemblyId: string, quantity: string) => {
      const wo = await ok(
        'POST',
        '/api/v1/work-orders',
        { assemblyId, quantity, outputLocationId: out },
        201,
      );
      await ok('POST', `/api/v1/work-orders/${wo.id}/status`, { status: 'released' });
      return wo.id as string;
    },
  };
}

export type TConsumptionShop = Awaited<ReturnType<typeof consumptionShopOf>>;

/** The company's balances of `itemId`, by location code and lot number ("-" without a lot), each as text. */
export async function balancesOf(t: TTestApp, companyId: string, itemId: string) {
  const rows = await queryRows<{ place: string; quantity: string }>(
    t.database.db,
    sql`select l.code || ' ' || coalesce(t.lot_number, '-') as place, b.quantity::numeric(18, 6)::text as quantity
          from stock_balances b
          join locations l on l.company_id = b.company_id and l.id = b.location_id
          left join lots t on t.company_id = b.company_id and t.id = b.lot_id
         where b.company_id = ${companyId} and b.item_id = ${itemId}
         order by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.place, Number(r.quantity).toString()]));
}

/** The 'build-consume' ledger rows of the work order numbered `reference`: item, signed quantity, unit cost. */
export async function consumeRows(t: TTestApp, companyId: string, reference: string) {
  return queryRows<{ item_id: string; quantity: string; unit_cost: string }>(
    t.database.db,
    sql`select l.item_id, l.quantity_delta::text as quantity, l.unit_cost::text as unit_cost
          from stock_ledger l
          join stock_transactions x on x.company_id = l.company_id and x.id = l.transaction_id
         where l.company_id = ${companyId} and x.kind = 'build-consume' and x.reference = ${reference}
         order by l.created_at, l.line_no`,
  );
}

/** The work order's material cost and each reservation's consumed and short reason, as stored. */
export async function costAndReservations(t: TTestApp, companyId: string, workOrderId: string) {
  const [wo] = await queryRows<{ material_cost: string }>(
    t.database.db,
    sql`select material_cost::text as material_cost from work_orders
         where company_id = ${companyId} and id = ${workOrderId}`,
  );
  const reservations = await queryRows<{ item_id: string; consumed: string; short_reason: string | null }>(
    t.database.db,
    sql`select item_id, consumed::text as consumed, short_reason from work_order_reservations
         where company_id = ${companyId} and work_order_id = ${workOrderId}`,
  );
  return { materialCost: wo!.material_cost, reservations };
}
