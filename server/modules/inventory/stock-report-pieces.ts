// The stock balance report's sums, cut into pieces that each read as little as they can (decision 094): whole UTC
// months from the kept month sums (stock_ledger_months, migration 0062), and the two partial months at the period's
// edges from the ledger itself (stock_ledger_company_created_idx). An edge month is read from its shorter side: the
// ledger rows between the month's start and the edge, or the month's sum less the rows between the edge and the
// month's end. Either is exact; the shorter side reads at most half a month of rows, and a report "to today" reads
// almost none (nothing is posted after today). Each piece yields (item_id, opening, received, issued) in millionths
// of the unit; the report adds them up per item.
import { type SQL, sql } from 'drizzle-orm';

export interface TPieceQuery {
  companyId: string;
  /** Inclusive start and exclusive end, as instants. */
  from: Date;
  until: Date;
  /** The location's path: only rows under it count. */
  locationPath?: string | null | undefined;
}

const monthOf = (instant: Date) => new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), 1));
const monthAfter = (month: Date) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
/** The month's key in stock_ledger_months: its first day (UTC). */
const key = (month: Date) => month.toISOString().slice(0, 10);

/** -1, 0 or 1: how a piece counts toward opening and toward the period's received and issued. */
type TSign = -1 | 0 | 1;

/** The sums' pieces for the report's period; union them and group by item. */
export function reportPieces(q: TPieceQuery): SQL[] {
  const underLocation = (alias: string) =>
    q.locationPath
      ? sql`and ${sql.raw(alias)}.location_id in (select id from locations where company_id = ${q.companyId}
                                                   and path like ${`${q.locationPath}%`})`
      : sql``;

  /** Ledger rows in [a, b): their net toward opening, their ins and outs toward the period. */
  const ledger = (a: Date, b: Date, opening: TSign, period: TSign): SQL => sql`
    select l.item_id,
           ${opening}::int * coalesce(sum(l.quantity_micro), 0) as opening,
           ${period}::int * coalesce(sum(l.quantity_micro) filter (where l.quantity_micro > 0), 0) as received,
           ${period}::int * coalesce(-sum(l.quantity_micro) filter (where l.quantity_micro < 0), 0) as issued
      from stock_ledger l
     where l.company_id = ${q.companyId} and l.created_at >= ${a} and l.created_at < ${b}
       ${underLocation('l')}
     group by l.item_id`;

  /**
   * One pass over the kept month sums: months before `openingEnd` count toward opening, months in
   * [periodStart, periodEnd) toward the period (months are keyed by their first day).
   */
  const months = (openingEnd: Date, periodStart: Date, periodEnd: Date): SQL => {
    const inPeriod = sql`m.month >= ${key(periodStart)}::date and m.month < ${key(periodEnd)}::date`;
    return sql`
    select m.item_id,
           coalesce(sum(m.received_micro - m.issued_micro) filter (where m.month < ${key(openingEnd)}::date), 0)
             as opening,
           coalesce(sum(m.received_micro) filter (where ${inPeriod}), 0) as received,
           coalesce(sum(m.issued_micro) filter (where ${inPeriod}), 0) as issued
      from stock_ledger_months m
     where m.company_id = ${q.companyId}
       and m.month < ${key(periodEnd.getTime() > openingEnd.getTime() ? periodEnd : openingEnd)}::date
       ${underLocation('m')}
     group by m.item_id`;
  };

  const first = monthOf(q.from);
  const afterFirst = monthAfter(first);
  const last = monthOf(q.until);
  const afterLast = monthAfter(last);
  /** Whether the edge lies in the first half of its month (the ledger is then read from the month's start). */
  const early = (edge: Date, month: Date, next: Date) =>
    edge.getTime() - month.getTime() <= next.getTime() - edge.getTime();

  if (first.getTime() === last.getTime()) {
    // A period within one month: the months before it are opening, and so is the month's part before `from`; the
    // period itself is read from the ledger whole.
    const pieces = [ledger(q.from, q.until, 0, 1)];
    if (early(q.from, first, afterFirst)) {
      pieces.push(months(first, first, first), ledger(first, q.from, 1, 0));
    } else pieces.push(months(afterFirst, first, first), ledger(q.from, afterFirst, -1, 0));
    return pieces;
  }
  const pieces: SQL[] = [];
  // The first month: its part before `from` is opening, the rest the period's.
  const firstEarly = early(q.from, first, afterFirst);
  if (firstEarly) pieces.push(ledger(first, q.from, 1, -1));
  else pieces.push(ledger(q.from, afterFirst, -1, 1));
  // The last month: its part before `until` is the period's, the rest counts not at all.
  const lastEarly = early(q.until, last, afterLast);
  if (lastEarly) pieces.push(ledger(last, q.until, 0, 1));
  else pieces.push(ledger(q.until, afterLast, 0, -1));
  // Whole months: the first one to the period when its early part is taken back out by the ledger above, else to
  // opening; the last one to the period when its late part is taken back out, else not at all.
  pieces.push(
    months(firstEarly ? first : afterFirst, firstEarly ? first : afterFirst, lastEarly ? last : afterLast),
  );
  return pieces;
}
