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

/** Puts the lot on hold (`reason` set) or releases it (`reason` null), with a row in its history. */
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
  },
): Promise<void> {
  const held = change.reason !== null;
  await tx.execute(
    sql`with entry as (
          insert into lot_holds (id, company_id, lot_id, action, reason, inspection_id, nonconformance_id, created_by)
          values (${uuidv7()}, ${companyId}, ${change.lotId}, ${held ? 'hold' : 'release'}, ${change.historyReason},
                  ${change.inspectionId ?? null}, ${change.nonconformanceId ?? null}, ${change.by})
        )
        update lots set on_hold = ${held}, hold_reason = ${change.reason},
               held_at = ${held ? sql`now()` : sql`null`}, held_by = ${held ? change.by : null}
         where company_id = ${companyId} and id = ${change.lotId}`,
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
    action: 'hold' | 'release';
    reason: string;
    created_by: string;
    created_at: Date | string;
  }>(
    tx,
    sql`select id, action, reason, created_by, created_at
          from lot_holds
         where company_id = ${companyId} and lot_id = ${lotId}
         order by created_at desc, id desc
         limit ${page.limit} offset ${page.offset}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from lot_holds where company_id = ${companyId} and lot_id = ${lotId}`,
  );
  return { rows, total: counted?.n ?? 0 };
}
