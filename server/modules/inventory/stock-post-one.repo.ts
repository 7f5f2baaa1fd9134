// A one-line stock posting as ONE statement (decision 087): the transaction row, the balance, the item's total and
// the ledger line, which the step-by-step path (stock-posting.repo.ts) sends as four.
import { runSql, type TDb } from '../../db/client.ts';
import type { stockTransactions } from './stock.tables.ts';
import { LEDGER_COLUMNS } from './stock-posting.repo.ts';

/**
 * A posting of ONE balance change as one statement (decision 087): the transaction row, the balance, the item's total
 * and the ledger line, where the step-by-step path sends four. $1–$12 as insertTransaction; $13 item, $14 location,
 * $15 lot (or null), $16 the amount the balance changes by (> 0), $17 the signed delta, $18 the ledger line's id,
 * $19 its unit cost, $20 its line number; the receipt's form adds $21, a new balance row's id. Each step waits for the
 * one before it (`exists (select 1 from …)`), so the locks come in the same order as step by step: the idempotency
 * key's index first (a retried key fails before any balance is touched), then the balance, then the item. No row
 * comes back when the balance had too little (nothing is changed but the transaction row, which the refusal's
 * rollback removes).
 */
function postOneSql(balance: string): string {
  return `with t as (
  insert into stock_transactions (id, company_id, kind, reason, reference, idempotency_key,
                                  posted_by, posted_by_name, posted_at, reverses_id, supplier_id, job_id)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
  returning id
), b as (
  ${balance}
), i as (
  update items set on_hand = on_hand + $17::numeric where company_id = $2 and id = $13 and exists (select 1 from b)
)
insert into stock_ledger (${LEDGER_COLUMNS.join(', ')})
select $18::uuid, $2, t.id, $20::int, $13::uuid, $14::uuid, $15::uuid, $17::numeric, $19::numeric, b.quantity, $9
  from t, b
returning balance_after as quantity`;
}

/** The one-line posting's three forms (named prepared statements: parsed once per connection). */
export const POST_ONE = {
  add: {
    name: 'fb_post_one_add',
    text: postOneSql(`insert into stock_balances (id, company_id, item_id, location_id, lot_id, quantity)
  select $21::uuid, $2, $13, $14, $15, $16::numeric from t
  on conflict (company_id, item_id, location_id, lot_id)
  do update set quantity = stock_balances.quantity + excluded.quantity, updated_at = now()
  returning quantity`),
  },
  take: {
    name: 'fb_post_one_take',
    text: postOneSql(`update stock_balances set quantity = quantity - $16::numeric, updated_at = now()
   where company_id = $2 and item_id = $13 and location_id = $14 and quantity >= $16::numeric and lot_id is null
     and exists (select 1 from t)
  returning quantity`),
  },
  takeOfLot: {
    name: 'fb_post_one_take_lot',
    text: postOneSql(`update stock_balances set quantity = quantity - $16::numeric, updated_at = now()
   where company_id = $2 and item_id = $13 and location_id = $14 and quantity >= $16::numeric and lot_id = $15
     and exists (select 1 from t)
  returning quantity`),
  },
} as const;

/** A one-line posting: its transaction row, and its one balance change with the ledger line it writes. */
export interface TPostOne {
  transaction: typeof stockTransactions.$inferInsert & { id: string; postedAt: Date };
  itemId: string;
  locationId: string;
  lotId: string | null;
  /** Signed, canonical. */
  delta: string;
  /** The amount the balance changes by (> 0): the delta without its sign. */
  amount: string;
  unitCost: string;
  lineNo: number;
  ledgerId: string;
  /** A new balance row's id, for a receipt that creates it. */
  balanceId: string;
}

/** The form and parameters of `post` (the benchmark's raw ceiling sends exactly these). */
export function postOneQuery(post: TPostOne): { name: string; text: string; values: unknown[] } {
  const t = post.transaction;
  const values: unknown[] = [
    t.id,
    t.companyId,
    t.kind,
    t.reason ?? '',
    t.reference ?? '',
    t.idempotencyKey,
    t.postedBy ?? null,
    t.postedByName,
    t.postedAt,
    t.reversesId ?? null,
    t.supplierId ?? null,
    t.jobId ?? null,
    post.itemId,
    post.locationId,
    post.lotId,
    post.amount,
    post.delta,
    post.ledgerId,
    post.unitCost,
    post.lineNo,
  ];
  if (!post.delta.startsWith('-')) return { ...POST_ONE.add, values: [...values, post.balanceId] };
  return { ...(post.lotId === null ? POST_ONE.take : POST_ONE.takeOfLot), values };
}

/** Runs a one-line posting; the balance after it, or null when the balance had too little (then roll back). */
export async function postOne(tx: TDb, post: TPostOne): Promise<string | null> {
  const query = postOneQuery(post);
  const [row] = await runSql<{ quantity: string }>(tx, query.text, query.values, query.name);
  return row?.quantity ?? null;
}
