// Planning through every level through the API (decision 064): a control box (FG) needs wiring harnesses (SA) which
// need looms (LM), three levels. The proposal lists what stock does not cover, netted level by level; the tree is
// made in one transaction with each child linked to its parent and due with it, at its item's default location;
// releasing the parent with its child open reserves the harnesses as awaited, the child's good output moves into
// the parent's reservation (never available to anyone else) and the parent consumes it; a release short of a
// sub-assembly no child covers is refused saying to make its work order. Scrap leaves the order's line short, to
// plan again. Another company's ids are "no such …" naming the field; bad input is 400 naming the field.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/client.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { client, shopOf, type TShop } from '../../../tests/setup/work-orders-shop.ts';

let t: TTestApp;
let admin: ReturnType<typeof client>;
let other: ReturnType<typeof client>;
let shop: TShop;
let otherShop: TShop;

type TFamily = Awaited<ReturnType<typeof family>>;
const wo = (id: string, rest = '') => `/api/v1/work-orders/${id}${rest}`;
const query = (params: Record<string, string>) =>
  `/api/v1/work-orders/proposal?${new URLSearchParams(params)}`;
const workOrderCount = async () =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from work_orders`))[0]?.n ?? 0;
const stockOf = async (partNumber: string) =>
  (await admin.ok('GET', `/api/v1/stock?q=${partNumber}`)).items.find(
    (r: { partNumber: string }) => r.partNumber === partNumber,
  );

/**
 * FG-<p> (2 SA-<p> and 4 screws a unit), SA-<p> (1 LM-<p> and 1 screw), LM-<p> (2 m of wire), each released, each
 * assembly item put away by default at the shop's bin; screws and wire in stock.
 */
async function family(c: ReturnType<typeof client>, s: TShop, p: string) {
  const item = async (partNumber: string, unitOfMeasure = 'ea', unitCost = '1') =>
    (
      await c.ok(
        'POST',
        '/api/v1/items',
        {
          partNumber,
          name: `Part ${partNumber}`,
          unitOfMeasure,
          unitCost,
          lotTracked: false,
          defaultLocationId: s.bin,
        },
        201,
      )
    ).id as string;
  const screw = await item(`SCREW-${p}`, 'ea', '0.1');
  const wire = await item(`WIRE-${p}`, 'm', '0.5');
  const items = {
    fg: await item(`FG-${p}`),
    sa: await item(`SA-${p}`, 'ea', '3'),
    lm: await item(`LM-${p}`),
  };
  await s.receive(screw, '1000');
  await s.receive(wire, '1000');
  const lm = await s.released(items.lm, [{ componentItemId: wire, quantity: '2' }]);
  const sa = await s.released(items.sa, [
    { componentItemId: items.lm, quantity: '1' },
    { componentItemId: screw, quantity: '1' },
  ]);
  const fg = await s.released(items.fg, [
    { componentItemId: items.sa, quantity: '2' },
    { componentItemId: screw, quantity: '4' },
  ]);
  return { items, screw, fg, sa, lm, p };
}

beforeAll(async () => {
  t = await createTestApp();
  const cookie = await t.signIn({ email: 'ada@tree.example', role: 'admin', companyName: 'Tree Works' });
  admin = client(t, cookie);
  shop = await shopOf(t, cookie, 'T');
  const otherCookie = await t.signIn({
    email: 'bo@elsewhere.example',
    role: 'admin',
    companyName: 'Elsewhere',
  });
  other = client(t, otherCookie);
  otherShop = await shopOf(t, otherCookie, 'O');
  // Two companies, their parts and released assemblies through the API: slow on a loaded machine, never hung.
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the proposal', () => {
  let f: TFamily;
  beforeAll(async () => {
    f = await family(admin, shop, 'P');
  }, 60_000);

  it('proposes a work order for each sub-assembly stock does not cover, through every level', async () => {
    const proposal = await admin.ok('GET', query({ assemblyId: f.fg.assemblyId, quantity: '3' }));
    expect(
      proposal.nodes.map((n: Record<string, unknown>) => [
        n.partNumber,
        n.depth,
        n.needed,
        n.fromStock,
        n.quantity,
      ]),
    ).toEqual([
      ['FG-P', 0, '3', '0', '3'],
      ['SA-P', 1, '6', '0', '6'],
      ['LM-P', 2, '6', '0', '6'],
    ]);
    const [top, sa, lm] = proposal.nodes;
    expect(sa.parentKey).toBe(top.key);
    expect(lm.parentKey).toBe(sa.key);
  });

  it('nets a sub-assembly partly in stock, and builds only the rest below it', async () => {
    await shop.receive(f.items.sa, '2');
    await shop.receive(f.items.lm, '1');
    const proposal = await admin.ok('GET', query({ assemblyId: f.fg.assemblyId, quantity: '3' }));
    expect(
      proposal.nodes.map((n: Record<string, unknown>) => [n.partNumber, n.needed, n.fromStock, n.quantity]),
    ).toEqual([
      ['FG-P', '3', '0', '3'],
      ['SA-P', '6', '2', '4'],
      ['LM-P', '4', '1', '3'],
    ]);
    // Fully covered: listed as taken from stock, nothing to build under it.
    const covered = await admin.ok('GET', query({ assemblyId: f.fg.assemblyId, quantity: '1' }));
    expect(
      covered.nodes.map((n: Record<string, unknown>) => [n.partNumber, n.fromStock, n.quantity]),
    ).toEqual([
      ['FG-P', '0', '1'],
      ['SA-P', '2', '0'],
    ]);
  });

  it('does not count on stock a planned work order already counts on', async () => {
    // A planned control box reserves nothing yet, but it will take the 2 harnesses on the shelf.
    const planned = await admin.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: f.fg.assemblyId, quantity: '1' },
      201,
    );
    const proposal = await admin.ok('GET', query({ assemblyId: f.fg.assemblyId, quantity: '3' }));
    expect(
      proposal.nodes.map((n: Record<string, unknown>) => [n.partNumber, n.needed, n.fromStock, n.quantity]),
    ).toEqual([
      ['FG-P', '3', '0', '3'],
      ['SA-P', '6', '0', '6'],
      ['LM-P', '6', '1', '5'],
    ]);
    await admin.ok('POST', wo(planned.id, '/status'), { status: 'cancelled' });
  });
});

describe('making the tree', () => {
  let f: TFamily;
  beforeAll(async () => {
    f = await family(admin, shop, 'M');
  }, 60_000);

  it('makes every work order of an order line’s tree in one go, linked, due with the order, at the default location', async () => {
    const { orderId, lineId } = await shop.order(f.fg.assemblyId, 'open', '3');
    const made = await admin.ok(
      'POST',
      '/api/v1/work-orders/tree',
      { assemblyId: f.fg.assemblyId, quantity: '3', orderLineId: lineId },
      201,
    );
    const [top, sa, lm] = made.workOrders;
    expect(made.workOrders.map((w: Record<string, unknown>) => [w.partNumber, w.quantity, w.dueOn])).toEqual([
      ['FG-M', '3', '2027-03-31'],
      ['SA-M', '6', '2027-03-31'],
      ['LM-M', '6', '2027-03-31'],
    ]);
    expect([top.parentId, sa.parentId, lm.parentId]).toEqual([null, top.id, sa.id]);
    expect(lm.parentNumberText).toBe(sa.numberText);
    // Only the top is the line's: the sub-assemblies are not what the order counts.
    expect([top.orderLineId, sa.orderLineId, lm.orderLineId]).toEqual([lineId, null, null]);
    for (const w of made.workOrders)
      expect((await admin.ok('GET', wo(w.id))).outputLocation).toMatchObject({ id: shop.bin });

    const order = await admin.ok('GET', `/api/v1/build-orders/${orderId}`);
    expect(order.lines[0]).toMatchObject({ planned: '3', remaining: '0', shortfall: '0' });
    expect(
      order.lines[0].workOrders.map((w: Record<string, unknown>) => [
        w.partNumber,
        w.depth,
        w.parentNumberText,
      ]),
    ).toEqual([
      ['FG-M', 0, null],
      ['SA-M', 1, top.numberText],
      ['LM-M', 2, sa.numberText],
    ]);
    const children = await admin.ok('GET', `/api/v1/work-orders?parentId=${top.id}`);
    expect(children.items.map((w: { id: string }) => w.id)).toEqual([sa.id]);
  });

  it('leaves out a sub-assembly the planner unticked, with everything under it', async () => {
    const proposal = await admin.ok('GET', query({ assemblyId: f.fg.assemblyId, quantity: '1' }));
    const made = await admin.ok(
      'POST',
      '/api/v1/work-orders/tree',
      { assemblyId: f.fg.assemblyId, quantity: '1', leaveOut: [proposal.nodes[1].key] },
      201,
    );
    expect(made.workOrders.map((w: { partNumber: string }) => w.partNumber)).toEqual(['FG-M']);
  });

  it('makes a sub-assembly’s work order for a parent, due no later than it', async () => {
    const parent = await admin.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: f.fg.assemblyId, quantity: '1', dueOn: '2027-05-01' },
      201,
    );
    expect(parent.outputLocation).toMatchObject({ id: shop.bin });
    const body = { assemblyId: f.sa.assemblyId, quantity: '2', parentWorkOrderId: parent.id };
    const late = await admin.send('POST', '/api/v1/work-orders/tree', { ...body, dueOn: '2027-06-01' });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fieldErrors.dueOn).toBe(
      `Due no later than ${parent.numberText}, which needs it by 2027-05-01.`,
    );
    const made = await admin.ok('POST', '/api/v1/work-orders/tree', body, 201);
    expect(made.workOrders.map((w: Record<string, unknown>) => [w.partNumber, w.parentId, w.dueOn])).toEqual([
      ['SA-M', parent.id, '2027-05-01'],
      ['LM-M', made.workOrders[0].id, '2027-05-01'],
    ]);
    // The loom is not what the control box uses directly.
    const wrong = await admin.send('POST', '/api/v1/work-orders/tree', {
      assemblyId: f.lm.assemblyId,
      quantity: '1',
      parentWorkOrderId: parent.id,
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().error.fieldErrors)).toEqual(['assemblyId']);
  });
});

describe('releasing a parent with its child open', () => {
  let f: TFamily;
  beforeAll(async () => {
    f = await family(admin, shop, 'R');
  }, 60_000);

  it('refuses a release short of a sub-assembly no child covers, saying to make its work order', async () => {
    const lone = await admin.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: f.fg.assemblyId, quantity: '4' },
      201,
    );
    const refused = await admin.send('POST', wo(lone.id, '/status'), { status: 'released' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(
      'SA-R needs 8 ea, 0 available (8 short: create the sub-assembly’s work order for SA-R under this one',
    );
    expect((await admin.ok('GET', wo(lone.id))).status).toBe('planned');
    await admin.ok('POST', wo(lone.id, '/status'), { status: 'cancelled' });
  });

  it('reserves what the child will bring as awaited; the child’s output moves into it and the parent consumes it', async () => {
    const tree = await admin.ok(
      'POST',
      '/api/v1/work-orders/tree',
      { assemblyId: f.fg.assemblyId, quantity: '1' },
      201,
    );
    const [top, sa, lm] = tree.workOrders;
    expect([sa.quantity, lm.quantity]).toEqual(['2', '2']);

    const released = await admin.ok('POST', wo(top.id, '/status'), { status: 'released' });
    const harness = released.components.find((c: { partNumber: string }) => c.partNumber === 'SA-R');
    // Nothing of it is on the shelf yet: nothing of it is held from stock.
    expect(harness).toMatchObject({ required: '2', reserved: '0' });
    expect(await stockOf('SA-R')).toMatchObject({ onHand: '0', reserved: '0', available: '0' });
    // Planned material cost at release: 2 harnesses at 3.00 and 4 screws at 0.10.
    const [row] = await queryRows<{ planned: string }>(
      t.database.db,
      sql`select planned_material_cost::text as planned from work_orders where id = ${top.id}`,
    );
    expect(row?.planned).toBe('6.4000');

    // The loom's child is still open: the harness's own release awaits it as well.
    await admin.ok('POST', wo(sa.id, '/status'), { status: 'released' });
    await admin.ok('POST', wo(sa.id, '/status'), { status: 'in_progress' });
    const out = await admin.send('POST', wo(sa.id, '/outputs'), {
      idempotencyKey: randomUUID(),
      goodQuantity: '2',
    });
    expect(out.statusCode, out.body).toBe(201);
    // Put away and held for the control box at once: on hand, reserved, never available to another job.
    expect(await stockOf('SA-R')).toMatchObject({ onHand: '2', reserved: '2', available: '0' });
    const parent = await admin.ok('GET', wo(top.id));
    expect(parent.components.find((c: { partNumber: string }) => c.partNumber === 'SA-R')).toMatchObject({
      reserved: '2',
    });

    const step = parent.steps[0].id;
    await admin.ok('POST', wo(top.id, `/steps/${step}/start`));
    const used = await admin.send('POST', wo(top.id, '/consumptions'), {
      idempotencyKey: randomUUID(),
      code: 'SA-R',
      quantity: '2',
      locationId: shop.bin,
    });
    expect(used.statusCode, used.body).toBe(201);
    expect(await stockOf('SA-R')).toMatchObject({ onHand: '0', reserved: '0', available: '0' });
  });
});

describe('scrap and the order', () => {
  it('leaves a line short by what was scrapped, to plan again, and keeps the order open', async () => {
    const f = await family(admin, shop, 'S');
    await shop.receive(f.items.sa, '20');
    const { orderId, lineId } = await shop.order(f.fg.assemblyId, 'open', '3');
    const [top] = (
      await admin.ok(
        'POST',
        '/api/v1/work-orders/tree',
        { assemblyId: f.fg.assemblyId, quantity: '3', orderLineId: lineId },
        201,
      )
    ).workOrders;
    await admin.ok('POST', wo(top.id, '/status'), { status: 'released' });
    const detail = await admin.ok('GET', wo(top.id));
    await admin.ok('POST', wo(top.id, `/steps/${detail.steps[0].id}/start`));
    await admin.ok('POST', wo(top.id, '/outputs'), { idempotencyKey: randomUUID(), goodQuantity: '2' }, 201);
    await admin.ok(
      'POST',
      wo(top.id, '/outputs'),
      { idempotencyKey: randomUUID(), scrapQuantity: '1', scrapReason: 'Cracked case' },
      201,
    );
    await admin.ok('POST', wo(top.id, `/steps/${detail.steps[0].id}/finish`), {
      goodQuantity: '2',
      scrapQuantity: '1',
      scrapReason: 'Cracked case',
    });
    // Whatever the finish did not take is taken at completion, as planned.
    const open = await admin.send('POST', wo(top.id, '/complete'), {});
    const lines: Array<{ itemId: string }> =
      open.statusCode === 409 ? (open.json().error.details?.lines ?? []) : [];
    if (open.statusCode !== 200) {
      const resolutions = lines.map((l) => ({ itemId: l.itemId, action: 'consume' }));
      const complete = await admin.send('POST', wo(top.id, '/complete'), { resolutions });
      expect(complete.statusCode, complete.body).toBe(200);
    }

    const order = await admin.ok('GET', `/api/v1/build-orders/${orderId}`);
    expect(order.status).toBe('in_progress');
    expect(order.lines[0]).toMatchObject({ planned: '2', remaining: '1', shortfall: '1', scrapped: '1' });
    // The rest can be planned: one more, not two.
    const over = await admin.send('POST', '/api/v1/work-orders/tree', {
      assemblyId: f.fg.assemblyId,
      quantity: '2',
      orderLineId: lineId,
    });
    expect(over.statusCode).toBe(409);
    const rest = await admin.ok(
      'POST',
      '/api/v1/work-orders/tree',
      { assemblyId: f.fg.assemblyId, quantity: '1', orderLineId: lineId },
      201,
    );
    expect(rest.workOrders[0].quantity).toBe('1');
    const after = await admin.ok('GET', `/api/v1/build-orders/${orderId}`);
    expect(after.lines[0]).toMatchObject({ planned: '3', remaining: '0', shortfall: '0' });
  });
});

describe('refusals', () => {
  let f: TFamily;
  let foreign: { assemblyId: string; lineId: string; location: string; workOrderId: string };
  beforeAll(async () => {
    f = await family(admin, shop, 'X');
    const g = await family(other, otherShop, 'Y');
    const { lineId } = await otherShop.order(g.fg.assemblyId, 'open', '2');
    const theirs = await other.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: g.fg.assemblyId, quantity: '1' },
      201,
    );
    foreign = { assemblyId: g.sa.assemblyId, lineId, location: otherShop.bin, workOrderId: theirs.id };
  }, 60_000);

  it('answers another company’s assembly, order line, location or parent as not found, naming the field', async () => {
    const before = await workOrderCount();
    const mine = { assemblyId: f.sa.assemblyId, quantity: '1' };
    const cases: Array<[object, string]> = [
      [{ ...mine, assemblyId: foreign.assemblyId }, 'assemblyId'],
      [{ ...mine, orderLineId: foreign.lineId }, 'orderLineId'],
      [{ ...mine, outputLocationId: foreign.location }, 'outputLocationId'],
      [{ ...mine, parentWorkOrderId: foreign.workOrderId }, 'parentWorkOrderId'],
    ];
    for (const [body, field] of cases) {
      for (const response of [
        await admin.send('GET', query(body as Record<string, string>)),
        await admin.send('POST', '/api/v1/work-orders/tree', body),
      ]) {
        expect(response.statusCode, field).toBe(404);
        expect(Object.keys(response.json().error.fieldErrors)).toEqual([field]);
      }
    }
    expect(await workOrderCount()).toBe(before);
  });

  it('refuses bad input naming the field, and makes nothing', async () => {
    const before = await workOrderCount();
    const { lineId } = await shop.order(f.fg.assemblyId, 'open', '2');
    const parent = await admin.ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: f.fg.assemblyId, quantity: '1' },
      201,
    );
    const top = (await admin.ok('GET', query({ assemblyId: f.fg.assemblyId, quantity: '1' }))).nodes[0].key;
    const cases: Array<[object, string]> = [
      [{ assemblyId: 'nope', quantity: '1' }, 'assemblyId'],
      [{ assemblyId: f.fg.assemblyId, quantity: '0' }, 'quantity'],
      [{ assemblyId: f.fg.assemblyId, quantity: '1.5' }, 'quantity'],
      [{ assemblyId: f.fg.assemblyId, quantity: '1', leaveOut: [top] }, 'leaveOut.0'],
      [
        { assemblyId: f.fg.assemblyId, quantity: '1', orderLineId: lineId, parentWorkOrderId: parent.id },
        'parentWorkOrderId',
      ],
      [{ assemblyId: f.fg.assemblyId, quantity: '1', dueOn: 'soon' }, 'dueOn'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.send('POST', '/api/v1/work-orders/tree', body);
      expect(response.statusCode, field).toBe(400);
      expect(Object.keys(response.json().error.fieldErrors), field).toEqual([field]);
    }
    expect(await workOrderCount()).toBe(before + 1);
    const badQuery = await admin.send('GET', query({ assemblyId: f.fg.assemblyId, quantity: 'many' }));
    expect(badQuery.statusCode).toBe(400);
    expect(Object.keys(badQuery.json().error.fieldErrors)).toEqual(['quantity']);
  });
});
