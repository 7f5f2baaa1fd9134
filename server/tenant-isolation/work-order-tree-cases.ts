// The cross-company cases of planning a work order tree (decision 064, server/modules/build/work-orders.routes.ts:
// the proposal and the tree), spread into ROUTE_CASES of server/tenant-isolation.api.test.ts through build-cases.ts.
// B proposes and makes trees of B's own assemblies only: A's assembly, order line, output location and parent work
// order are "no such …" naming the field, A's work orders are as they were, and B makes nothing; B's own request with
// B's ids succeeds, so the 404 is the company's.
import { expect } from 'vitest';
import { WORK_ORDER_MESSAGES as M } from '#common/schemas/work-orders.ts';
import type { TBuildCaseKit } from './build-case-kit.ts';
import type { TRouteCase } from './route-case.ts';

export function workOrderTreeCases({
  aShop,
  bShop,
  okAsA,
  okAsB,
  refusedToB,
  once,
}: TBuildCaseKit): Record<string, TRouteCase> {
  const orders = '/api/v1/build-orders';
  /** A's open order of its top assembly and a planned work order of it: the ids B tries. */
  const aIds = once(async () => {
    const shop = await aShop();
    const order = await okAsA(
      'POST',
      orders,
      { customer: 'A tree customer', lines: [{ assemblyId: shop.top.assemblyId, quantity: '2' }] },
      201,
    );
    await okAsA('POST', `${orders}/${order.id}/status`, { status: 'open' });
    const parent = await okAsA(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: shop.top.assemblyId, quantity: '1' },
      201,
    );
    return {
      topId: shop.top.assemblyId as string,
      subId: shop.sub.assemblyId as string,
      lineId: order.lines[0].id as string,
      location: shop.out,
      parentId: parent.id as string,
    };
  });
  /** What B asks with A's ids, one field at a time, each with the field it must name. */
  const attempts = async () => {
    const a = await aIds();
    const b = await bShop();
    const mine = { assemblyId: b.sub.assemblyId, quantity: '1' };
    return [
      [{ assemblyId: a.subId, quantity: '1' }, 'assemblyId', M.assemblyNotFound],
      [
        { assemblyId: b.top.assemblyId, quantity: '1', orderLineId: a.lineId },
        'orderLineId',
        M.orderLineNotFound,
      ],
      [{ ...mine, outputLocationId: a.location }, 'outputLocationId', M.locationNotFound],
      [{ ...mine, parentWorkOrderId: a.parentId }, 'parentWorkOrderId', M.parentNotFound],
    ] as const;
  };
  const aWorkOrders = async () => okAsA('GET', '/api/v1/work-orders?pageSize=100');
  const bWorkOrderCount = async () => (await okAsB('GET', '/api/v1/work-orders')).total as number;

  return {
    'GET /api/v1/work-orders/proposal': {
      kind: 'tenant',
      attempt:
        "proposes a tree of A's assembly, line, location or under A's work order: 404 naming the field",
      async probe() {
        const tries = await attempts();
        const before = await aWorkOrders();
        for (const [body, field, message] of tries) {
          const url = `/api/v1/work-orders/proposal?${new URLSearchParams(body as Record<string, string>)}`;
          await refusedToB('GET', url, undefined, { [field]: message });
        }
        expect(await aWorkOrders()).toEqual(before);
        const b = await bShop();
        const own = await okAsB(
          'GET',
          `/api/v1/work-orders/proposal?assemblyId=${b.top.assemblyId}&quantity=1`,
        );
        expect(own.nodes[0].assemblyId).toBe(b.top.assemblyId);
      },
    },
    'POST /api/v1/work-orders/tree': {
      kind: 'tenant',
      attempt:
        "makes a tree of A's assembly, line, location or under A's work order: 404 naming the field, none made",
      async probe() {
        const tries = await attempts();
        const before = await aWorkOrders();
        const made = await bWorkOrderCount();
        for (const [body, field, message] of tries)
          await refusedToB('POST', '/api/v1/work-orders/tree', body, { [field]: message });
        expect(await bWorkOrderCount()).toBe(made);
        expect(await aWorkOrders()).toEqual(before);
        const b = await bShop();
        await okAsB('POST', '/api/v1/work-orders/tree', { assemblyId: b.sub.assemblyId, quantity: '1' }, 201);
      },
    },
  };
}
