// The cross-company cases of QC Setup (decision 071: server/modules/quality/plans.routes.ts and
// step-checks.routes.ts), spread into ROUTE_CASES of server/tenant-isolation.api.test.ts. A's item, assembly (a draft
// revision with one step), receipt plan and step plan are made by A's admin on first use; B names them in paths and
// bodies and gets 404 in the words of a thing that exists nowhere, and A's rows stay exactly as they were.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { BUILD_MESSAGES } from '#common/schemas/build.ts';
import { PLAN_MESSAGES } from '#common/schemas/inspection-plans.ts';
import { STEP_CHECK_MESSAGES } from '#common/schemas/step-checks.ts';
import { pngBytes } from '../../tests/fixtures/media.ts';
import { TEST_APP_URL } from '../../tests/setup/test-app.ts';
import { client } from '../../tests/setup/work-orders-shop.ts';
import {
  assemblyStepChecks,
  inspectionChecks,
  inspectionPlans,
  inspectionPlanVersions,
} from '../modules/quality/plans.tables.ts';
import type { TCaseHelpers, TRequest, TRouteCase } from './route-case.ts';

const A_PLAN = 'A secret receipt plan';
const A_STEP_PLAN = 'A secret torque';

interface TAFixture {
  itemId: string;
  planId: string;
  versionId: string;
  stepPlanId: string;
  revisionId: string;
  stepId: string;
  fileId: string;
}

export function qcSetupCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  const tenantCase = (attempt: string, probe: () => Promise<void>): TRouteCase => ({
    kind: 'tenant',
    attempt,
    probe,
  });
  const upload = async (cookie: string) => {
    const response = await app().app.inject({
      method: 'POST',
      url: '/api/v1/files?name=reference.png',
      headers: { origin: TEST_APP_URL, cookie, 'content-type': 'application/octet-stream' },
      payload: pngBytes(400),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as string;
  };
  let made: Promise<TAFixture> | undefined;
  /** A's plans and recipe, made by A's admin on first use. */
  const aFixture = () => {
    made ??= (async () => {
      const asA = client(app(), a().cookie);
      const itemId = (await asA.ok('POST', '/api/v1/items', { partNumber: 'A-QC-1', name: 'A qc part' }, 201))
        .id;
      const assembly = await asA.ok('POST', '/api/v1/assemblies', { itemId }, 201);
      const revision = await asA.ok('PUT', `/api/v1/assembly-revisions/${assembly.draftRevisionId}`, {
        lines: [],
        steps: [{ title: 'A secret step' }],
      });
      const plan = await asA.ok(
        'POST',
        '/api/v1/inspection-plans',
        { itemId, stage: 'receipt', name: A_PLAN },
        201,
      );
      const fileId = await upload(a().cookie);
      await asA.ok('PUT', `/api/v1/inspection-plan-versions/${plan.draftVersionId}`, {
        sampling: 'all',
        checks: [{ kind: 'visual', name: 'A secret look', referenceFileId: fileId }],
      });
      const stepPlan = await asA.ok(
        'POST',
        '/api/v1/inspection-plans',
        { itemId, stage: 'step', name: A_STEP_PLAN },
        201,
      );
      await asA.ok('PUT', `/api/v1/assembly-steps/${revision.steps[0].id}/checks`, {
        checks: [{ planId: stepPlan.id }],
      });
      return {
        itemId,
        planId: plan.id,
        versionId: plan.draftVersionId,
        stepPlanId: stepPlan.id,
        revisionId: revision.id,
        stepId: revision.steps[0].id,
        fileId,
      };
    })();
    return made;
  };
  /** Everything of A's that B must leave as it was. */
  const aState = async () => {
    const db = app().database.db;
    const f = await aFixture();
    return {
      plans: await db.select().from(inspectionPlans).where(eq(inspectionPlans.itemId, f.itemId)),
      versions: await db
        .select()
        .from(inspectionPlanVersions)
        .where(eq(inspectionPlanVersions.planId, f.planId)),
      checks: await db.select().from(inspectionChecks).where(eq(inspectionChecks.versionId, f.versionId)),
      links: await db
        .select()
        .from(assemblyStepChecks)
        .where(eq(assemblyStepChecks.revisionId, f.revisionId)),
    };
  };
  /** B's own assembly with a draft step and a step plan, to name A's things in bodies from. */
  let bMade: Promise<{ itemId: string; versionId: string; stepId: string }> | undefined;
  const bFixture = () => {
    bMade ??= (async () => {
      const asB2 = client(app(), b().cookie);
      const itemId = (
        await asB2.ok('POST', '/api/v1/items', { partNumber: 'B-QC-1', name: 'B qc part' }, 201)
      ).id;
      const assembly = await asB2.ok('POST', '/api/v1/assemblies', { itemId }, 201);
      const revision = await asB2.ok('PUT', `/api/v1/assembly-revisions/${assembly.draftRevisionId}`, {
        lines: [],
        steps: [{ title: 'B step' }],
      });
      const plan = await asB2.ok(
        'POST',
        '/api/v1/inspection-plans',
        { itemId, stage: 'final', name: 'B final' },
        201,
      );
      return { itemId, versionId: plan.draftVersionId, stepId: revision.steps[0].id };
    })();
    return bMade;
  };
  /** B sends `path(id)` for A's id and for an id of nobody's: 404 with `message`, A unchanged. */
  const refused = async (
    method: TRequest['method'],
    pick: (f: TAFixture) => string,
    path: (id: string) => string,
    message: string,
    payload?: object,
  ) => {
    const f = await aFixture();
    const before = await aState();
    for (const id of [pick(f), randomUUID()]) {
      const response = await asB({ method, url: path(id), ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${path(id)}: ${response.body}`).toBe(404);
      expect(response.json().error.message).toBe(message);
      expect(response.body).not.toContain('A secret');
    }
    expect(await aState()).toEqual(before);
  };
  return {
    'GET /api/v1/inspection-plans': tenantCase("lists plans by A's item and name: none of A's", async () => {
      const f = await aFixture();
      for (const query of [`itemId=${f.itemId}`, 'q=secret', 'q=A-QC', 'stage=receipt']) {
        const response = await asB({ method: 'GET', url: `/api/v1/inspection-plans?${query}` });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.body).not.toContain('A secret');
        expect(response.body).not.toContain(f.planId);
      }
    }),
    'GET /api/v1/inspection-plans/:id': tenantCase("reads A's plan: 404", () =>
      refused(
        'GET',
        (f) => f.planId,
        (id) => `/api/v1/inspection-plans/${id}`,
        PLAN_MESSAGES.notFound,
      ),
    ),
    'POST /api/v1/inspection-plans': tenantCase("creates a plan of A's item: 404 naming itemId", async () => {
      const f = await aFixture();
      const before = await aState();
      const response = await asB({
        method: 'POST',
        url: '/api/v1/inspection-plans',
        payload: { itemId: f.itemId, stage: 'final', name: 'B takes it' },
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.fieldErrors).toEqual({ itemId: PLAN_MESSAGES.itemNotFound });
      expect(await aState()).toEqual(before);
    }),
    'PUT /api/v1/inspection-plans/:id': tenantCase("renames or switches off A's plan: 404, unchanged", () =>
      refused(
        'PUT',
        (f) => f.planId,
        (id) => `/api/v1/inspection-plans/${id}`,
        PLAN_MESSAGES.notFound,
        {
          name: 'Taken over',
          active: false,
        },
      ),
    ),
    'POST /api/v1/inspection-plans/:id/draft': tenantCase("opens a draft of A's plan: 404, unchanged", () =>
      refused(
        'POST',
        (f) => f.planId,
        (id) => `/api/v1/inspection-plans/${id}/draft`,
        PLAN_MESSAGES.notFound,
      ),
    ),
    'GET /api/v1/inspection-plan-versions/:id': tenantCase("reads A's plan version: 404", () =>
      refused(
        'GET',
        (f) => f.versionId,
        (id) => `/api/v1/inspection-plan-versions/${id}`,
        PLAN_MESSAGES.versionNotFound,
      ),
    ),
    'PUT /api/v1/inspection-plan-versions/:id': tenantCase(
      "saves A's draft (404, unchanged) and B's own naming A's reference file (404 naming it)",
      async () => {
        await refused(
          'PUT',
          (f) => f.versionId,
          (id) => `/api/v1/inspection-plan-versions/${id}`,
          PLAN_MESSAGES.versionNotFound,
          { sampling: 'all', checks: [] },
        );
        const f = await aFixture();
        const mine = await bFixture();
        const response = await asB({
          method: 'PUT',
          url: `/api/v1/inspection-plan-versions/${mine.versionId}`,
          payload: { sampling: 'all', checks: [{ kind: 'visual', name: 'Look', referenceFileId: f.fileId }] },
        });
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().error.fieldErrors).toEqual({
          'checks.0.referenceFileId': PLAN_MESSAGES.fileNotFound,
        });
      },
    ),
    'POST /api/v1/inspection-plan-versions/:id/release': tenantCase(
      "releases A's draft: 404, still a draft",
      () =>
        refused(
          'POST',
          (f) => f.versionId,
          (id) => `/api/v1/inspection-plan-versions/${id}/release`,
          PLAN_MESSAGES.versionNotFound,
        ),
    ),
    'GET /api/v1/assembly-revisions/:id/step-checks': tenantCase(
      "reads A's revision's step plans: 404",
      async () => {
        await refused(
          'GET',
          (f) => f.revisionId,
          (id) => `/api/v1/assembly-revisions/${id}/step-checks`,
          BUILD_MESSAGES.revisionNotFound,
        );
      },
    ),
    'PUT /api/v1/assembly-steps/:id/checks': tenantCase(
      "sets A's step's plans (404, unchanged) and links A's plan on B's own step (404 naming it)",
      async () => {
        await refused(
          'PUT',
          (f) => f.stepId,
          (id) => `/api/v1/assembly-steps/${id}/checks`,
          STEP_CHECK_MESSAGES.stepNotFound,
          { checks: [] },
        );
        const f = await aFixture();
        const mine = await bFixture();
        const before = await aState();
        const response = await asB({
          method: 'PUT',
          url: `/api/v1/assembly-steps/${mine.stepId}/checks`,
          payload: { checks: [{ planId: f.stepPlanId }] },
        });
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().error.fieldErrors).toEqual({
          'checks.0.planId': STEP_CHECK_MESSAGES.planNotFound,
        });
        expect(await aState()).toEqual(before);
      },
    ),
  };
}
