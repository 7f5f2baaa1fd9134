// Queries of a person's approved weeks (decision 080): the approval rows, and the advisory lock that keeps an approval
// and a change of the same week one after the other.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { TDb } from '../../db/client.ts';
import { asLoginRole } from '../../db/login-role.ts';
import { countOtherActiveAdmins } from '../users/users.repo.ts';
import { timeWeekApprovals } from './time.tables.ts';

/**
 * Holds the person's week of Monday `weekStart` until the transaction ends: shared by every change of their time in
 * it, exclusive for its approval. So an approval and a clock-in (or an entry typed) at the same moment run one after
 * the other, and the later one sees the other's result: a week is never approved around a clock that starts in it.
 */
export async function lockWeek(
  tx: TDb,
  companyId: string,
  userId: string,
  weekStart: string,
  mode: 'share' | 'approve',
): Promise<void> {
  const key = sql`hashtextextended(${`time-week:${companyId}:${userId}:${weekStart}`}, 0)`;
  await tx.execute(
    mode === 'approve'
      ? sql`select pg_advisory_xact_lock(${key})`
      : sql`select pg_advisory_xact_lock_shared(${key})`,
  );
}

/** The Mondays among `weekStarts` of the person's approved weeks. */
export async function approvedWeeks(
  tx: TDb,
  companyId: string,
  userId: string,
  weekStarts: string[],
): Promise<Set<string>> {
  if (weekStarts.length === 0) return new Set();
  const rows = await tx
    .select({ weekStart: timeWeekApprovals.weekStart })
    .from(timeWeekApprovals)
    .where(
      and(
        eq(timeWeekApprovals.companyId, companyId),
        eq(timeWeekApprovals.userId, userId),
        inArray(timeWeekApprovals.weekStart, weekStarts),
      ),
    );
  return new Set(rows.map((r) => r.weekStart));
}

/** The approval of the person's week starting on `weekStart` (a Monday), or null. */
export async function weekApproval(
  tx: TDb,
  companyId: string,
  userId: string,
  weekStart: string,
): Promise<{ approvedAt: Date; approvedBy: string } | null> {
  const [row] = await tx
    .select({ approvedAt: timeWeekApprovals.approvedAt, approvedBy: timeWeekApprovals.approvedBy })
    .from(timeWeekApprovals)
    .where(
      sql`${timeWeekApprovals.companyId} = ${companyId} and ${timeWeekApprovals.userId} = ${userId}
          and ${timeWeekApprovals.weekStart} = ${weekStart}`,
    )
    .limit(1);
  return row ?? null;
}

/** Opens the approved week again; false when it was not approved. */
export async function deleteApproval(
  tx: TDb,
  companyId: string,
  userId: string,
  weekStart: string,
): Promise<boolean> {
  const deleted = await tx
    .delete(timeWeekApprovals)
    .where(
      and(
        eq(timeWeekApprovals.companyId, companyId),
        eq(timeWeekApprovals.userId, userId),
        eq(timeWeekApprovals.weekStart, weekStart),
      ),
    )
    .returning({ id: timeWeekApprovals.id });
  return deleted.length > 0;
}

/** Approves the week; false when it already was (two approvals at once record one). */
export async function insertApproval(
  tx: TDb,
  row: { companyId: string; userId: string; weekStart: string; approvedBy: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(timeWeekApprovals)
    .values({ id: uuidv7(), ...row })
    .onConflictDoNothing()
    .returning({ id: timeWeekApprovals.id });
  return inserted.length > 0;
}

/**
 * Whether the company has an active admin (or sysadmin) besides `userId`: one who could approve that person's own week.
 * `users.role` stays closed to the tenant role (migration 0034), so this one read steps back to the transaction's
 * login role and returns at once, as the breakdown alerts' admins do (decision 067); the company is named in the where.
 */
export async function hasOtherActiveAdmin(tx: TDb, companyId: string, userId: string): Promise<boolean> {
  return (await asLoginRole(tx, () => countOtherActiveAdmins(tx, companyId, userId))) > 0;
}
