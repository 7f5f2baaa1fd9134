// Summarises a company's consented analytics events for its admins (recording them: analytics-events.service.ts).
import type { TAnalyticsSummary } from '#common/schemas/analytics.ts';
import type { TTenant } from '../../db/tenant.ts';
import * as repo from './analytics.repo.ts';

const TOP_PATHS = 10;

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
