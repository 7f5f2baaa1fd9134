// The job cost report's shop (decision 084), made the way the shop makes its numbers: two people at different rates
// typing time on a job (one entry after midnight UTC, still the evening before in New York), a rate changed after
// them, stock issued to the job and part of it returned (the issue reversed), a work order of the job consuming
// components and time typed on its step, and the job's budget. What the figures come to is for the tests to say.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addDays, startOfWeek, todayIn } from '#common/time/calendar.ts';
import { manualClock } from '#server/clock.ts';
import { queryRows } from '#server/db/client.ts';
import { floorShopOf, type TFloorShop } from './shop-floor.ts';
import type { TTestApp } from './test-app.ts';
import { type TTimeClient, type TTimeShop, timeShopOf } from './time-shop.ts';
import { shopOf } from './work-orders-shop.ts';

// Time is typed two weeks ahead of the real day (every person's rate is in force by then); postings are today's.
export const JOB_COST_MONDAY = startOfWeek(addDays(todayIn('UTC'), 14));
/** An instant of the typed week: `day` days after its Monday, at `time` UTC. */
export const jobCostAt = (day: number, time: string) => `${addDays(JOB_COST_MONDAY, day)}T${time}:00.000Z`;
/** The app's clock for the shop: the typed week's Wednesday noon. */
export const jobCostClock = () => manualClock(jobCostAt(2, '12:00'));

export interface TJobCostShop {
  shop: TTimeShop;
  floor: TFloorShop;
  olga: TTimeClient;
  bo: TTimeClient;
  workOrderId: string;
  /** The issue that was returned (reversed). */
  returnedIssue: string;
}

/** Builds the shop in `t` (made with `jobCostClock()`). */
export async function jobCostShopOf(t: TTestApp): Promise<TJobCostShop> {
  const MONDAY = JOB_COST_MONDAY;
  const at = jobCostAt;
  const shop = await timeShopOf(t, 'Job Cost Co', 'America/New_York');
  const admin = () => shop.admin;
  const job = () => shop.jobs.open;
  const floor = await floorShopOf(t, admin().cookie, 'JC');
  const issue = async (itemId: string, quantity: string) => {
    const posted = await admin().ok(
      'POST',
      '/api/v1/stock/transactions',
      {
        kind: 'issue',
        idempotencyKey: randomUUID(),
        jobId: job(),
        lines: [{ itemId, locationId: floor.bin, quantity }],
      },
      201,
    );
    return posted.id as string;
  };
  const olga = await shop.person('Olga');
  const bo = await shop.person('Bo');
  await admin().ok('PATCH', `/api/v1/jobs/${job()}`, { budgetHours: '5', budgetCost: '160' });
  await admin().ok('PATCH', `/api/v1/users/${olga.userId}`, { burdenedLaborRate: '30' });
  await admin().ok('PATCH', `/api/v1/users/${bo.userId}`, { burdenedLaborRate: '45' });

  // A work order of the job: made from an order line of an order linked to the job.
  const orders = await shopOf(t, admin().cookie, 'JCO', 'JCO-BIN');
  const { orderId, lineId } = await orders.order(floor.top.assemblyId, 'open', '1');
  await admin().ok('POST', `/api/v1/jobs/${job()}/orders`, { orderId });
  const made = await admin().ok(
    'POST',
    '/api/v1/work-orders',
    { assemblyId: floor.top.assemblyId, quantity: '1', outputLocationId: floor.out, orderLineId: lineId },
    201,
  );
  const workOrderId = made.id as string;
  await admin().ok('POST', `/api/v1/work-orders/${workOrderId}/status`, { status: 'released' });
  // The admin starts the first step (the floor clocks the admin onto it: running, so not yet a cost).
  await admin().ok('POST', `/api/v1/work-orders/${workOrderId}/steps/${floor.top.steps[0]}/start`);
  const [run] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from work_order_step_runs where work_order_id = ${workOrderId}`,
  );

  // Bolts at 2.00 and screws at 0.10: 2.20 consumed.
  for (const [code, quantity] of [
    ['JCB-1', '1'],
    ['JCSCREW', '2'],
  ] as const)
    await admin().ok(
      'POST',
      `/api/v1/work-orders/${workOrderId}/consumptions`,
      { idempotencyKey: randomUUID(), code, quantity, locationId: floor.bin },
      201,
    );
  // Material: 5 × OTHER at 1.00 issued; 2 more issued and returned (the issue reversed): 5.00 in all.
  await issue(floor.items.other, '5');
  const returnedIssue = await issue(floor.items.other, '2');
  await admin().ok(
    'POST',
    `/api/v1/stock/transactions/${returnedIssue}/reversal`,
    { reason: 'Returned' },
    201,
  );

  // Labor: Olga 2 h at 30 and 1 h on the step at 30 (03:00 UTC, 23:00 the evening before in New York), Bo 1.5 h at
  // 45 — 4.5 h and 157.50.
  const entry = (who: TTimeClient, from: string, to: string, extra: object = {}) =>
    admin().ok(
      'POST',
      '/api/v1/time/entries',
      {
        userId: who.userId,
        jobId: job(),
        startedAt: from,
        endedAt: to,
        reason: 'Typed from the sheet',
        ...extra,
      },
      201,
    );
  await entry(olga, at(1, '13:00'), at(1, '15:00'));
  await entry(bo, at(1, '15:00'), at(1, '16:30'));
  await entry(olga, at(2, '03:00'), at(2, '04:00'), { stepRunId: run!.id });
  // A rate set after the entries (from the app's today) re-prices none of them.
  await admin().ok('POST', `/api/v1/users/${olga.userId}/labor-rates`, {
    rate: '99',
    effectiveFrom: addDays(MONDAY, 2),
  });
  return { shop, floor, olga, bo, workOrderId, returnedIssue };
}
