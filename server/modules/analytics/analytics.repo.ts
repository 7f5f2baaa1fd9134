// Queries on analytics events.
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { TAnalyticsEventName } from '#common/schemas/analytics.ts';
import type { TDb } from '../../db/client.ts';
import { analyticsEvents } from './analytics.tables.ts';

/** Stores one event (system scope: the visitor may have no company). */
export async function insertEvent(db: TDb, event: typeof analyticsEvents.$inferInsert): Promise<void> {
  await db.insert(analyticsEvents).values(event);
}

/** Events per name for a company since `since`. */
export async function countByName(db: TDb, companyId: string, since: Date) {
  return db
    .select({ name: analyticsEvents.name, count: count() })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.companyId, companyId), gte(analyticsEvents.createdAt, since)))
    .groupBy(analyticsEvents.name)
    .orderBy(desc(count()), analyticsEvents.name) as Promise<{ name: TAnalyticsEventName; count: number }[]>;
}

/** The most viewed paths of a company since `since`. */
export async function topPaths(db: TDb, companyId: string, since: Date, limit: number) {
  return db
    .select({ path: analyticsEvents.path, count: count() })
    .from(analyticsEvents)
    .where(
      and(
        eq(analyticsEvents.companyId, companyId),
        eq(analyticsEvents.name, sql`'page_view'`),
        gte(analyticsEvents.createdAt, since),
      ),
    )
    .groupBy(analyticsEvents.path)
    .orderBy(desc(count()), analyticsEvents.path)
    .limit(limit);
}
