// The cross-company cases of the shop's jobs (decision 079: server/modules/jobs/jobs.routes.ts), spread into
// ROUTE_CASES of server/tenant-isolation.api.test.ts. B's admin looks up, changes, moves and links A's job, and links
// A's order to B's own job: a 404 every time (naming the body's field), and A's job reads back exactly as before.
// A's job named in B's stock issue and borrowing bodies is in server/modules/jobs/jobs.api.test.ts.
import { expect } from 'vitest';
import { JOB_MESSAGES } from '#common/schemas/jobs.ts';
import { client, shopOf } from '../../tests/setup/work-orders-shop.ts';
import type { TCaseHelpers, TRouteCase } from './route-case.ts';

const URL = '/api/v1/jobs';
const A_NAME = 'A secret job';
const A_CUSTOMER = 'A secret customer';

export function jobCases({ app, a, b, asB }: TCaseHelpers): Record<string, TRouteCase> {
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | null = null;
    return () => {
      made ??= make();
      return made;
    };
  };
  const asA = () => client(app(), a().cookie);
  const asBClient = () => client(app(), b().cookie);
  /** A's job, with one of A's orders linked to it. */
  const aJob = once(async () => {
    const job = await asA().ok('POST', URL, { name: A_NAME, customer: A_CUSTOMER, budgetCost: '900' }, 201);
    const shop = await shopOf(app(), a().cookie, 'XJA', 'XJA-BIN');
    const assembly = await shop.item('XJA-ASSY');
    const component = await shop.item('XJA-PART');
    const { assemblyId } = await shop.released(assembly, [{ componentItemId: component, quantity: '1' }]);
    const { orderId } = await shop.order(assemblyId, 'open');
    await asA().ok('POST', `${URL}/${job.id}/orders`, { orderId });
    return { id: job.id as string, numberText: job.numberText as string, orderId };
  });
  /** B's own open job. */
  const bJob = once(async () => (await asBClient().ok('POST', URL, { name: 'B job' }, 201)).id as string);
  const aJobAsA = async () => asA().ok('GET', `${URL}/${(await aJob()).id}`);
  /** Runs `probe` and checks A's job reads back exactly as before it. */
  const keepingAJob = async (
    probe: (job: { id: string; numberText: string; orderId: string }) => Promise<void>,
  ) => {
    const job = await aJob();
    const before = await aJobAsA();
    expect(before).toMatchObject({ name: A_NAME, status: 'open', orders: [{ id: job.orderId }] });
    await probe(job);
    expect(await aJobAsA()).toEqual(before);
  };
  const notFound = (response: { statusCode: number; body: string }) =>
    expect(response.statusCode, response.body).toBe(404);

  return {
    [`GET ${URL}`]: {
      kind: 'tenant',
      attempt: "lists jobs searching A's number, name and customer: only B's own",
      probe: () =>
        keepingAJob(async (job) => {
          const mine = await bJob();
          for (const q of [job.numberText, A_NAME, A_CUSTOMER, '']) {
            const response = await asB({
              method: 'GET',
              url: `${URL}?status=all&q=${encodeURIComponent(q)}`,
            });
            expect(response.statusCode).toBe(200);
            const ids = response.json().items.map((j: { id: string }) => j.id);
            expect(ids).not.toContain(job.id);
            if (q === '') expect(ids).toContain(mine);
          }
        }),
    },
    [`POST ${URL}`]: {
      kind: 'tenant',
      attempt: 'creates a job: it is B’s, numbered in B’s own sequence, and A never sees it',
      probe: () =>
        keepingAJob(async () => {
          const response = await asB({ method: 'POST', url: URL, payload: { name: 'B second job' } });
          expect(response.statusCode).toBe(201);
          const seen = await asA().send('GET', `${URL}/${response.json().id}`);
          expect(seen.statusCode).toBe(404);
        }),
    },
    [`GET ${URL}/:id`]: {
      kind: 'tenant',
      attempt: "reads A's job by its id: 404",
      probe: () =>
        keepingAJob(async (job) => {
          notFound(await asB({ method: 'GET', url: `${URL}/${job.id}` }));
        }),
    },
    [`PATCH ${URL}/:id`]: {
      kind: 'tenant',
      attempt: "renames A's job and changes its budget: 404, unchanged",
      probe: () =>
        keepingAJob(async (job) => {
          const payload = { name: 'Taken', budgetCost: '1' };
          notFound(await asB({ method: 'PATCH', url: `${URL}/${job.id}`, payload }));
        }),
    },
    [`POST ${URL}/:id/status`]: {
      kind: 'tenant',
      attempt: "closes A's job: 404, still open",
      probe: () =>
        keepingAJob(async (job) => {
          notFound(
            await asB({ method: 'POST', url: `${URL}/${job.id}/status`, payload: { status: 'closed' } }),
          );
        }),
    },
    [`POST ${URL}/:id/orders`]: {
      kind: 'tenant',
      attempt: "links A's order to B's job, and an order to A's job: 404 naming the order",
      probe: () =>
        keepingAJob(async (job) => {
          const mine = await bJob();
          const taken = await asB({
            method: 'POST',
            url: `${URL}/${mine}/orders`,
            payload: { orderId: job.orderId },
          });
          notFound(taken);
          expect(taken.json().error.fieldErrors).toEqual({ orderId: JOB_MESSAGES.orderNotFound });
          notFound(
            await asB({ method: 'POST', url: `${URL}/${job.id}/orders`, payload: { orderId: job.orderId } }),
          );
          expect((await asBClient().ok('GET', `${URL}/${mine}`)).orders).toEqual([]);
        }),
    },
    [`DELETE ${URL}/:id/orders/:orderId`]: {
      kind: 'tenant',
      attempt: "unlinks A's order from A's job: 404, still linked",
      probe: () =>
        keepingAJob(async (job) => {
          notFound(await asB({ method: 'DELETE', url: `${URL}/${job.id}/orders/${job.orderId}` }));
        }),
    },
  };
}
