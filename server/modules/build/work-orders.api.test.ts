// Making work orders through the API: from the current released revision only (kept after a new release), from an
// open order's line of the same assembly, numbered WO-000001… without gaps or repeats when made at once; bad input
// refused naming the field with nothing made; the list's filters; another company's ids are "no such …".
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client, shopOf, type TShop } from '../../../tests/setup/work-orders-shop.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { workOrders } from './work-orders.tables.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let operator: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let shop: TShop;
let otherShop: TShop;
let top: { assemblyId: string; revisionId: string };
let part: string;
let unreleased: string;

const count = async () => (await t.database.db.select().from(workOrders)).length;

beforeAll(async () => {
  t = await createTestApp();
  const adminCookie = await t.signIn({ email: 'ada@wo.example', role: 'admin', companyName: 'WO Works' });
  admin = client(t, adminCookie);
  operator = client(t, await t.signIn({ email: 'otto@wo.example', role: 'user', companyName: 'WO Works' }));
  const otherCookie = await t.signIn({
    email: 'bea@other.example',
    role: 'admin',
    companyName: 'Other Works',
  });
  other = client(t, otherCookie);
  shop = await shopOf(t, adminCookie, 'A');
  otherShop = await shopOf(t, otherCookie, 'B');
  part = await shop.item('WP-1');
  top = await shop.released(await shop.item('WTOP-1'), [
    { componentItemId: part, quantity: '2', scrapPercent: '10' },
  ]);
  unreleased = (await admin.ok('POST', '/api/v1/assemblies', { itemId: await shop.item('WNEW-1') }, 201)).id;
  // Two companies, their parts and released assemblies through the API: slow on a loaded machine, never hung.
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('making a work order', () => {
  it('is planned, numbered, to the released revision, with components per unit and in total with scrap', async () => {
    const made = await operator.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: top.assemblyId, quantity: '5', dueOn: '2027-01-15', outputLocationId: shop.bin },
      201,
    );
    expect(made).toMatchObject({
      status: 'planned',
      partNumber: 'WTOP-1',
      revisionId: top.revisionId,
      revisionNumber: 1,
      quantity: '5',
      dueOn: '2027-01-15',
      outputLocation: { id: shop.bin, code: 'A-S / BIN' },
      orderLineId: null,
      steps: [{ position: 1, title: 'Fit', setupMinutes: '5', runMinutes: '2' }],
    });
    expect(made.numberText).toMatch(/^WO-\d{6}$/);
    // 2 a unit × 5 × 1.10 = 11 required; nothing reserved while planned.
    expect(made.components).toEqual([
      expect.objectContaining({
        partNumber: 'WP-1',
        perUnit: '2',
        required: '11',
        reserved: '0',
        consumed: '0',
      }),
    ]);
    const [entry] = await t.database.db.select().from(auditEntries).where(eq(auditEntries.entityId, made.id));
    expect(entry).toMatchObject({
      entityType: 'work-order',
      action: 'created',
      entityLabel: made.numberText,
    });
  });

  it('keeps its revision after the assembly releases a new one; new work orders take the new one', async () => {
    const before = await admin.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: top.assemblyId, quantity: '1' },
      201,
    );
    const draft = await admin.ok('POST', `/api/v1/assemblies/${top.assemblyId}/draft`, undefined, 201);
    await admin.ok('PUT', `/api/v1/assembly-revisions/${draft.id}`, {
      lines: [{ componentItemId: part, quantity: '3', scrapPercent: '0' }],
      steps: [],
    });
    await admin.ok('POST', `/api/v1/assembly-revisions/${draft.id}/release`);
    const kept = await admin.ok('GET', `/api/v1/work-orders/${before.id}`);
    expect(kept).toMatchObject({ revisionId: top.revisionId, revisionNumber: 1 });
    // Revision 1's 2 a unit at 10 %: 2.2, rounded up to 3 as WP-1 is counted in whole ea (decision 064).
    expect(kept.components[0]).toMatchObject({ perUnit: '2', required: '3' });
    const after = await admin.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: top.assemblyId, quantity: '1' },
      201,
    );
    expect(after).toMatchObject({ revisionId: draft.id, revisionNumber: 2, steps: [] });
    expect(after.components[0]).toMatchObject({ perUnit: '3', required: '3' });
  });

  it('refuses an assembly never released, naming the field, and makes nothing', async () => {
    const before = await count();
    const response = await admin.send('POST', '/api/v1/work-orders', {
      assemblyId: unreleased,
      quantity: '1',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fieldErrors.assemblyId).toMatch(/no released revision/);
    expect(await count()).toBe(before);
  });

  it.each([
    [{ assemblyId: 'nope', quantity: '1' }, 'assemblyId'],
    [{ quantity: '1' }, 'assemblyId'],
    [{ assemblyId: '00000000-0000-4000-8000-000000000000', quantity: '0' }, 'quantity'],
    [{ assemblyId: '00000000-0000-4000-8000-000000000000', quantity: '-2' }, 'quantity'],
    [{ assemblyId: '00000000-0000-4000-8000-000000000000', quantity: 'lots' }, 'quantity'],
    [{ assemblyId: '00000000-0000-4000-8000-000000000000', quantity: '1', dueOn: '2027-02-30' }, 'dueOn'],
    [{ assemblyId: '00000000-0000-4000-8000-000000000000', quantity: '1', orderLineId: 'x' }, 'orderLineId'],
  ])('refuses %j with 400 naming %s, and makes nothing', async (body, field) => {
    const before = await count();
    const response = await admin.send('POST', '/api/v1/work-orders', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toContain(field);
    expect(await count()).toBe(before);
  });

  it('numbers work orders made at once without repeats or gaps', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, () =>
        admin.ok('POST', '/api/v1/work-orders', { assemblyId: top.assemblyId, quantity: '1' }, 201),
      ),
    );
    const numbers = made.map((m) => m.number as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers[7]! - numbers[0]!).toBe(7);
  });
});

describe('from an order line', () => {
  it('takes the order’s due date and shows the order’s number', async () => {
    const { lineId, orderId } = await shop.order(top.assemblyId, 'open');
    const made = await admin.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: top.assemblyId, quantity: '4', orderLineId: lineId },
      201,
    );
    expect(made).toMatchObject({ orderLineId: lineId, orderId, dueOn: '2027-03-31' });
    expect(made.orderNumberText).toMatch(/^SO-\d{6}$/);
  });

  it('builds no more than the line: the parts of a split stay within it, also when made at once', async () => {
    const { lineId } = await shop.order(top.assemblyId, 'open', '10');
    const part = (quantity: string) =>
      admin.send('POST', '/api/v1/work-orders', {
        assemblyId: top.assemblyId,
        quantity,
        orderLineId: lineId,
      });
    // Two parts of 6 at once: the order's lock lets one through; the other sees it and is refused.
    const both = await Promise.all([part('6'), part('6')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = both.find((r) => r.statusCode === 409)!.json().error;
    expect(refused.fieldErrors.quantity).toBe(
      'Only 4 ea of this order line’s 10 ea is left to plan: make the work order no larger, or raise the line on its order.',
    );
    expect((await part('4')).statusCode).toBe(201);
    expect((await part('1')).statusCode).toBe(409);
    // A cancelled work order gives its part of the line back.
    const made = both.find((r) => r.statusCode === 201)!.json();
    await admin.ok('POST', `/api/v1/work-orders/${made.id}/status`, { status: 'cancelled' });
    expect((await part('6')).statusCode).toBe(201);
  });

  it.each(['draft', 'done', 'cancelled'])('refuses a line of a %s order, naming the line', async (status) => {
    const { lineId } = await shop.order(top.assemblyId, status);
    const response = await admin.send('POST', '/api/v1/work-orders', {
      assemblyId: top.assemblyId,
      quantity: '1',
      orderLineId: lineId,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fieldErrors.orderLineId).toContain(status);
  });

  it('refuses a line of another assembly, naming the assembly', async () => {
    const otherAssembly = await shop.released(await shop.item('WTOP-2'), [
      { componentItemId: part, quantity: '1' },
    ]);
    const { lineId } = await shop.order(otherAssembly.assemblyId, 'in_progress');
    const response = await admin.send('POST', '/api/v1/work-orders', {
      assemblyId: top.assemblyId,
      quantity: '1',
      orderLineId: lineId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors.assemblyId).toMatch(/another assembly/);
  });
});

describe('the list', () => {
  it('filters by status, assembly, due range and number or part, newest first', async () => {
    const all = await admin.ok('GET', '/api/v1/work-orders?pageSize=100');
    expect(all.total).toBe(all.items.length);
    expect(all.items.map((w: { number: number }) => w.number)).toEqual(
      [...all.items.map((w: { number: number }) => w.number)].sort((a, b) => b - a),
    );
    const dated = await admin.ok('GET', '/api/v1/work-orders?dueFrom=2027-01-01&dueTo=2027-01-31');
    expect(dated.items.map((w: { dueOn: string }) => w.dueOn)).toEqual(['2027-01-15']);
    const first = all.items.at(-1);
    const byNumber = await admin.ok('GET', `/api/v1/work-orders?q=${first.numberText}`);
    expect(byNumber.items.map((w: { id: string }) => w.id)).toEqual([first.id]);
    const byPart = await admin.ok('GET', '/api/v1/work-orders?q=wtop-2');
    expect(byPart.total).toBe(0);
    const byAssembly = await admin.ok(
      'GET',
      `/api/v1/work-orders?assemblyId=${top.assemblyId}&status=planned`,
    );
    expect(byAssembly.total).toBe(all.items.filter((w: { status: string }) => w.status === 'planned').length);
    expect((await admin.ok('GET', '/api/v1/work-orders?status=released')).total).toBe(0);
    const csv = await admin.send('GET', '/api/v1/work-orders/export.csv?dueFrom=2027-01-01&dueTo=2027-01-31');
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Number,Status,Part number,Name,Revision,Quantity,Unit,Due date,Order,Created at');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 9).join(','))).toEqual([
      `${dated.items[0].numberText},Planned,WTOP-1,Part WTOP-1,1,5,ea,2027-01-15,`,
    ]);
    const bad = await admin.send('GET', '/api/v1/work-orders?dueFrom=2027-02-01&dueTo=2027-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fieldErrors.dueTo).toBeTruthy();
  });
});

describe('another company', () => {
  it('gets 404 for A’s work order and cannot name A’s assembly, order line or location', async () => {
    const mine = await admin.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: top.assemblyId, quantity: '1' },
      201,
    );
    expect((await other.send('GET', `/api/v1/work-orders/${mine.id}`)).statusCode).toBe(404);
    expect((await other.ok('GET', '/api/v1/work-orders')).total).toBe(0);
    const before = await count();
    const theirs = await otherShop.released(await otherShop.item('B-TOP'), [
      { componentItemId: await otherShop.item('B-P'), quantity: '1' },
    ]);
    const { lineId } = await shop.order(top.assemblyId, 'open');
    for (const [body, field] of [
      [{ assemblyId: top.assemblyId, quantity: '1' }, 'assemblyId'],
      [{ assemblyId: theirs.assemblyId, quantity: '1', orderLineId: lineId }, 'orderLineId'],
      [{ assemblyId: theirs.assemblyId, quantity: '1', outputLocationId: shop.bin }, 'outputLocationId'],
    ] as const) {
      const response = await other.send('POST', '/api/v1/work-orders', body);
      expect(response.statusCode, response.body).toBe(404);
      expect(Object.keys(response.json().error.fieldErrors)).toEqual([field]);
    }
    expect(await count()).toBe(before);
  });
});
