// Queries of lot holds (decision 070), inside the tenant's transaction; company_id in every where.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { queryRows, type TDb } from '../../db/client.ts';

export interface THeldLotRow {
  id: string;
  lot_number: string;
  part_number: string;
  on_hold: boolean;
  hold_reason: string | null;
  held_at: Date | string | null;
  held_by: string | null;
}

/**
 * The lot with its item's part number and its hold, locked for the rest of the transaction: a hold waits for the
 * postings that read the lot (they read it `for share`), and two holds of one lot queue up.
 */
export async function lockLot(tx: TDb, companyId: string, lotId: string): Promise<THeldLotRow | null> {
  const [row] = await queryRows<THeldLotRow>(
    tx,
    sql`select t.id, t.lot_number, i.part_number, t.on_hold, t.hold_reason, t.held_at, t.held_by
          from lots t
          join items i on i.company_id = t.company_id and i.id = t.item_id
         where t.company_id = ${companyId} and t.id = ${lotId}
           for update of t`,
  );
  return row ?? null;
}

/** Whether the lot is the company's. */
export async function findLot(tx: TDb, companyId: string, lotId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from lots where company_id = ${companyId} and id = ${lotId}`,
  );
  return rows.length > 0;
}

/**
 * Puts the lot on hold (`reason` set) or releases it (`reason` null), with a row in its history; `changed` keeps a
 * held lot held (since when, and by whom) under a new reason.
 */
export async function setHold(
  tx: TDb,
  companyId: string,
  change: {
    lotId: string;
    reason: string | null;
    by: string;
    historyReason: string;
    inspectionId?: string | null;
    nonconformanceId?: string | null;
    changed?: boolean;
  },
): Promise<void> {
  const held = change.reason !== null;
  const action = change.changed ? 'changed' : held ? 'hold' : 'release';
  const set = change.changed
    ? sql`hold_reason = ${change.reason}`
    : sql`on_hold = ${held}, hold_reason = ${change.reason},
          held_at = ${held ? sql`now()` : sql`null`}, held_by = ${held ? change.by : null}`;
  await tx.execute(
    sql`with entry as (
          insert into lot_holds (id, company_id, lot_id, action, reason, inspection_id, nonconformance_id, created_by)
          values (${uuidv7()}, ${companyId}, ${change.lotId}, ${action}, ${change.historyReason},
                  ${change.inspectionId ?? null}, ${change.nonconformanceId ?? null}, ${change.by})
        )
        update lots set ${set} where company_id = ${companyId} and id = ${change.lotId}`,
  );
}

/** A page of the lot's holds and releases, newest first, with how many there are. */
export async function holdHistory(
  tx: TDb,
  companyId: string,
  lotId: string,
  page: { limit: number; offset: number },
) {
  const rows = await queryRows<{
    id: string;
    action: 'hold' | 'release' | 'changed';
    reason: string;
    created_by: string;
    created_at: Date | string;
    inspection_id: string | null;
    inspection_number: number | null;
    nonconformance_id: string | null;
    nonconformance_number: number | null;
  }>(
    tx,
    sql`select h.id, h.action, h.reason, h.created_by, h.created_at, h.inspection_id, i.number as inspection_number,
               h.nonconformance_id, n.number as nonconformance_number
          from lot_holds h
          left join inspections i on i.company_id = h.company_id and i.id = h.inspection_id
          left join nonconformances n on n.company_id = h.company_id and n.id = h.nonconformance_id
         where h.company_id = ${companyId} and h.lot_id = ${lotId}
         order by h.created_at desc, h.id desc
         limit ${page.limit} offset ${page.offset}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from lot_holds where company_id = ${companyId} and lot_id = ${lotId}`,
  );
  return { rows, total: counted?.n ?? 0 };
}

export interface TReceiptHoldRow {
  lot_id: string;
  lot_number: string;
  reason: string;
  inspection_id: string;
  inspection_number: number;
}

/**
 * The lots a receipt (`transactionId`) created and held for inspection, in the order of its lines — what its answer
 * said, read back for a retry of the same key (decision 077). A lot is the receipt's own when none of its ledger
 * lines from another posting came before the receipt's (ledger ids are time-ordered); its receipt hold is the hold
 * made in the transaction that created it (both rows take that transaction's now()) by a receipt inspection.
 */
export async function receiptHoldsOf(tx: TDb, companyId: string, transactionId: string) {
  return queryRows<TReceiptHoldRow>(
    tx,
    sql`with mine as (
          select g.lot_id, min(g.line_no) as line_no, min(g.id::text) as first_id
            from stock_ledger g
           where g.company_id = ${companyId} and g.transaction_id = ${transactionId} and g.lot_id is not null
           group by g.lot_id
        )
        select l.id as lot_id, l.lot_number, h.reason, i.id as inspection_id, i.number as inspection_number
          from mine m
          join lots l on l.company_id = ${companyId} and l.id = m.lot_id
          join lot_holds h on h.company_id = l.company_id and h.lot_id = l.id and h.action = 'hold'
                          and h.created_at = l.created_at
          join inspections i on i.company_id = h.company_id and i.id = h.inspection_id and i.stage = 'receipt'
         where not exists (select 1 from stock_ledger o
                            where o.company_id = ${companyId} and o.lot_id = m.lot_id
                              and o.transaction_id <> ${transactionId} and o.id::text < m.first_id)
         order by m.line_no`,
  );
}

/** The facts of a held lot's release (common/quality/lot-hold-waits.ts), as stored; null when it is not held. */
export async function holdFactsOf(tx: TDb, companyId: string, lotId: string) {
  const [row] = await queryRows<{
    on_hand: string;
    inspection_id: string | null;
    inspection_number: number | null;
    inspection_status: string | null;
    judged: string;
  }>(
    tx,
    // The hold began with its latest 'hold' row (a 'changed' row keeps it); what was judged since counts.
    sql`with start as (
          select h.inspection_id, h.created_at from lot_holds h
           where h.company_id = ${companyId} and h.lot_id = ${lotId} and h.action = 'hold'
           order by h.created_at desc, h.id desc limit 1
        )
        select (select coalesce(sum(b.quantity), 0)::text from stock_balances b
                 where b.company_id = ${companyId} and b.lot_id = ${lotId}) as on_hand,
               s.inspection_id, i.number as inspection_number, i.status as inspection_status,
               (select coalesce(sum(d.quantity), 0)::text
                  from nc_dispositions d
                  join nonconformances n on n.company_id = d.company_id and n.id = d.nonconformance_id
                 where d.company_id = ${companyId} and n.lot_id = ${lotId}
                   and d.disposition in ('use_as_is', 'rework') and d.created_at >= s.created_at) as judged
          from start s
          left join inspections i on i.company_id = ${companyId} and i.id = s.inspection_id`,
  );
  if (!row) return null;
  const undecided = await queryRows<{ id: string; number: number; left: string }>(
    tx,
    sql`select id, number, (quantity - coalesce(disposition_quantity, 0))::text as left
          from nonconformances
         where company_id = ${companyId} and lot_id = ${lotId} and status = 'open'
         order by number`,
  );
  return { ...row, undecided };
}
