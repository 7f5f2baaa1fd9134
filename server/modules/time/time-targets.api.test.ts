// What the /time screen clocks in to besides a job (decision 082), on both databases: a job's steps under way (a
// started step is offered until it is finished), and a scanned work order's job with the step running on it. A work
// order without a job answers no job; another company's or an unknown id is a 404, a malformed one a 400 naming the
// id.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floorShopOf, type TClient, type TFloorShop } from '../../../tests/setup/shop-floor.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { workOrders } from '../build/work-orders.tables.ts';
import { jobs } from '../jobs/jobs.tables.ts';

let t: TTestApp;
let admin: TClient;
let operator: TClient;
let shop: TFloorShop;
let jobId: string;

const wo = (id: string, rest = '') => `/api/v1/work-orders/${id}${rest}`;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@targets.example', role: 'admin', companyName: 'Targets' });
  admin = client(t, cookie);
  operator = client(
    t,
    await t.signIn({
      email: 'otto@targets.example',
      role: 'user',
      companyName: 'Targets',
      firstName: 'Otto',
      lastName: 'Op',
    }),
  );
  shop = await floorShopOf(t, cookie, 'TG');
  jobId = uuidv7();
  await t.database.db.insert(jobs).values({
    id: jobId,
    companyId: shop.companyId,
    number: 1,
    name: 'Harness run',
    createdBy: 'Targets test',
  });
});
afterAll(async () => {
  await t?.close();
});

/** A released work order of the top assembly belonging to the job (as one made from the job's order would). */
async function jobWorkOrder(): Promise<string> {
  const id = await shop.released(shop.top.assemblyId, '1');
  await t.database.db.update(workOrders).set({ jobId }).where(eq(workOrders.id, id));
  return id;
}

describe("a job's steps under way", () => {
  it('offers a started step until it is finished, named as a time entry names it', async () => {
    const id = await jobWorkOrder();
    expect(await operator.ok('GET', `/api/v1/time/jobs/${jobId}/steps`)).toEqual({ steps: [] });
    await operator.ok('POST', wo(id, `/steps/${shop.top.steps[0]}/start`));
    const { steps } = await admin.ok('GET', `/api/v1/time/jobs/${jobId}/steps`);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ workOrderId: id, status: 'running' });
    expect(steps[0].label).toMatch(/^WO-\d{6} · 1\. /);
    // The clock takes it: the step belongs to the job.
    const clock = await admin.ok('POST', '/api/v1/time/clock-in', { jobId, stepRunId: steps[0].stepRunId });
    expect(clock.entry).toMatchObject({ stepRunId: steps[0].stepRunId, stepLabel: steps[0].label });
    await admin.ok('POST', '/api/v1/time/clock-out');

    await operator.ok('POST', wo(id, `/steps/${shop.top.steps[0]}/finish`), { goodQuantity: '1' });
    expect(await operator.ok('GET', `/api/v1/time/jobs/${jobId}/steps`)).toEqual({ steps: [] });
  });

  it('is a 404 for a job not of the company, and a 400 naming the id for no id', async () => {
    const unknown = await operator.send('GET', `/api/v1/time/jobs/${randomUUID()}/steps`);
    expect(unknown.statusCode).toBe(404);
    const bad = await operator.send('GET', '/api/v1/time/jobs/JOB-000001/steps');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toHaveProperty('id');
  });
});

describe("a work order's clock target", () => {
  it("answers the work order's job and the step running on it", async () => {
    const id = await jobWorkOrder();
    const idle = await operator.ok('GET', `/api/v1/time/work-orders/${id}/target`);
    expect(idle).toMatchObject({
      workOrderId: id,
      job: { id: jobId, numberText: 'JOB-000001', name: 'Harness run', status: 'open' },
      step: null,
    });
    expect(idle.workOrderNumber).toMatch(/^WO-\d{6}$/);
    // Whoever started it, the step running is the one to join; a finished step runs no more.
    await admin.ok('POST', wo(id, `/steps/${shop.top.steps[0]}/start`));
    const first = await operator.ok('GET', `/api/v1/time/work-orders/${id}/target`);
    expect(first.step).toMatchObject({ workOrderId: id, status: 'running' });
    expect(first.step.label).toMatch(/ · 1\. /);
    await admin.ok('POST', wo(id, `/steps/${shop.top.steps[0]}/finish`), { goodQuantity: '1' });
    expect((await operator.ok('GET', `/api/v1/time/work-orders/${id}/target`)).step).toBeNull();
    await operator.ok('POST', wo(id, `/steps/${shop.top.steps[1]}/start`));
    const second = await operator.ok('GET', `/api/v1/time/work-orders/${id}/target`);
    expect(second.step.label).toMatch(/ · 2\. /);
  });

  it('answers no job for a work order that belongs to none; 404 for an unknown one', async () => {
    const id = await shop.released(shop.sub.assemblyId, '1');
    expect(await operator.ok('GET', `/api/v1/time/work-orders/${id}/target`)).toMatchObject({
      job: null,
      step: null,
    });
    const unknown = await operator.send('GET', `/api/v1/time/work-orders/${randomUUID()}/target`);
    expect(unknown.statusCode).toBe(404);
    const bad = await operator.send('GET', '/api/v1/time/work-orders/WO-1/target');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors).toHaveProperty('id');
  });
});
