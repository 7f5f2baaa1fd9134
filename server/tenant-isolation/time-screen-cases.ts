// The cross-company cases of what the /time screen clocks in to (decision 082: server/modules/time/
// time-targets.routes.ts), spread into ROUTE_CASES of server/tenant-isolation.api.test.ts. A's job has a work order
// with a step under way; B naming A's job or A's work order in the path gets a 404 that says nothing of A's, and B's
// own job answers only B's steps.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { client, shopOf } from '../../tests/setup/work-orders-shop.ts';
import { workOrders } from '../modules/build/work-orders.tables.ts';
import type { TCaseHelpers, TRouteCase } from './route-case.ts';

const A_JOB_NAME = 'A secret clock target';

export function timeScreenCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  let made: Promise<{ jobId: string; workOrderId: string; workOrderNumber: string }> | undefined;
  /** A's job, and A's released work order on it with its one step started. */
  const aWorld = () => {
    made ??= (async () => {
      const { ok } = client(app(), a().cookie);
      const job = await ok('POST', '/api/v1/jobs', { name: A_JOB_NAME }, 201);
      // Location codes are unique in a company, and A has the other cases' bins already: this shop names its own.
      const shop = await shopOf(app(), a().cookie, 'XTS', 'XTS-BIN');
      const part = await shop.item('XTS-PART');
      await shop.receive(part, '1');
      const { assemblyId, revisionId } = await shop.released(await shop.item('XTS-ASSY'), [
        { componentItemId: part, quantity: '1' },
      ]);
      const wo = await ok(
        'POST',
        '/api/v1/work-orders',
        { assemblyId, quantity: '1', outputLocationId: shop.bin },
        201,
      );
      await app().database.db.update(workOrders).set({ jobId: job.id }).where(eq(workOrders.id, wo.id));
      await ok('POST', `/api/v1/work-orders/${wo.id}/status`, { status: 'released' });
      const revision = await ok('GET', `/api/v1/assembly-revisions/${revisionId}`);
      await ok('POST', `/api/v1/work-orders/${wo.id}/steps/${revision.steps[0].id}/start`);
      return {
        jobId: job.id as string,
        workOrderId: wo.id as string,
        workOrderNumber: wo.numberText as string,
      };
    })();
    return made;
  };
  let bJob: Promise<string> | undefined;
  const bJobId = () => {
    bJob ??= (async () =>
      (await client(app(), b().cookie).ok('POST', '/api/v1/jobs', { name: 'B job' }, 201)).id)();
    return bJob;
  };
  const refused = async (url: string, secrets: string[]) => {
    const response = await asB({ method: 'GET', url });
    expect(response.statusCode, `GET ${url}: ${response.body}`).toBe(404);
    for (const secret of secrets) expect(response.body).not.toContain(secret);
  };

  return {
    'GET /api/v1/time/jobs/:id/steps': {
      kind: 'tenant',
      attempt: "reads the steps under way on A's job: 404; B's own job lists none of A's",
      async probe() {
        const A = await aWorld();
        await refused(`/api/v1/time/jobs/${A.jobId}/steps`, [A.workOrderNumber, A.workOrderId]);
        const own = await asB({ method: 'GET', url: `/api/v1/time/jobs/${await bJobId()}/steps` });
        expect(own.statusCode, own.body).toBe(200);
        expect(own.json()).toEqual({ steps: [] });
      },
    },
    'GET /api/v1/time/work-orders/:id/target': {
      kind: 'tenant',
      attempt: "reads A's work order's job and running step: 404 naming neither",
      async probe() {
        const A = await aWorld();
        await refused(`/api/v1/time/work-orders/${A.workOrderId}/target`, [A_JOB_NAME, A.jobId]);
      },
    },
  };
}
