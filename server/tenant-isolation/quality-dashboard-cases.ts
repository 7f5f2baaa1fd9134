// The cross-company cases of the Quality dashboard (decision 074: server/modules/quality/dashboard.routes.ts), spread
// into ROUTE_CASES of server/tenant-isolation.api.test.ts. A has a failed inspection of its item today (a defect code
// of its own, a measured check with a reading): B's dashboard over the same days counts nothing of it and lists no
// code or check of A's; B naming A's item or check (or one nowhere) is 404 naming the field; B's CSVs hold headers only.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { QUALITY_DASHBOARD_MESSAGES } from '#common/schemas/quality-dashboard.ts';
import { addDays, todayIn } from '#common/time/calendar.ts';
import { items } from '../modules/inventory/inventory.tables.ts';
import { defectCode, finishedInspection, releasedPlan } from '../modules/quality/dashboard-fixtures.ts';
import type { TCaseHelpers, TRouteCase } from './route-case.ts';

const A_CODE = 'A-DASH-SECRET';

export function qualityDashboardCases({ app, a, asB }: TCaseHelpers): Record<string, TRouteCase> {
  let made: Promise<{ itemId: string; checkId: string }> | undefined;
  /** A's failed inspection of its first item, made on first use. */
  const aData = () => {
    made ??= (async () => {
      const db = app().database.db;
      const companyId = a().companyId;
      const [item] = await db.select().from(items).where(eq(items.companyId, companyId)).limit(1);
      expect(item, "company A's fixture has an item").toBeDefined();
      const code = await defectCode(db, companyId, A_CODE, 'A secret flaw');
      const plan = await releasedPlan(db, companyId, {
        itemId: item!.id,
        name: 'A dash plan',
        stage: 'step',
        checks: [{ kind: 'measurement', name: 'A secret bore', lower: '1', upper: '2' }],
      });
      await finishedInspection(db, companyId, {
        plan,
        at: new Date(),
        units: [[{ checkId: plan.checkIds[0]!, passed: false, value: '3', defectCodeId: code }]],
      });
      return { itemId: item!.id, checkId: plan.checkIds[0]! };
    })();
    return made;
  };
  // Yesterday to tomorrow in UTC covers today in any company's zone.
  const period = () => {
    const today = todayIn('UTC');
    return `from=${addDays(today, -1)}&to=${addDays(today, 1)}`;
  };
  const get = async (url: string) => {
    const response = await asB({ method: 'GET', url });
    expect(response.statusCode, `B: GET ${url}: ${response.body}`).toBe(200);
    expect(response.body).not.toContain(A_CODE);
    expect(response.body).not.toContain('A secret bore');
    return response.body;
  };
  const refused = async (url: (id: string) => string, field: 'itemId' | 'checkId', id: string) => {
    for (const probe of [id, randomUUID()]) {
      const response = await asB({ method: 'GET', url: url(probe) });
      expect(response.statusCode, `B: GET ${url(probe)}: ${response.body}`).toBe(404);
      const message =
        field === 'itemId'
          ? QUALITY_DASHBOARD_MESSAGES.itemNotFound
          : QUALITY_DASHBOARD_MESSAGES.checkNotFound;
      expect(response.json().error.fieldErrors).toEqual({ [field]: message });
    }
  };
  const headerOnly = (body: string) =>
    expect(
      body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(1);
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe,
  });

  return {
    'GET /api/v1/quality/dashboard': tenantCase(
      "reads the dashboard over A's failed inspection: nothing counted; A's item: 404 naming itemId",
      async () => {
        const { itemId } = await aData();
        const body = JSON.parse(await get(`/api/v1/quality/dashboard?${period()}`));
        expect(body.totals.inspections).toBe(0);
        expect(body.pareto.bars).toEqual([]);
        expect(body.characteristics).toEqual([]);
        await refused((id) => `/api/v1/quality/dashboard?${period()}&itemId=${id}`, 'itemId', itemId);
      },
    ),
    'GET /api/v1/quality/dashboard/export.csv': tenantCase(
      "exports the Pareto over A's defect: the header alone; A's item: 404 naming itemId",
      async () => {
        const { itemId } = await aData();
        headerOnly(await get(`/api/v1/quality/dashboard/export.csv?${period()}&table=pareto`));
        await refused(
          (id) => `/api/v1/quality/dashboard/export.csv?${period()}&table=items&itemId=${id}`,
          'itemId',
          itemId,
        );
      },
    ),
    'GET /api/v1/quality/dashboard/control-chart': tenantCase(
      "charts A's measured check: 404 naming checkId",
      async () => {
        const { checkId } = await aData();
        await refused(
          (id) => `/api/v1/quality/dashboard/control-chart?${period()}&checkId=${id}`,
          'checkId',
          checkId,
        );
      },
    ),
    'GET /api/v1/quality/dashboard/control-chart/export.csv': tenantCase(
      "exports A's measured check's chart: 404 naming checkId",
      async () => {
        const { checkId } = await aData();
        await refused(
          (id) => `/api/v1/quality/dashboard/control-chart/export.csv?${period()}&checkId=${id}`,
          'checkId',
          checkId,
        );
      },
    ),
  };
}
