// Jobs (decision 079), on both databases: numbered from the company's counter with exact budgets; everyone signed in
// looks them up and only admins change them; held, closed and reopened by the moves allowed; an order linked with its
// work orders (and a work order made later from it belongs to the job too); holding or closing a job stops the
// clocks running on it; a closed or held job refuses stock issues and borrowings naming it, and nothing is posted; bad input is a 400 naming the field and changes nothing; every
// change is in the audit trail.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES } from '#common/schemas/jobs.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client, shopOf, type TShop } from '../../../tests/setup/work-orders-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { items } from '../inventory/inventory.tables.ts';
import { jobs } from './jobs.tables.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let user: ReturnType<typeof client>;
let shop: TShop;
let companyId: string;
let part: string;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@jobs.example', role: 'admin', companyName: 'Job Works' });
  adminCookie = cookie;
  admin = client(t, cookie);
  user = client(t, await t.signIn({ email: 'otto@jobs.example', role: 'user', companyName: 'Job Works' }));
  shop = await shopOf(t, cookie, 'J');
  companyId = (await admin.ok('GET', '/api/v1/session')).user.companyId;
  part = await shop.item('J-BOLT', '2.5');
  await shop.receive(part, '100');
  await admin.ok('PATCH', '/api/v1/company/label-config', { allowBorrowing: true });
});
afterAll(async () => {
  await t?.close();
});

const unlink = (jobId: string, orderId: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/jobs/${jobId}/orders/${orderId}`,
    headers: { origin: TEST_APP_URL, cookie: adminCookie },
  });
const newJob = (over: object = {}) =>
  admin.ok('POST', '/api/v1/jobs', { name: 'Gearbox rebuild', customer: 'Acme Mills', ...over }, 201);
const jobCount = async () =>
  (await t.database.db.select().from(jobs).where(eq(jobs.companyId, companyId))).length;
const onHand = async () => (await t.database.db.select().from(items).where(eq(items.id, part)))[0]!.onHand;

const issue = (jobId: string, quantity = '1') =>
  admin.send('POST', '/api/v1/stock/transactions', {
    kind: 'issue',
    idempotencyKey: randomUUID(),
    jobId,
    lines: [{ itemId: part, locationId: shop.bin, quantity }],
  });
const lend = (jobId: string) =>
  admin.send('POST', '/api/v1/borrowings', {
    itemId: part,
    locationId: shop.bin,
    quantity: '1',
    borrower: { jobId },
    dueOn: '2099-01-01',
    idempotencyKey: randomUUID(),
  });

describe('jobs', () => {
  it('are numbered from the company counter, keep their budget exact, and are found by number, name or customer', async () => {
    const first = await newJob({ budgetHours: '12.5', budgetCost: '1234.5678', notes: 'Two shafts' });
    const second = await newJob({ name: 'Conveyor guard', customer: 'Brook Foods' });
    expect(first).toMatchObject({
      numberText: expect.stringMatching(/^JOB-\d{6}$/),
      status: 'open',
      budgetHours: '12.5',
      budgetCost: '1234.5678',
      orders: [],
      workOrders: [],
    });
    expect(second.number).toBe(first.number + 1);
    const byNumber = await user.ok('GET', `/api/v1/jobs?q=${first.numberText}`);
    expect(byNumber.items.map((j: { id: string }) => j.id)).toEqual([first.id]);
    const byCustomer = await user.ok('GET', '/api/v1/jobs?q=brook');
    expect(byCustomer.items.map((j: { id: string }) => j.id)).toEqual([second.id]);
    const paged = await user.ok('GET', '/api/v1/jobs?pageSize=1&page=2&status=open');
    expect(paged).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.total).toBeGreaterThanOrEqual(2);
    expect(paged.items).toHaveLength(1);
    expect((await user.ok('GET', `/api/v1/jobs/${first.id}`)).notes).toBe('Two shafts');
  });

  it('are changed by admins only; a user is refused and nothing changes', async () => {
    const job = await newJob();
    const before = await jobCount();
    expect((await user.send('POST', '/api/v1/jobs', { name: 'Mine' })).statusCode).toBe(403);
    expect((await user.send('PATCH', `/api/v1/jobs/${job.id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await user.send('POST', `/api/v1/jobs/${job.id}/status`, { status: 'closed' })).statusCode).toBe(
      403,
    );
    expect(await jobCount()).toBe(before);
    expect((await admin.ok('GET', `/api/v1/jobs/${job.id}`)).status).toBe('open');
  });

  it('refuse bad input with a 400 naming the field, creating and changing nothing', async () => {
    const job = await newJob({ budgetCost: '100' });
    const before = await jobCount();
    const cases: [string, string, object, string][] = [
      ['POST', '/api/v1/jobs', { name: '  ' }, 'name'],
      ['POST', '/api/v1/jobs', { name: 'X', budgetCost: '-1' }, 'budgetCost'],
      ['POST', '/api/v1/jobs', { name: 'X', budgetHours: 'soon' }, 'budgetHours'],
      ['POST', '/api/v1/jobs', { name: 'X', budgetCost: '1.23456' }, 'budgetCost'],
      ['PATCH', `/api/v1/jobs/${job.id}`, { budgetCost: 'lots' }, 'budgetCost'],
      // More than the columns hold (ten whole digits of hours, twelve of money): a 400, not the database's overflow.
      ['PATCH', `/api/v1/jobs/${job.id}`, { budgetHours: '59706689532' }, 'budgetHours'],
      ['POST', '/api/v1/jobs', { name: 'X', budgetCost: '1234567890123' }, 'budgetCost'],
      ['POST', `/api/v1/jobs/${job.id}/status`, { status: 'done' }, 'status'],
      ['POST', `/api/v1/jobs/${job.id}/orders`, { orderId: 'SO-1' }, 'orderId'],
    ];
    for (const [method, url, payload, field] of cases) {
      const response = await admin.send(method as 'POST', url, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors ?? {})).toContain(field);
    }
    expect(await jobCount()).toBe(before);
    expect(await admin.ok('GET', `/api/v1/jobs/${job.id}`)).toMatchObject({
      budgetCost: '100',
      status: 'open',
    });
  });

  it('are held, closed and reopened as the moves allow, each in the audit trail', async () => {
    const job = await newJob();
    await admin.ok('PATCH', `/api/v1/jobs/${job.id}`, { budgetHours: '40', customer: 'Acme North' });
    expect((await admin.ok('POST', `/api/v1/jobs/${job.id}/status`, { status: 'on_hold' })).status).toBe(
      'on_hold',
    );
    const closed = await admin.ok('POST', `/api/v1/jobs/${job.id}/status`, { status: 'closed' });
    expect(closed).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    const refused = await admin.send('POST', `/api/v1/jobs/${job.id}/status`, { status: 'on_hold' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(JOB_MESSAGES.move('Closed', 'On hold'));
    expect(await admin.ok('POST', `/api/v1/jobs/${job.id}/status`, { status: 'open' })).toMatchObject({
      status: 'open',
      closedAt: null,
    });
    const trail = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'job'), eq(auditEntries.entityId, job.id)))
      .orderBy(auditEntries.createdAt, auditEntries.id);
    expect(trail.map((e) => e.action)).toEqual(['created', 'updated', 'held', 'closed', 'reopened']);
    expect(trail[1]).toMatchObject({
      before: { budgetHours: null, customer: 'Acme Mills' },
      after: { budgetHours: '40', customer: 'Acme North' },
    });
  });

  it('stop the clocks running on them when held or closed, naming the people clocked in first', async () => {
    const job = await newJob({ name: 'Clocked job' });
    const nameOf = async (c: typeof admin) => {
      const { user: me } = await c.ok('GET', '/api/v1/session');
      return `${me.firstName} ${me.lastName}`.trim();
    };
    await admin.ok('POST', '/api/v1/time/clock-in', { jobId: job.id }, 200);
    await user.ok('POST', '/api/v1/time/clock-in', { jobId: job.id }, 200);
    const before = await admin.ok('GET', `/api/v1/jobs/${job.id}`);
    expect([...before.clockedIn].sort()).toEqual([await nameOf(admin), await nameOf(user)].sort());

    const held = await admin.ok('POST', `/api/v1/jobs/${job.id}/status`, { status: 'on_hold' });
    expect(held).toMatchObject({ status: 'on_hold', clockedIn: [] });
    for (const c of [admin, user]) expect((await c.ok('GET', '/api/v1/time/clock')).entry).toBeNull();
    const moveEntry = async (action: string) => {
      const where = and(
        eq(auditEntries.entityType, 'job'),
        eq(auditEntries.entityId, job.id),
        eq(auditEntries.action, action),
      );
      return (await t.database.db.select().from(auditEntries).where(where))[0];
    };
    expect((await moveEntry('held'))?.after).toEqual({ status: 'on_hold', clocksStopped: 2 });

    // Nothing runs on it any more: closing it stops nothing and says so in the trail by leaving the count out.
    await admin.ok('POST', `/api/v1/jobs/${job.id}/status`, { status: 'closed' });
    expect((await moveEntry('closed'))?.after).toEqual({ status: 'closed' });
  });

  it('take an order with its work orders, and a work order made later from the order belongs to the job too', async () => {
    const job = await newJob();
    const other = await newJob({ name: 'Other' });
    const assembly = await shop.item('J-ASSY');
    const { assemblyId } = await shop.released(assembly, [{ componentItemId: part, quantity: '1' }]);
    const { orderId, lineId } = await shop.order(assemblyId, 'open');
    const early = await admin.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId, quantity: '2', orderLineId: lineId },
      201,
    );
    const linked = await admin.ok('POST', `/api/v1/jobs/${job.id}/orders`, { orderId });
    expect(linked.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    expect(linked.workOrders.map((w: { id: string }) => w.id)).toEqual([early.id]);
    const late = await admin.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId, quantity: '3', orderLineId: lineId },
      201,
    );
    const withLate = await admin.ok('GET', `/api/v1/jobs/${job.id}`);
    expect(withLate.workOrders.map((w: { id: string }) => w.id)).toEqual([early.id, late.id]);

    const taken = await admin.send('POST', `/api/v1/jobs/${other.id}/orders`, { orderId });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(
      JOB_MESSAGES.orderOfOtherJob(linked.orders[0].numberText, job.numberText),
    );

    const unlinked = await unlink(job.id, orderId);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(unlinked.json()).toMatchObject({ orders: [], workOrders: [] });
    expect((await admin.ok('POST', `/api/v1/jobs/${other.id}/orders`, { orderId })).workOrders).toHaveLength(
      2,
    );
  });

  it('take stock issues and borrowings while open; closed or on hold they refuse them and nothing is posted', async () => {
    const job = await newJob();
    const issued = await issue(job.id, '2');
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json().jobId).toBe(job.id);
    const lent = await lend(job.id);
    expect(lent.statusCode, lent.body).toBe(201);
    expect(lent.json()).toMatchObject({ jobId: job.id, jobReference: job.numberText, borrowerUserId: null });

    await admin.ok('POST', `/api/v1/jobs/${job.id}/status`, { status: 'closed' });
    const stock = await onHand();
    const refusedIssue = await issue(job.id);
    expect(refusedIssue.statusCode).toBe(409);
    expect(refusedIssue.json().error).toMatchObject({
      message: JOB_MESSAGES.closed(job.numberText, 'stock issues'),
      fieldErrors: { jobId: JOB_MESSAGES.closed(job.numberText, 'stock issues') },
    });
    const refusedLoan = await lend(job.id);
    expect(refusedLoan.statusCode).toBe(409);
    expect(refusedLoan.json().error.fieldErrors).toEqual({
      'borrower.jobId': JOB_MESSAGES.closed(job.numberText, 'borrowings'),
    });
    await admin.ok('POST', `/api/v1/jobs/${job.id}/status`, { status: 'open' });
    await admin.ok('POST', `/api/v1/jobs/${job.id}/status`, { status: 'on_hold' });
    const held = await issue(job.id);
    expect(held.statusCode).toBe(409);
    expect(held.json().error.message).toBe(JOB_MESSAGES.onHold(job.numberText, 'stock issues'));
    expect(await onHand()).toBe(stock);
  });

  it('answer 404 for an id that is no job of the company, on the routes and in issue and borrow bodies', async () => {
    const missing = randomUUID();
    expect((await user.send('GET', `/api/v1/jobs/${missing}`)).statusCode).toBe(404);
    const stock = await onHand();
    const response = await issue(missing);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.fieldErrors).toEqual({ jobId: JOB_MESSAGES.notFound });
    expect((await lend(missing)).json().error.fieldErrors).toEqual({
      'borrower.jobId': JOB_MESSAGES.notFound,
    });
    expect(await onHand()).toBe(stock);
  });
});
