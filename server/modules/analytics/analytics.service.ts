// Records consented analytics events and summarises a company's for its admins.
import { v7 as uuidv7 } from 'uuid';
import { AppError } from '#common/errors.ts';
import type { TAnalyticsEvent, TAnalyticsSummary } from '#common/schemas/analytics.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { consumeNamedRateLimit } from '../../security/rate-limits.ts';
import * as repo from './analytics.repo.ts';

const TOP_PATHS = 10;

/** Records an event; a signed-in user's is attributed to their company, a visitor's to none. */
export async function recordEvent(
  db: TDb,
  auth: TAuthUser | null,
  clientAddress: string,
  event: TAnalyticsEvent,
): Promise<void> {
  const limit = await consumeNamedRateLimit(db, 'analyticsPerAddress', clientAddress);
  if (!limit.allowed) {
    throw AppError.rateLimited(
      'Too many events from this address. Try again in a few minutes.',
      limit.retryAfterMs,
    );
  }
  // Query strings can carry tokens (invitations, resets): only the path is kept.
  const path = event.path.split(/[?#]/)[0] ?? '/';
  await repo.insertEvent(db, {
    id: uuidv7(),
    companyId: auth?.companyId ?? null,
    userId: auth?.userId ?? null,
    name: event.name,
    path,
    props: event.props,
  });
}

/** Counts per event and the most viewed pages of the company over the last `days` days. */
export async function summarise(tenant: TTenant, days: number): Promise<TAnalyticsSummary> {
  const since = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const { companyId } = tenant;
  return tenant.run(async (tx) => ({
    days,
    counts: (await repo.countByName(tx, companyId, since)).map((r) => ({
      name: r.name,
      count: Number(r.count),
    })),
    topPaths: (await repo.topPaths(tx, companyId, since, TOP_PATHS)).map((r) => ({
      path: r.path,
      count: Number(r.count),
    })),
  }));
}
