// The floor starts the clock (decision 080), on both databases: an operator starting a step of a work order that
// belongs to a job has their running clock stopped and a new one started on that step at the step's start, in the
// step's transaction; finishing the step stops it. A work order without a job leaves the clock alone.
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floorShopOf, type TClient, type TFloorShop } from '../../../tests/setup/shop-floor.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client } from '../../../tests/setup/work-orders-shop.ts';
import { workOrderStepRuns } from '../build/work-order-runs.tables.ts';
import { workOrders } from '../build/work-orders.tables.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { timeEntries } from './time.tables.ts';

let t: TTestApp;
let operator: TClient;
let operatorId: string;
let shop: TFloorShop;
let jobId: string;
let otherJobId: string;

const wo = (id: string, rest = '') => `/api/v1/work-orders/${id}${rest}`;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({
    email: 'ada@time-floor.example',
    role: 'admin',
    companyName: 'Time Floor',
  });
  operator = client(
    t,
    await t.signIn({
      email: 'otto@time-floor.example',
      role: 'user',
      companyName: 'Time Floor',
      firstName: 'Otto',
      lastName: 'Op',
    }),
  );
  operatorId = (await operator.ok('GET', '/api/v1/session')).user.id;
  shop = await floorShopOf(t, cookie, 'TF');
  const job = async (number: number, name: string) => {
    const id = uuidv7();
    await t.database.db
      .insert(jobs)
      .values({ id, companyId: shop.companyId, number, name, createdBy: 'Time floor test' });
    return id;
  };
  jobId = await job(1, 'Harness run');
  otherJobId = await job(2, 'Shop cleaning');
});
afterAll(async () => {
  await t?.close();
});

const entries = () =>
  t.database.db
    .select()
    .from(timeEntries)
    .where(eq(timeEntries.userId, operatorId))
    .orderBy(timeEntries.startedAt);

describe('the floor moves the clock', () => {
  it('starting a job’s step switches the operator’s clock onto it; finishing the step stops it', async () => {
    await operator.ok('POST', '/api/v1/time/clock-in', { jobId: otherJobId, activity: 'indirect' });
    const id = await shop.released(shop.top.assemblyId, '1');
    await t.database.db.update(workOrders).set({ jobId }).where(eq(workOrders.id, id));

    await operator.ok('POST', wo(id, `/steps/${shop.top.steps[0]}/start`));
    const [run] = await t.database.db
      .select()
      .from(workOrderStepRuns)
      .where(eq(workOrderStepRuns.workOrderId, id));
    const clock = (await operator.ok('GET', '/api/v1/time/clock')).entry;
    expect(clock).toMatchObject({
      jobId,
      jobNumber: 'JOB-000001',
      stepRunId: run!.id,
      source: 'floor',
      startedAt: run!.startedAt.toISOString(),
      endedAt: null,
    });
    expect(clock.stepLabel).toMatch(/^WO-\d{6} · 1\. /);
    const [indirect] = await entries();
    expect(indirect).toMatchObject({ jobId: otherJobId, endedAt: run!.startedAt });

    await operator.ok('POST', wo(id, `/steps/${shop.top.steps[0]}/finish`), { goodQuantity: '1' });
    const [finished] = await t.database.db
      .select()
      .from(workOrderStepRuns)
      .where(eq(workOrderStepRuns.id, run!.id));
    expect((await operator.ok('GET', '/api/v1/time/clock')).entry).toBeNull();
    const onStep = (await entries()).find((e) => e.stepRunId === run!.id);
    expect(onStep).toMatchObject({ source: 'floor', endedAt: finished!.finishedAt });
    expect(onStep!.cost).not.toBeNull();
  });

  it('leaves the clock alone on a work order that belongs to no job', async () => {
    const before = await entries();
    const id = await shop.released(shop.sub.assemblyId, '1');
    await operator.ok('POST', wo(id, `/steps/${shop.sub.steps[0]}/start`));
    expect((await operator.ok('GET', '/api/v1/time/clock')).entry).toBeNull();
    expect(await entries()).toEqual(before);
  });
});
