// The cross-company cases of inspections (decision 072: server/modules/quality/inspections.routes.ts and
// inspection-photos.routes.ts), spread into ROUTE_CASES of server/tenant-isolation.api.test.ts. Each company has a
// lot held by its receipt plan (with its open inspection) and a work order whose step has a step plan; B sends A's
// ids in paths, queries and bodies — lot, work order, step, plan, inspection, check, defect code, photo — and gets
// 404 naming the field, and A's inspections and results are as they were.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { INSPECTION_MESSAGES as M } from '#common/schemas/inspections.ts';
import { inspectionShopOf, inspectorOf } from '../../tests/setup/inspection-shop.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import { files } from '../modules/files/files.tables.ts';
import { planFixture, stepInspectionFixture } from '../modules/quality/inspection-fixtures.ts';
import { inspectionResults, inspections } from '../modules/quality/inspections.tables.ts';
import type { TCaseHelpers, TCompanyRef, TRouteCase } from './route-case.ts';

/** One company's inspection fixtures. */
async function worldOf(helpers: TCaseHelpers, company: TCompanyRef, p: string) {
  const t = helpers.app();
  const shop = await inspectionShopOf(t, company.cookie, p);
  const inspector = inspectorOf(t, company.cookie);
  const raw = await shop.item('RAW');
  const receipt = await planFixture(t.database.db, company.companyId, {
    itemId: raw,
    stage: 'receipt',
    name: `${p} incoming`,
    checks: [{ kind: 'pass_fail', name: 'Looks right' }],
  });
  const posted = await shop.receive(raw, '2', `${p}-LOT-1`);
  const lotId: string = posted.heldForInspection[0].lotId;
  const inspectionId: string = posted.heldForInspection[0].inspectionId;
  const part = await shop.item('PART', false);
  await client(t, company.cookie).ok(
    'POST',
    '/api/v1/stock/transactions',
    {
      idempotencyKey: randomUUID(),
      kind: 'receive',
      lines: [{ itemId: part, locationId: shop.bin, quantity: '10' }],
    },
    201,
  );
  const step = await stepInspectionFixture(t.database.db, company.companyId, client(t, company.cookie).ok, {
    itemId: await shop.item('ASM', false),
    componentItemId: part,
    planName: `${p} torque`,
    quantity: '3',
  });
  return {
    itemId: raw,
    lotId,
    inspectionId,
    checkId: receipt.checkIds[0]!,
    planId: receipt.planId,
    defectCodeId: await shop.defectCode('DEF'),
    photoFileId: await inspector.photo(),
    ...step,
  };
}

export function inspectionCases(helpers: TCaseHelpers): Record<string, TRouteCase> {
  const { app, a, b, asB } = helpers;
  let worlds:
    | Promise<{ A: Awaited<ReturnType<typeof worldOf>>; B: Awaited<ReturnType<typeof worldOf>> }>
    | undefined;
  const both = () => {
    worlds ??= (async () => ({
      A: await worldOf(helpers, a(), 'XA'),
      B: await worldOf(helpers, b(), 'XB'),
    }))();
    return worlds;
  };
  /** A's inspections and results, which B must leave as they were. */
  const aState = async () => {
    const db = app().database.db;
    const rows = await db.select().from(inspections).where(eq(inspections.companyId, a().companyId));
    const results = await db
      .select()
      .from(inspectionResults)
      .where(eq(inspectionResults.companyId, a().companyId));
    return { rows, results: results.length };
  };
  /** B sends `payload` to `url`: 404 naming `field` (when given), A unchanged. */
  const refused = async (
    method: 'GET' | 'POST',
    url: string,
    payload: object | undefined,
    field?: string,
  ) => {
    const before = await aState();
    const response = await asB({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}: ${response.body}`).toBe(404);
    if (field) expect(Object.keys(response.json().error.fieldErrors ?? {})).toEqual([field]);
    expect(await aState()).toEqual(before);
  };
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe,
  });

  return {
    'GET /api/v1/inspections': tenantCase(
      "lists inspections filtered by A's item, lot and work order: none",
      async () => {
        const { A } = await both();
        for (const filter of [
          `itemId=${A.itemId}`,
          `lotId=${A.lotId}`,
          `workOrderId=${A.workOrderId}`,
          'status=all',
        ]) {
          const response = await asB({ method: 'GET', url: `/api/v1/inspections?${filter}` });
          expect(response.statusCode, response.body).toBe(200);
          expect(response.body).not.toContain(A.inspectionId);
          if (filter !== 'status=all') expect(response.json().total).toBe(0);
        }
      },
    ),
    'GET /api/v1/inspections/plans-in-force': tenantCase(
      "asks for A's lot's or work order's plans: 404",
      async () => {
        const { A } = await both();
        await refused('GET', `/api/v1/inspections/plans-in-force?lotId=${A.lotId}`, undefined, 'lotId');
        await refused(
          'GET',
          `/api/v1/inspections/plans-in-force?workOrderId=${A.workOrderId}`,
          undefined,
          'workOrderId',
        );
      },
    ),
    'POST /api/v1/inspections': tenantCase(
      "starts inspections naming A's lot, work order, step or plan: 404 naming it, nothing started",
      async () => {
        const { A, B } = await both();
        const url = '/api/v1/inspections';
        await refused('POST', url, { lotId: A.lotId }, 'lotId');
        await refused('POST', url, { workOrderId: A.workOrderId }, 'workOrderId');
        await refused('POST', url, { workOrderId: B.workOrderId, stepId: A.stepId }, 'stepId');
        await refused('POST', url, { lotId: B.lotId, planId: A.planId }, 'planId');
        await refused(
          'POST',
          url,
          { workOrderId: B.workOrderId, stepId: B.stepId, planId: A.plan.planId },
          'planId',
        );
        const started = await asB({
          method: 'POST',
          url,
          payload: { workOrderId: B.workOrderId, stepId: B.stepId },
        });
        expect(started.statusCode, started.body).toBe(201);
      },
    ),
    'GET /api/v1/inspections/:id': tenantCase("reads A's inspection: 404", async () => {
      const { A } = await both();
      await refused('GET', `/api/v1/inspections/${A.inspectionId}`, undefined);
      expect(
        (await asB({ method: 'GET', url: `/api/v1/inspections/${randomUUID()}` })).json().error.message,
      ).toBe(M.notFound);
    }),
    'POST /api/v1/inspections/:id/results': tenantCase(
      "records a result in A's inspection, or in B's naming A's check, defect code or photo: 404",
      async () => {
        const { A, B } = await both();
        await refused('POST', `/api/v1/inspections/${A.inspectionId}/results`, {
          checkId: A.checkId,
          unitNo: 1,
          passed: true,
        });
        const mine = `/api/v1/inspections/${B.inspectionId}/results`;
        await refused('POST', mine, { checkId: A.checkId, unitNo: 1, passed: true }, 'checkId');
        const failing = { checkId: B.checkId, unitNo: 1, passed: false };
        await refused('POST', mine, { ...failing, defectCodeId: A.defectCodeId }, 'defectCodeId');
        await refused(
          'POST',
          mine,
          { ...failing, defectCodeId: B.defectCodeId, photoFileId: A.photoFileId },
          'photoFileId',
        );
      },
    ),
    'POST /api/v1/inspections/:id/finish': tenantCase(
      "finishes A's inspection: 404, still open",
      async () => {
        const { A } = await both();
        await refused('POST', `/api/v1/inspections/${A.inspectionId}/finish`, undefined);
      },
    ),
    'POST /api/v1/inspections/photos': tenantCase(
      "uploads a photo: it is B's own, and A's failure photo is 404 to B",
      async () => {
        const { A, B } = await both();
        const [row] = await app().database.db.select().from(files).where(eq(files.id, B.photoFileId));
        expect(row?.companyId).toBe(b().companyId);
        const theirs = await asB({ method: 'GET', url: `/api/v1/files/${A.photoFileId}` });
        expect(theirs.statusCode, theirs.body).toBe(404);
      },
    ),
  };
}
