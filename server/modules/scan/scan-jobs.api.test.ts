// Jobs on the scan screen (decision 083), on both databases: a job's number (JOB-000001, job-1) or its own label
// resolves to the job with its status; a work order's result names the job it belongs to; another company's job —
// by number or by label — is "Not recognised" like garbage; with the Time area off no job is recognised. A scanned
// job's id is what the clock takes.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactCode, scanLink } from '#common/label-codes.ts';
import { floorShopOf, type TFloorShop } from '../../../tests/setup/shop-floor.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { type TTimeShop, timeShopOf } from '../../../tests/setup/time-shop.ts';
import { tenantFor } from '../../db/tenant.ts';
import { systemActor } from '../audit/audit.ts';
import { workOrders } from '../build/work-orders.tables.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { codesFor } from '../labels/codes.service.ts';

let t: TTestApp;
let shop: TTimeShop;
let floor: TFloorShop;
let other: TTimeShop;
let otherJob: string;

const resolve = (who: { send: TTimeShop['admin']['send'] }, text: string) =>
  who.send('GET', `/api/v1/scan/resolve?code=${encodeURIComponent(text)}`);

/** The job's label code as printing makes it (FBJ…). */
async function jobLabel(companyId: string, jobId: string) {
  const tenant = tenantFor(
    t.database.db,
    { companyId, userId: randomUUID(), role: 'admin' },
    systemActor('test'),
  );
  const tokens = await tenant.run((tx) => codesFor(tx, companyId, 'job', [jobId]));
  return tokens.get(jobId)!;
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await timeShopOf(t, 'Scan Jobs', 'UTC');
  floor = await floorShopOf(t, shop.admin.cookie, 'SJ');
  other = await timeShopOf(t, 'Other Scan Jobs', 'UTC');
  // A number only the other company has: scanned here it must not be found.
  otherJob = uuidv7();
  await t.database.db
    .insert(jobs)
    .values({ id: otherJob, companyId: other.companyId, number: 7, name: 'Their job', createdBy: 'test' });
});
afterAll(async () => {
  await t?.close();
});

describe('a job scanned', () => {
  it('by its number, in any of the ways it is written, answers the job and its status', async () => {
    const person = await shop.person('Sam');
    for (const text of ['JOB-000001', 'job-1', 'JOB1', ' job-000001 ']) {
      const response = await resolve(person, text);
      expect(response.statusCode, text).toBe(200);
      expect(response.json()).toEqual({
        kind: 'job',
        matchedBy: 'job-number',
        job: {
          id: shop.jobs.open,
          number: 1,
          numberText: 'JOB-000001',
          name: 'Pump housings',
          customer: '',
          status: 'open',
        },
      });
    }
    const closed = (await resolve(person, 'JOB-000003')).json();
    expect(closed.job).toMatchObject({ numberText: 'JOB-000003', status: 'closed' });
  });

  it('by its own label, compact or as the QR’s link, answers the job', async () => {
    const token = await jobLabel(shop.companyId, shop.jobs.other);
    for (const text of [compactCode('job', token), scanLink(TEST_APP_URL, 'job', token)]) {
      const found = (await shop.admin.ok('GET', `/api/v1/scan/resolve?code=${encodeURIComponent(text)}`)) as {
        kind: string;
        matchedBy: string;
        job: { id: string };
      };
      expect(found).toMatchObject({ kind: 'job', matchedBy: 'code', job: { id: shop.jobs.other } });
    }
  });

  it('of another company, by number or by label, is not recognised, as garbage is', async () => {
    const byNumber = await resolve(shop.admin, 'JOB-000007');
    expect(byNumber.statusCode).toBe(404);
    expect(byNumber.json().error.message).toContain('Not recognised: “JOB-000007”');
    const token = await jobLabel(other.companyId, otherJob);
    const byLabel = await resolve(shop.admin, compactCode('job', token));
    expect(byLabel.statusCode).toBe(404);
    expect(byLabel.json().error.message).toContain('Not recognised');
    // Their own scan finds it: the code is real, just not ours.
    expect((await resolve(other.admin, compactCode('job', token))).json().job.id).toBe(otherJob);
  });
});

describe('a work order scanned', () => {
  it('names the job it belongs to, and none when it has none', async () => {
    const withJob = await floor.released(floor.top.assemblyId, '1');
    const without = await floor.released(floor.top.assemblyId, '1');
    await t.database.db.update(workOrders).set({ jobId: shop.jobs.open }).where(eq(workOrders.id, withJob));
    const numberOf = async (id: string) =>
      (await shop.admin.ok('GET', `/api/v1/work-orders/${id}`)).numberText as string;

    const found = (await resolve(shop.admin, await numberOf(withJob))).json();
    expect(found).toMatchObject({
      kind: 'work-order',
      workOrder: { id: withJob },
      job: { id: shop.jobs.open, numberText: 'JOB-000001', status: 'open' },
    });
    expect((await resolve(shop.admin, await numberOf(without))).json()).toMatchObject({
      kind: 'work-order',
      job: null,
    });

    // The job the card offers is the one the clock takes.
    const person = await shop.person('Wanda');
    const clocked = await person.ok('POST', '/api/v1/time/clock-in', { jobId: found.job.id });
    expect(clocked.entry).toMatchObject({ jobNumber: 'JOB-000001', endedAt: null });
  });
});

describe('with the Time area off', () => {
  it('no job is recognised, and a work order names none', async () => {
    const admin = await timeShopOf(t, 'Scan Jobs Off', 'UTC');
    const floorOff = await floorShopOf(t, admin.admin.cookie, 'SO');
    const wo = await floorOff.released(floorOff.top.assemblyId, '1');
    await t.database.db.update(workOrders).set({ jobId: admin.jobs.open }).where(eq(workOrders.id, wo));
    const token = await jobLabel(admin.companyId, admin.jobs.open);
    await admin.admin.ok('PATCH', '/api/v1/company/label-config', { enableTimeFeature: false });

    expect((await resolve(admin.admin, 'JOB-000001')).statusCode).toBe(404);
    expect((await resolve(admin.admin, compactCode('job', token))).statusCode).toBe(404);
    const number = (await admin.admin.ok('GET', `/api/v1/work-orders/${wo}`)).numberText as string;
    expect((await resolve(admin.admin, number)).json()).toMatchObject({ kind: 'work-order', job: null });
  });
});
