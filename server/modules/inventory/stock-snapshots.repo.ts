// Queries of the stock snapshots (decision 095), inside a tenant transaction, company_id in every where and join
// (decision 033): the stamps (which snapshots a company has, each locked while it is read), the two ways to build one,
// and the thinning that keeps a company's snapshots few.
import { sql } from 'drizzle-orm';
import { queryRows, type TDb } from '../../db/client.ts';

/** The database's clock: the ledger's lines carry it (created_at defaults to now()), not the app's. */
export async function databaseNow(tx: TDb): Promise<Date> {
  const [row] = await queryRows<{ now: Date | string }>(tx, sql`select now() as now`);
  return new Date(row!.now);
}

/**
 * The snapshot of `takenAt`, if the company has it: its stamp held `for key share` until the transaction ends, so a
 * thinning (which skips locked stamps) cannot take its rows away while they are read.
 */
export async function holdStamp(tx: TDb, companyId: string, takenAt: Date): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`select 1 from stock_snapshot_stamps where company_id = ${companyId} and taken_at = ${takenAt}
         for key share`,
  );
  return rows.length > 0;
}

/**
 * The stamp of a snapshot to build, claimed by this transaction; false when another one built it first (the insert
 * waited for that transaction's commit) — or is building it still, having claimed it after this one looked.
 */
export async function claimStamp(tx: TDb, companyId: string, takenAt: Date): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`insert into stock_snapshot_stamps (company_id, taken_at) values (${companyId}, ${takenAt})
         on conflict do nothing returning 1`,
  );
  return rows.length > 0;
}

/** The company's snapshot nearest to `takenAt` (another one), held as `holdStamp` holds it; null when it has none. */
export async function nearestStamp(tx: TDb, companyId: string, takenAt: Date): Promise<Date | null> {
  const [row] = await queryRows<{ taken_at: Date | string }>(
    tx,
    sql`select taken_at from stock_snapshot_stamps
         where company_id = ${companyId} and taken_at <> ${takenAt}
         order by abs(extract(epoch from taken_at - ${takenAt}::timestamptz)), taken_at
         limit 1 for key share skip locked`,
  );
  return row ? new Date(row.taken_at) : null;
}

/** When the company's first ledger line was posted (null: none yet), off the ledger's time index. */
export async function firstLineAt(tx: TDb, companyId: string): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    tx,
    sql`select min(created_at) as at from stock_ledger where company_id = ${companyId}`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** Per item, the received and issued totals of the ledger lines in [a, b), in millionths of the unit. */
export const linesBetween = (companyId: string, a: Date, b: Date) => sql`
  select l.item_id,
         coalesce(sum(l.quantity_micro) filter (where l.quantity_micro > 0), 0) as received,
         coalesce(-sum(l.quantity_micro) filter (where l.quantity_micro < 0), 0) as issued
    from stock_ledger l
   where l.company_id = ${companyId} and l.created_at >= ${a} and l.created_at < ${b}
   group by l.item_id`;

/** Builds the snapshot of `takenAt` from the whole ledger before it: one pass over the ledger's item index. */
export async function buildFromLedger(tx: TDb, companyId: string, takenAt: Date): Promise<void> {
  await tx.execute(sql`
    insert into stock_snapshots (company_id, taken_at, item_id, received_micro, issued_micro)
    select ${companyId}, ${takenAt}, l.item_id,
           coalesce(sum(l.quantity_micro) filter (where l.quantity_micro > 0), 0),
           coalesce(-sum(l.quantity_micro) filter (where l.quantity_micro < 0), 0)
      from stock_ledger l
     where l.company_id = ${companyId} and l.created_at < ${takenAt}
     group by l.item_id`);
}

/**
 * Builds the snapshot of `takenAt` from the snapshot of `base`: its totals plus the lines between the two (or less
 * them, when the base is the later one).
 */
export async function buildFromSnapshot(
  tx: TDb,
  companyId: string,
  takenAt: Date,
  base: Date,
): Promise<void> {
  const later = takenAt.getTime() > base.getTime();
  const sign = later ? 1 : -1;
  const lines = later ? linesBetween(companyId, base, takenAt) : linesBetween(companyId, takenAt, base);
  await tx.execute(sql`
    insert into stock_snapshots (company_id, taken_at, item_id, received_micro, issued_micro)
    select ${companyId}, ${takenAt}, coalesce(s.item_id, e.item_id),
           coalesce(s.received_micro, 0) + ${sign}::int * coalesce(e.received, 0),
           coalesce(s.issued_micro, 0) + ${sign}::int * coalesce(e.issued, 0)
      from (select item_id, received_micro, issued_micro from stock_snapshots
             where company_id = ${companyId} and taken_at = ${base}) s
      full join (${lines}) e on e.item_id = s.item_id`);
}

/**
 * Keeps the company's `keep` snapshots built last, those in `spare` among them, and takes the others away with their
 * rows — never one another transaction is reading (its stamp is held): that one goes at a later thinning. (This
 * transaction's own holds do not stop it, hence `spare`: the snapshots it reads.)
 */
export async function thin(tx: TDb, companyId: string, keep: number, spare: Date[]): Promise<void> {
  await tx.execute(sql`
    delete from stock_snapshot_stamps
     where company_id = ${companyId}
       and taken_at in (select taken_at from stock_snapshot_stamps
                         where company_id = ${companyId}
                           and taken_at not in (${sql.join(
                             spare.map((d) => sql`${d}::timestamptz`),
                             sql`, `,
                           )})
                         order by built_at desc, taken_at desc offset ${Math.max(0, keep - spare.length)}
                         for update skip locked)`);
}
