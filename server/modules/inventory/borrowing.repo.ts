// Queries of borrowing. Borrowings and their returns are tenant tables, queried inside withTenant; the people one
// can lend to come from the users table, a system table read as the owner with the company named in every where.
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { TBorrowerListQuery, TBorrowingListQuery } from '#common/schemas/borrowing.ts';
import type { TDb } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { users } from '../auth/auth.tables.ts';
import { borrowingReturns, borrowings } from './borrowing.tables.ts';
import { items, locations } from './inventory.tables.ts';
import { lots } from './stock.tables.ts';

export type TBorrowingRow = typeof borrowings.$inferSelect;

/** A borrowing with what a list shows of its item, location and lot. */
const listColumns = {
  borrowing: borrowings,
  partNumber: items.partNumber,
  itemName: items.name,
  unitOfMeasure: items.unitOfMeasure,
  locationCode: locations.fullCode,
  lotNumber: lots.lotNumber,
};
export type TBorrowingListRow = {
  borrowing: TBorrowingRow;
  partNumber: string;
  itemName: string;
  unitOfMeasure: string;
  locationCode: string;
  lotNumber: string | null;
};

const joined = (tx: TDb) =>
  tx
    .select(listColumns)
    .from(borrowings)
    .innerJoin(items, eq(items.id, borrowings.itemId))
    .innerJoin(locations, eq(locations.id, borrowings.locationId))
    .leftJoin(lots, eq(lots.id, borrowings.lotId));

export async function insertBorrowing(tx: TDb, row: typeof borrowings.$inferInsert): Promise<void> {
  await tx.insert(borrowings).values(row);
}

export async function findBorrowing(
  tx: TDb,
  companyId: string,
  id: string,
): Promise<TBorrowingListRow | null> {
  const [row] = await joined(tx)
    .where(and(eq(borrowings.companyId, companyId), eq(borrowings.id, id)))
    .limit(1);
  return row ?? null;
}

/** The borrowing its `borrow` posting created (for a retried request). */
export async function findBorrowingByTransaction(
  tx: TDb,
  companyId: string,
  transactionId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ id: borrowings.id })
    .from(borrowings)
    .where(and(eq(borrowings.companyId, companyId), eq(borrowings.transactionId, transactionId)));
  return row?.id ?? null;
}

/** The borrowing whose return was posted as `transactionId` (for a retried return). */
export async function findReturnByTransaction(
  tx: TDb,
  companyId: string,
  transactionId: string,
): Promise<{ borrowingId: string } | null> {
  const [row] = await tx
    .select({ borrowingId: borrowingReturns.borrowingId })
    .from(borrowingReturns)
    .where(and(eq(borrowingReturns.companyId, companyId), eq(borrowingReturns.transactionId, transactionId)));
  return row ?? null;
}

/**
 * Counts `amount` as returned only if that leaves no more returned than was borrowed and the borrowing is still
 * open; closes it when everything is back. One conditional statement that takes the row's lock: a concurrent
 * return waits and is re-checked against what is then left. Returns the row after, or null when refused.
 */
export async function addReturned(
  tx: TDb,
  companyId: string,
  id: string,
  amount: string,
): Promise<TBorrowingRow | null> {
  const [row] = await tx
    .update(borrowings)
    .set({
      returnedQuantity: sql`${borrowings.returnedQuantity} + ${amount}::numeric`,
      closedAt: sql`case when ${borrowings.returnedQuantity} + ${amount}::numeric = ${borrowings.quantity} then now() else null end`,
    })
    .where(
      and(
        eq(borrowings.companyId, companyId),
        eq(borrowings.id, id),
        isNull(borrowings.closedAt),
        sql`${borrowings.returnedQuantity} + ${amount}::numeric <= ${borrowings.quantity}`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function insertReturn(tx: TDb, row: typeof borrowingReturns.$inferInsert): Promise<void> {
  await tx.insert(borrowingReturns).values(row);
}

/** The returns of a borrowing, oldest first, with the location each went back to. */
export async function returnsOf(tx: TDb, companyId: string, borrowingId: string) {
  return tx
    .select({
      id: borrowingReturns.id,
      quantity: borrowingReturns.quantity,
      locationId: borrowingReturns.locationId,
      locationCode: locations.fullCode,
      returnedByName: borrowingReturns.returnedByName,
      returnedAt: borrowingReturns.returnedAt,
    })
    .from(borrowingReturns)
    .innerJoin(locations, eq(locations.id, borrowingReturns.locationId))
    .where(and(eq(borrowingReturns.companyId, companyId), eq(borrowingReturns.borrowingId, borrowingId)))
    .orderBy(asc(borrowingReturns.returnedAt), asc(borrowingReturns.id));
}

/**
 * A page of borrowings and how many match. Out and overdue come soonest due first; returned, latest back first;
 * all, latest lent first. `today` is the company's date: overdue means still out and due before it.
 */
export async function listBorrowings(
  tx: TDb,
  companyId: string,
  query: TBorrowingListQuery,
  today: string,
): Promise<{ rows: TBorrowingListRow[]; total: number }> {
  const conditions: SQL[] = [eq(borrowings.companyId, companyId)];
  if (query.status === 'out') conditions.push(isNull(borrowings.closedAt));
  if (query.status === 'overdue') conditions.push(isNull(borrowings.closedAt), lt(borrowings.dueOn, today));
  if (query.status === 'returned') conditions.push(isNotNull(borrowings.closedAt));
  if (query.itemId) conditions.push(eq(borrowings.itemId, query.itemId));
  if (query.q !== '') {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(items.partNumber, pattern),
        ilike(items.name, pattern),
        ilike(borrowings.borrowerName, pattern),
        ilike(borrowings.jobReference, pattern),
        ilike(lots.lotNumber, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const order =
    query.status === 'returned'
      ? [desc(borrowings.closedAt), desc(borrowings.id)]
      : query.status === 'all'
        ? [desc(borrowings.borrowedAt), desc(borrowings.id)]
        : [asc(borrowings.dueOn), asc(borrowings.borrowedAt), asc(borrowings.id)];
  const rows = await joined(tx)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await tx
    .select({ n: count() })
    .from(borrowings)
    .innerJoin(items, eq(items.id, borrowings.itemId))
    .leftJoin(lots, eq(lots.id, borrowings.lotId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** An active user of the company (system scope, as owner), or null for an inactive or other company's one. */
export async function findActiveCompanyUser(
  db: TDb,
  companyId: string,
  userId: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.active, true)))
    .limit(1);
  return row ? { id: row.id, name: personName(row) } : null;
}

/** A page of the company's active people by name (system scope, as owner): ids and names only. */
export async function listActiveCompanyUsers(
  db: TDb,
  companyId: string,
  query: TBorrowerListQuery,
): Promise<{ rows: { id: string; name: string }[]; total: number }> {
  const conditions: SQL[] = [eq(users.companyId, companyId), eq(users.active, true)];
  if (query.q !== '') {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.firstName})`), asc(sql`lower(${users.lastName})`), asc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(users).where(where);
  return { rows: rows.map((r) => ({ id: r.id, name: personName(r) })), total: total?.n ?? 0 };
}

/** "Ana Diaz"; the part of the address before @ for someone without a name. */
function personName(row: { firstName: string; lastName: string; email: string }): string {
  return `${row.firstName} ${row.lastName}`.trim() || row.email.split('@')[0]!;
}
