// A stock posting's statements as fixed SQL (POSTING_SQL) and the functions that send them inside withTenant.
import { v7 as uuidv7 } from 'uuid';
import { runSql, type TDb } from '../../db/client.ts';
import { type TInlineStatement, uuidStatement } from '../../db/inline-statement.ts';
import type { stockLedger, stockTransactions } from './stock.tables.ts';

/** The ledger columns a posting writes, in the order of insertLedgerLines' VALUES. */
export const LEDGER_COLUMNS = [
  'id',
  'company_id',
  'transaction_id',
  'line_no',
  'item_id',
  'location_id',
  'lot_id',
  'quantity_delta',
  'unit_cost',
  'balance_after',
  'created_at',
] as const;

/**
 * A balance less $1 where the company's ($2) item ($3) and location ($4) hold at least that much; the lot condition
 * follows. company_id leads the balance key (decision 033), so the statement names it.
 */
const TAKE_FROM_BALANCE = `update stock_balances set quantity = quantity - $1::numeric, updated_at = now()
     where company_id = $2 and item_id = $3 and location_id = $4 and quantity >= $1::numeric`;

/**
 * The statements every stock posting runs, as fixed text (run through runSql, past Drizzle's query building). Exported
 * for the benchmark's raw ceiling, which must send exactly what the app sends (bench/postings-throughput.ts).
 * Balances change by one conditional statement per line, which takes the balance row's lock: concurrent postings on
 * the same stock queue behind each other and re-check the quantity.
 */
export const POSTING_SQL = {
  /**
   * $1 company, $2 item ids, $3 location ids, $4 lot ids: one row of JSON arrays and the company's lot rule. The lots
   * are read `for share`: a hold (an UPDATE of the lot) waits for the postings that named the lot, and a posting
   * after it sees the hold, so no posting slips past a hold made at the same moment (decision 070).
   */
  refs: `select
      (select coalesce(json_agg(json_build_object('id', i.id, 'partNumber', i.part_number, 'active', i.active,
                                                  'lotTracked', i.lot_tracked, 'unitCost', i.unit_cost::text,
                                                  'unitOfMeasure', i.unit_of_measure)), '[]')
         from items i where i.company_id = $1 and i.id = any($2::uuid[])) as items,
      (select coalesce(json_agg(json_build_object('id', l.id, 'fullCode', l.full_code)), '[]')
         from locations l where l.company_id = $1 and l.id = any($3::uuid[])) as locations,
      (select coalesce(json_agg(json_build_object('id', t.id, 'itemId', t.item_id, 'lotNumber', t.lot_number,
                                                  'onHold', t.on_hold, 'holdReason', t.hold_reason)), '[]')
         from (select id, item_id, lot_number, on_hold, hold_reason from lots
                where company_id = $1 and id = any($4::uuid[]) for share) t) as lots,
      (select s.use_lot_numbers from company_settings s where s.company_id = $1) as "useLotNumbers"`,
  insertTransaction: `insert into stock_transactions (id, company_id, kind, reason, reference, idempotency_key,
                                     posted_by, posted_by_name, posted_at, reverses_id, supplier_id, job_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
  /** $1 id, $2 company, $3 item, $4 location, $5 lot, $6 quantity (> 0). */
  addToBalance: `insert into stock_balances (id, company_id, item_id, location_id, lot_id, quantity)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (company_id, item_id, location_id, lot_id)
     do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now()
     returning quantity`,
  /** $1 amount (> 0), $2 company, $3 item, $4 location; no row back when there is not enough. */
  takeFromBalanceNoLot: `${TAKE_FROM_BALANCE} and lot_id is null returning quantity`,
  /** The same with $5 the lot (two texts, not `is not distinct from`, so both use the balance key's index). */
  takeFromBalanceOfLot: `${TAKE_FROM_BALANCE} and lot_id = $5 returning quantity`,
  /** $1 signed delta, $2 company, $3 item (the items key is (company_id, id)). */
  addToItemOnHand: 'update items set on_hand = on_hand + $1::numeric where company_id = $2 and id = $3',
  /** The ledger insert of `lines` rows, eleven parameters each (LEDGER_COLUMNS' order). */
  insertLedgerLines: (lines: number) =>
    `insert into stock_ledger (${LEDGER_COLUMNS.join(', ')}) values ${Array.from(
      { length: lines },
      (_, r) => `(${LEDGER_COLUMNS.map((_, c) => `$${r * LEDGER_COLUMNS.length + c + 1}`).join(', ')})`,
    ).join(', ')}`,
};

/** Adds `delta` (> 0) to a balance, creating the row at the first receipt; returns the quantity after. */
export async function addToBalance(
  tx: TDb,
  row: { companyId: string; itemId: string; locationId: string; lotId: string | null; delta: string },
): Promise<string> {
  const [result] = await runSql<{ quantity: string }>(tx, POSTING_SQL.addToBalance, [
    uuidv7(),
    row.companyId,
    row.itemId,
    row.locationId,
    row.lotId,
    row.delta,
  ]);
  return result!.quantity;
}

/**
 * Takes `amount` (> 0) from a balance only if enough is there; returns the quantity after, or null when there is
 * not enough (or no such balance). A concurrent taker waits for the row lock and is re-checked against what is left.
 */
export async function takeFromBalance(
  tx: TDb,
  row: { companyId: string; itemId: string; locationId: string; lotId: string | null; amount: string },
): Promise<string | null> {
  const [result] = await (row.lotId === null
    ? runSql<{ quantity: string }>(tx, POSTING_SQL.takeFromBalanceNoLot, [
        row.amount,
        row.companyId,
        row.itemId,
        row.locationId,
      ])
    : runSql<{ quantity: string }>(tx, POSTING_SQL.takeFromBalanceOfLot, [
        row.amount,
        row.companyId,
        row.itemId,
        row.locationId,
        row.lotId,
      ]));
  return result?.quantity ?? null;
}

/** Changes an item's stock total (items.on_hand) by the signed `delta`, in the posting's transaction. */
export async function addToItemOnHand(
  tx: TDb,
  companyId: string,
  itemId: string,
  delta: string,
): Promise<void> {
  await runSql(tx, POSTING_SQL.addToItemOnHand, [delta, companyId, itemId]);
}

/** Writes a posting's transaction row (its idempotency key's unique index refuses a retried copy). */
export async function insertTransaction(tx: TDb, row: typeof stockTransactions.$inferInsert): Promise<void> {
  await runSql(tx, POSTING_SQL.insertTransaction, [
    row.id,
    row.companyId,
    row.kind,
    row.reason ?? '',
    row.reference ?? '',
    row.idempotencyKey,
    row.postedBy ?? null,
    row.postedByName,
    row.postedAt ?? new Date(),
    row.reversesId ?? null,
    row.supplierId ?? null,
    row.jobId ?? null,
  ]);
}

/** Writes a posting's ledger lines in one statement. */
export async function insertLedgerLines(tx: TDb, rows: (typeof stockLedger.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await runSql(
    tx,
    POSTING_SQL.insertLedgerLines(rows.length),
    rows.flatMap((l) => [
      l.id,
      l.companyId,
      l.transactionId,
      l.lineNo,
      l.itemId,
      l.locationId,
      l.lotId ?? null,
      l.quantityDelta,
      l.unitCost,
      l.balanceAfter,
      l.createdAt ?? new Date(),
    ]),
  );
}

/** What a posting's checks and messages need of an item, a location and a lot. */
export interface TPostingRefs {
  items: {
    id: string;
    partNumber: string;
    active: boolean;
    lotTracked: boolean;
    unitCost: string;
    unitOfMeasure: string;
  }[];
  locations: { id: string; fullCode: string }[];
  lots: { id: string; itemId: string; lotNumber: string; onHold: boolean; holdReason: string | null }[];
  /** company_settings.use_lot_numbers; null without a settings row. */
  useLotNumbers: boolean | null;
}

/** The ids a posting names. */
export interface TPostingIds {
  items: string[];
  locations: string[];
  lots: string[];
}

/**
 * The references' statement with its ids written in (all uuids, checked), to ride in the tenant transaction's first
 * message (decision 087): `tenant.runFrom(postingRefsStatement(…), (tx, rows) => … postingRefsOf(rows))`.
 */
export function postingRefsStatement(companyId: string, ids: TPostingIds): TInlineStatement {
  return uuidStatement(POSTING_SQL.refs, [companyId, ids.items, ids.locations, ids.lots]);
}

/** The references out of the rows of POSTING_SQL.refs (one row). */
export function postingRefsOf(rows: unknown[]): TPostingRefs {
  return rows[0] as TPostingRefs;
}

/**
 * Everything a posting names (its items, locations and lots, of this company only) and the company's lot rule, in
 * ONE statement: every posting needs all of it before it writes, and each round trip is a socket write on either
 * side. Each list comes back as one JSON array (numerics as text, so no digit is lost).
 */
export async function postingRefs(tx: TDb, companyId: string, ids: TPostingIds): Promise<TPostingRefs> {
  const [row] = await runSql<TPostingRefs>(tx, POSTING_SQL.refs, [
    companyId,
    ids.items,
    ids.locations,
    ids.lots,
  ]);
  return row!;
}
