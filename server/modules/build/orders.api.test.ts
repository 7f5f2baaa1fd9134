// Build orders through the API (decision 047): numbers per company without gaps, unique under concurrent creation;
// every move outside BUILD_ORDER_TRANSITIONS refused with 409 and nothing changed; the rules between an order and its
// work orders; bad input refused naming the field with nothing created; another company's order and assemblies out of
// reach; the list searched and filtered, and its CSV.
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILD_ORDER_STATUSES,
  BUILD_ORDER_TRANSITIONS,
  UNFINISHED_BUILD_ORDER_STATUSES,
} from '#common/work-order-status.ts';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../../tests/setup/test-app.ts';
import { users } from '../auth/auth.tables.ts';
import { workOrders } from './work-orders.tables.ts';

let t: TTestApp;
let admin: string;
let userA: string;
let userB: string;
let companyA: string;
const assembly: Record<string, { id: string; revision: string }> = {};

type TMethod = 'GET' | 'POST' | 'PATCH' | 'PUT';
function send(method: TMethod, url: string, payload?: object, cookie = userA) {
  return t.app.inject({
    method,
    url,
    headers: { origin: TEST_APP_URL, cookie },
    ...(payload ? { payload } : {}),
  });
}
async function ok(method: TMethod, url: string, payload?: object, status = 200, cookie = userA) {
  const response = await send(method, url, payload, cookie);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}
const create = (body: object, cookie = userA) => ok('POST', '/api/v1/build-orders', body, 201, cookie);
const move = (id: string, status: string) => send('POST', `/api/v1/build-orders/${id}/status`, { status });
const line = (key: string, quantity: string) => ({ assemblyId: assembly[key]!.id, quantity });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'ada@orders.example', role: 'admin', companyName: 'Order Works' });
  userA = await t.signIn({ email: 'otto@orders.example', role: 'user', companyName: 'Order Works' });
  userB = await t.signIn({ email: 'bea@other.example', role: 'user', companyName: 'Other Works' });
  const [row] = await t.database.db.select().from(users).where(eq(users.email, 'ada@orders.example'));
  companyA = row!.companyId!;
  const itemOf = async (partNumber: string) =>
    (await ok('POST', '/api/v1/items', { partNumber, name: `Part ${partNumber}` }, 201, admin)).id;
  const part = await itemOf('BOLT-1');
  for (const key of ['frame', 'draftOnly']) {
    const made = await ok(
      'POST',
      '/api/v1/assemblies',
      { itemId: await itemOf(key.toUpperCase()) },
      201,
      admin,
    );
    assembly[key] = { id: made.id, revision: made.draftRevisionId };
    await ok(
      'PUT',
      `/api/v1/assembly-revisions/${made.draftRevisionId}`,
      { lines: [{ componentItemId: part, quantity: '4' }] },
      200,
      admin,
    );
  }
  await ok('POST', `/api/v1/assembly-revisions/${assembly.frame!.revision}/release`, undefined, 200, admin);
});
afterAll(async () => {
  await t?.close();
});

/** A work order of the line, as the work-order service would have written it (its own route is another module's). */
async function workOrder(lineId: string, quantity: string, status: string, number: number) {
  await t.database.db.insert(workOrders).values({
    id: uuidv7(),
    companyId: companyA,
    number,
    orderLineId: lineId,
    assemblyId: assembly.frame!.id,
    revisionId: assembly.frame!.revision,
    quantity,
    status,
    createdBy: 'test',
  });
}

describe('numbers', () => {
  it('counts per company from 1, without a gap where a create was refused', async () => {
    const first = await create({ customer: 'Acme', dueOn: '2026-12-01', lines: [line('frame', '5')] });
    const refused = await send('POST', '/api/v1/build-orders', { lines: [line('draftOnly', '1')] });
    expect(refused.statusCode).toBe(400);
    const second = await create({});
    expect(second.number).toBe(first.number + 1);
    expect(second).toMatchObject({
      customer: null,
      status: 'draft',
      numberText: `SO-${String(second.number).padStart(6, '0')}`,
    });
    expect((await create({}, userB)).number).toBe(1);
  });

  it('gives twenty orders made at once twenty different numbers in a row', async () => {
    const before = (await ok('GET', '/api/v1/build-orders?pageSize=1')).items[0].number as number;
    const made = await Promise.all(
      Array.from({ length: 20 }, () => send('POST', '/api/v1/build-orders', { notes: 'rush' })),
    );
    expect(made.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = made.map((r) => r.json().number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => before + 1 + i));
  });
});

describe('moves', () => {
  /** An order in `status`, reached through the allowed moves. */
  async function orderIn(status: string): Promise<string> {
    const { id } = await create({ lines: [line('frame', '2')] });
    const path: Record<string, string[]> = {
      draft: [],
      open: ['open'],
      in_progress: ['open', 'in_progress'],
      done: ['open', 'done'],
      cancelled: ['cancelled'],
    };
    for (const step of path[status]!) await ok('POST', `/api/v1/build-orders/${id}/status`, { status: step });
    return id;
  }

  it('refuses every move the table does not allow, with 409, and changes nothing', async () => {
    for (const from of BUILD_ORDER_STATUSES) {
      const id = await orderIn(from);
      for (const to of BUILD_ORDER_STATUSES.filter((s) => !BUILD_ORDER_TRANSITIONS[from].includes(s))) {
        const refused = await move(id, to);
        expect(refused.statusCode, `${from} → ${to}`).toBe(409);
        expect(refused.json().error.message).toMatch(/cannot become|can no longer change/);
        expect((await ok('GET', `/api/v1/build-orders/${id}`)).status).toBe(from);
      }
    }
  });

  it('opens only with lines, and records each move in the audit trail', async () => {
    const empty = await create({});
    const refused = await move(empty.id, 'open');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Add at least one line before opening the order.');
    const id = await orderIn('open');
    expect((await ok('POST', `/api/v1/build-orders/${id}/status`, { status: 'draft' })).status).toBe('draft');
    const trail = await ok(
      'GET',
      `/api/v1/audit?entityType=build-order&entityId=${id}`,
      undefined,
      200,
      admin,
    );
    expect(trail.items.map((e: { action: string; after: unknown }) => [e.action, e.after])).toEqual([
      ['status-changed', { status: 'Draft' }],
      ['status-changed', { status: 'Open' }],
      ['created', expect.objectContaining({ customer: 'For stock', lines: ['FRAME × 2'] })],
    ]);
  });

  it('keeps an order with work orders out of draft, and unfinished work from done or cancelled', async () => {
    const id = await orderIn('open');
    const order = await ok('GET', `/api/v1/build-orders/${id}`);
    await workOrder(order.lines[0].id, '1', 'in_progress', 9001);
    const back = await move(id, 'draft');
    expect(back.statusCode).toBe(409);
    expect(back.json().error.message).toMatch(/WO-009001 in progress.*cannot go back to draft/);
    for (const to of ['cancelled', 'done']) {
      const refused = await move(id, to);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toContain('complete or cancel them');
    }
    const seen = await ok('GET', `/api/v1/build-orders/${id}`);
    expect(seen.lines[0]).toMatchObject({ quantity: '2', planned: '1', remaining: '1' });
    expect(seen.lines[0].workOrders).toEqual([
      expect.objectContaining({ numberText: 'WO-009001', status: 'in_progress' }),
    ]);
  });
});

describe('lines', () => {
  it('replaces lines while open, keeps a line with work orders and its quantity, and freezes them once in progress', async () => {
    const { id, lines } = await create({ lines: [line('frame', '5'), line('frame', '1')] });
    await workOrder(lines[0].id, '3', 'planned', 9002);
    const drop = await send('PATCH', `/api/v1/build-orders/${id}`, { lines: [line('frame', '1')] });
    expect(drop.statusCode).toBe(409);
    expect(drop.json().error.message).toBe(
      'Line 1 has work orders: it cannot be removed or given another assembly.',
    );
    const below = await send('PATCH', `/api/v1/build-orders/${id}`, {
      lines: [{ id: lines[0].id, ...line('frame', '2') }],
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().error.fieldErrors).toEqual({
      'lines.0.quantity': expect.stringContaining('work orders for 3'),
    });
    const kept = await ok('PATCH', `/api/v1/build-orders/${id}`, {
      customer: '  Bolt & Co ',
      lines: [line('frame', '7'), { id: lines[0].id, ...line('frame', '4') }],
    });
    expect(kept.customer).toBe('Bolt & Co');
    expect(kept.lines.map((l: { quantity: string; remaining: string }) => [l.quantity, l.remaining])).toEqual(
      [
        ['7', '7'],
        ['4', '1'],
      ],
    );
    expect(kept.lines[1].id).toBe(lines[0].id);
    await ok('POST', `/api/v1/build-orders/${id}/status`, { status: 'open' });
    await ok('POST', `/api/v1/build-orders/${id}/status`, { status: 'in_progress' });
    const frozen = await send('PATCH', `/api/v1/build-orders/${id}`, { lines: [line('frame', '1')] });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json().error.message).toBe(
      'Lines can be changed only while the order is a draft or open; it is in progress.',
    );
    expect((await ok('PATCH', `/api/v1/build-orders/${id}`, { notes: 'Ship by truck' })).notes).toBe(
      'Ship by truck',
    );
  });
});

describe('bad input', () => {
  it.each([
    [{ lines: [{ assemblyId: 'x', quantity: '1' }] }, 'lines.0.assemblyId', 400],
    [{ lines: [{ quantity: '1' }] }, 'lines.0.assemblyId', 400],
    [{ lines: [{ assemblyId: uuidv7(), quantity: 'ten' }] }, 'lines.0.quantity', 400],
    [{ lines: [{ assemblyId: uuidv7(), quantity: '0' }] }, 'lines.0.quantity', 400],
    [{ lines: [{ assemblyId: uuidv7(), quantity: '1' }] }, 'lines.0.assemblyId', 404],
    [{ dueOn: '2026-02-30' }, 'dueOn', 400],
    [{ customer: 'x'.repeat(201) }, 'customer', 400],
    [{ notes: 5 }, 'notes', 400],
  ])('refuses %j naming %s, and makes no order', async (body, field, status) => {
    const before = (await ok('GET', '/api/v1/build-orders?pageSize=1')).total;
    const refused = await send('POST', '/api/v1/build-orders', body);
    expect(refused.statusCode, refused.body).toBe(status);
    expect(Object.keys(refused.json().error.fieldErrors ?? {})).toContain(field);
    expect((await ok('GET', '/api/v1/build-orders?pageSize=1')).total).toBe(before);
  });

  it('refuses an assembly with no released revision, naming the line', async () => {
    const refused = await send('POST', '/api/v1/build-orders', {
      lines: [line('frame', '1'), line('draftOnly', '1')],
    });
    expect(refused.json().error.fieldErrors).toEqual({
      'lines.1.assemblyId':
        'DRAFTONLY has no released revision: release it under Assembly Setup before ordering it.',
    });
  });
});

describe('another company', () => {
  it('gets 404 for the order and cannot name its assemblies', async () => {
    const { id, lines } = await create({ customer: 'Secret', lines: [line('frame', '1')] });
    for (const [method, url, body] of [
      ['GET', `/api/v1/build-orders/${id}`],
      ['PATCH', `/api/v1/build-orders/${id}`, { notes: 'mine' }],
      ['POST', `/api/v1/build-orders/${id}/status`, { status: 'open' }],
      ['GET', `/api/v1/build-orders/${id}/buildability?lineId=${lines[0].id}`],
    ] as const) {
      expect((await send(method, url, body, userB)).statusCode, `${method} ${url}`).toBe(404);
    }
    const borrowed = await send('POST', '/api/v1/build-orders', { lines: [line('frame', '1')] }, userB);
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.json().error.fieldErrors).toEqual({
      'lines.0.assemblyId': 'No such assembly in your company.',
    });
    const listed = await ok('GET', '/api/v1/build-orders?q=Secret', undefined, 200, userB);
    expect(listed.total).toBe(0);
    expect((await ok('GET', `/api/v1/build-orders/${id}`)).notes).toBe('');
  });
});

describe('the list', () => {
  it('searches by number and customer, filters by status, and exports the same rows as CSV', async () => {
    const made = await create({ customer: '=Evil Corp', dueOn: '2020-01-01', lines: [line('frame', '3')] });
    const byNumber = await ok('GET', `/api/v1/build-orders?q=${made.numberText}`);
    expect(byNumber.items.map((o: { id: string }) => o.id)).toEqual([made.id]);
    expect(byNumber.items[0]).toMatchObject({ overdue: true, lineCount: 1, customer: '=Evil Corp' });
    const drafts = await ok('GET', '/api/v1/build-orders?status=cancelled&q=evil');
    expect(drafts.total).toBe(0);
    const csv = await send('GET', '/api/v1/build-orders/export.csv?q=evil&status=active');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/orders-\d{4}-\d{2}-\d{2}\.csv/);
    expect(csv.body).toContain(`${made.numberText},'=Evil Corp,2020-01-01,Draft,yes,1,`);
    expect((await send('GET', '/api/v1/build-orders?status=late')).json().error.fieldErrors).toHaveProperty(
      'status',
    );
  });

  it('lists exactly the draft, open and in-progress orders under "active", the statuses the filter names', async () => {
    const customer = `Filter ${uuidv7()}`;
    const drafted = await create({ customer, lines: [line('frame', '1')] });
    const opened = await create({ customer, lines: [line('frame', '1')] });
    const started = await create({ customer, lines: [line('frame', '1')] });
    const finished = await create({ customer, lines: [line('frame', '1')] });
    const dropped = await create({ customer, lines: [line('frame', '1')] });
    for (const o of [opened, started, finished]) expect((await move(o.id, 'open')).statusCode).toBe(200);
    expect((await move(started.id, 'in_progress')).statusCode).toBe(200);
    expect((await move(finished.id, 'done')).statusCode).toBe(200);
    expect((await move(dropped.id, 'cancelled')).statusCode).toBe(200);
    const active = await ok('GET', `/api/v1/build-orders?status=active&q=${encodeURIComponent(customer)}`);
    expect(active.items.map((o: { id: string; status: string }) => [o.id, o.status]).sort()).toEqual(
      [
        [drafted.id, 'draft'],
        [opened.id, 'open'],
        [started.id, 'in_progress'],
      ].sort(),
    );
    expect(UNFINISHED_BUILD_ORDER_STATUSES).toEqual(['draft', 'open', 'in_progress']);
  });
});
