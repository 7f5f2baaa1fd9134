// The job cost report's day sums (decision 084, migration 0059), on both databases: whatever writes time or stock —
// typed entries, an edit, a delete, issues and their reversal, a work order's consumption, the work order moving to
// another job, the company's zone changing — the sums the triggers keep equal the sums derived afresh from the rows
// (job_cost_rebuild), and the report's list (which reads them) agrees with a job's page (which reads the rows).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, startOfWeek, todayIn } from '#common/time/calendar.ts';
import { queryRows } from '#server/db/client.ts';
import { floorShopOf, type TFloorShop } from '../../../tests/setup/shop-floor.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { type TTimeShop, timeShopOf } from '../../../tests/setup/time-shop.ts';
import { shopOf } from '../../../tests/setup/work-orders-shop.ts';
import { manualClock } from '../../clock.ts';

const MONDAY = startOfWeek(addDays(todayIn('UTC'), 14));
const at = (day: number, time: string) => `${addDays(MONDAY, day)}T${time}:00.000Z`;
const clock = manualClock(at(3, '12:00'));
const PERIOD = `from=${addDays(todayIn('UTC'), -3)}&to=${addDays(MONDAY, 6)}`;

let t: TTestApp;
let shop: TTimeShop;
let floor: TFloorShop;
let orderId: string;
let ann: string;

type TSum = { job_id: string; day: string; category: string; seconds: string; cost: string };
/** The company's day sums as kept, and as derived afresh (in a transaction rolled back, so nothing changes). */
async function sumsKeptAndDerived() {
  const read = (tx: typeof t.database.db) =>
    queryRows<TSum>(
      tx,
      sql`select job_id::text, day::text, category, seconds::numeric(30, 6)::text as seconds,
                 cost::numeric(30, 10)::text as cost
            from job_cost_days
           where company_id = ${shop.companyId} and (seconds <> 0 or cost <> 0)
           order by job_id, day, category`,
    );
  const kept = await read(t.database.db);
  let derived: TSum[] = [];
  await t.database.db
    .transaction(async (tx) => {
      await tx.execute(sql`select job_cost_rebuild(${shop.companyId}::uuid)`);
      derived = await read(tx as never);
      throw new Error('rolled back');
    })
    .catch((error: Error) => {
      if (error.message !== 'rolled back') throw error;
    });
  return { kept, derived };
}

/** The job's figures as the list (day sums) and its page (rows) say them. */
async function listAndPage(jobId: string) {
  const list = await shop.admin.ok('GET', `/api/v1/job-cost-report?${PERIOD}&pageSize=100`);
  const page = await shop.admin.ok('GET', `/api/v1/job-cost-report/jobs/${jobId}?${PERIOD}&granularity=week`);
  return { row: list.items.find((r: { jobId: string }) => r.jobId === jobId), page: page.job };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  shop = await timeShopOf(t, 'Day Sums Co', 'America/Chicago');
  floor = await floorShopOf(t, shop.admin.cookie, 'DS');
  ann = (await shop.person('Ann')).userId;
  await shop.admin.ok('PATCH', `/api/v1/users/${ann}`, { burdenedLaborRate: '37.5' });
  const orders = await shopOf(t, shop.admin.cookie, 'DSO', 'DSO-BIN');
  const made = await orders.order(floor.top.assemblyId, 'open', '1');
  orderId = made.orderId;
  await shop.admin.ok('POST', `/api/v1/jobs/${shop.jobs.open}/orders`, { orderId });
  const wo = await shop.admin.ok(
    'POST',
    '/api/v1/work-orders',
    {
      assemblyId: floor.top.assemblyId,
      quantity: '1',
      outputLocationId: floor.out,
      orderLineId: made.lineId,
    },
    201,
  );
  await shop.admin.ok('POST', `/api/v1/work-orders/${wo.id}/status`, { status: 'released' });
  await shop.admin.ok('POST', `/api/v1/work-orders/${wo.id}/steps/${floor.top.steps[0]}/start`);
  await shop.admin.ok(
    'POST',
    `/api/v1/work-orders/${wo.id}/consumptions`,
    { idempotencyKey: randomUUID(), code: 'DSSCREW', quantity: '2', locationId: floor.bin },
    201,
  );
  const issued = await shop.admin.ok(
    'POST',
    '/api/v1/stock/transactions',
    {
      kind: 'issue',
      idempotencyKey: randomUUID(),
      jobId: shop.jobs.other,
      lines: [{ itemId: floor.items.other, locationId: floor.bin, quantity: '4' }],
    },
    201,
  );
  await shop.admin.ok('POST', `/api/v1/stock/transactions/${issued.id}/reversal`, { reason: 'Back' }, 201);
  for (const [from, to] of [
    [at(1, '04:30'), at(1, '07:10')],
    [at(1, '14:00'), at(1, '15:20')],
  ])
    await shop.admin.ok(
      'POST',
      '/api/v1/time/entries',
      { userId: ann, jobId: shop.jobs.other, startedAt: from, endedAt: to, reason: 'Sheet' },
      201,
    );
});
afterAll(async () => {
  await t?.close();
});

describe('the day sums', () => {
  it('equal the rows summed afresh, and the list agrees with the job’s page', async () => {
    const { kept, derived } = await sumsKeptAndDerived();
    expect(kept.length).toBeGreaterThan(2);
    expect(kept).toEqual(derived);
    // 04:30 UTC is the evening before in Chicago: two days of labor; the issue and its return net to nothing.
    const other = await listAndPage(shop.jobs.other);
    expect(other.row).toMatchObject({ laborHours: '4.00', laborCost: '150.00', materialIssued: '0.00' });
    expect(other.page).toEqual(other.row);
    const open = await listAndPage(shop.jobs.open);
    expect(open.row).toMatchObject({ materialConsumed: '0.20' });
    expect(open.page).toEqual(open.row);
  });

  it('follow an edited and a deleted entry', async () => {
    const week = await shop.admin.ok('GET', `/api/v1/time/week?userId=${ann}&week=${addDays(MONDAY, 1)}`);
    const [first, second] = week.entries as Array<{ id: string }>;
    await shop.admin.ok('PATCH', `/api/v1/time/entries/${first!.id}`, {
      endedAt: at(1, '08:10'),
      reason: 'Later',
    });
    const deleted = await shop.admin.send('POST', `/api/v1/time/entries/${second!.id}/delete`, {
      reason: 'Twice',
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const { kept, derived } = await sumsKeptAndDerived();
    expect(kept).toEqual(derived);
    const other = await listAndPage(shop.jobs.other);
    expect(other.row).toMatchObject({ laborHours: '3.67', laborCost: '137.50' });
    expect(other.page).toEqual(other.row);
  });

  it('move a work order’s consumption with it when its order leaves the job', async () => {
    const unlinked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/jobs/${shop.jobs.open}/orders/${orderId}`,
      headers: { origin: TEST_APP_URL, cookie: shop.admin.cookie },
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    const { kept, derived } = await sumsKeptAndDerived();
    expect(kept).toEqual(derived);
    const open = await listAndPage(shop.jobs.open);
    expect(open.row).toMatchObject({ materialConsumed: '0.00' });
    expect(open.page).toEqual(open.row);
  });

  it('are derived again on the new clock when the company’s zone changes', async () => {
    await t.database.db.execute(
      sql`update companies set timezone = 'Asia/Tokyo' where id = ${shop.companyId}`,
    );
    const { kept, derived } = await sumsKeptAndDerived();
    expect(kept).toEqual(derived);
    const days = new Set(kept.filter((s) => s.category === 'labor').map((s) => s.day));
    expect([...days]).toEqual([addDays(MONDAY, 1)]);
  });
});
