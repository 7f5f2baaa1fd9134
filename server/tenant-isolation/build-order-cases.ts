// The cross-company cases of Build's build orders (decision 047, server/modules/build/orders.routes.ts), spread into
// ROUTE_CASES of server/tenant-isolation.api.test.ts through build-cases.ts. Every probe on A's order finds it as it
// was afterwards (read back as A); B's own orders are refused A's assembly and line ids, naming the field.
import { expect } from 'vitest';
import { BUILD_ORDER_MESSAGES } from '#common/schemas/build-orders.ts';
import type { TBuildCaseKit } from './build-case-kit.ts';
import type { TRouteCase } from './route-case.ts';

const A_CUSTOMER = 'A secret customer';
const A_NOTES = 'A secret notes';

export function buildOrderCases({
  a,
  asB,
  once,
  aShop,
  bShop,
  okAsA,
  okAsB,
  refusedToB,
}: TBuildCaseKit): Record<string, TRouteCase> {
  // ---- build orders
  const orders = '/api/v1/build-orders';
  /** A's draft order for A's customer: a line of A's top assembly and one of its sub-assembly. */
  const aOrder = once(async () => {
    const shop = await aShop();
    const made = await okAsA(
      'POST',
      orders,
      {
        customer: A_CUSTOMER,
        notes: A_NOTES,
        dueOn: '2099-06-30',
        lines: [
          { assemblyId: shop.top.assemblyId, quantity: '2' },
          { assemblyId: shop.sub.assemblyId, quantity: '3' },
        ],
      },
      201,
    );
    return {
      id: made.id as string,
      numberText: made.numberText as string,
      lineId: made.lines[0].id as string,
    };
  });
  /** B's own draft order: one line of B's top assembly. */
  const bOrder = once(async () => {
    const shop = await bShop();
    const made = await okAsB(
      'POST',
      orders,
      { customer: 'B customer', lines: [{ assemblyId: shop.top.assemblyId, quantity: '2' }] },
      201,
    );
    return { id: made.id as string, lineId: made.lines[0].id as string };
  });
  const aOrderAsA = async () => okAsA('GET', `${orders}/${(await aOrder()).id}`);
  const bOrderAsB = async () => okAsB('GET', `${orders}/${(await bOrder()).id}`);
  /** Runs `probe` and checks A's order reads back exactly as before it. */
  const keepingAOrder = async (
    probe: (order: { id: string; numberText: string; lineId: string }) => Promise<void>,
  ) => {
    const order = await aOrder();
    const before = await aOrderAsA();
    expect(before).toMatchObject({ status: 'draft', customer: A_CUSTOMER, lineCount: 2 });
    await probe(order);
    expect(await aOrderAsA()).toEqual(before);
  };

  return {
    // ---- build orders (server/modules/build/orders.*): B lists, makes, changes and checks B's own orders only
    'GET /api/v1/build-orders': {
      kind: 'tenant',
      attempt: "lists orders searching A's number and customer, naming A's company: none of A's",
      probe: () =>
        keepingAOrder(async (order) => {
          await bOrder();
          for (const url of [
            `${orders}?status=all`,
            `${orders}?status=all&q=${order.numberText}`,
            `${orders}?status=draft&q=${encodeURIComponent(A_CUSTOMER)}&companyId=${a().companyId}`,
          ]) {
            const page = await okAsB('GET', url);
            expect(
              page.items.some((o: { id: string }) => o.id === order.id),
              url,
            ).toBe(false);
          }
        }),
    },
    'GET /api/v1/build-orders/export.csv': {
      kind: 'tenant',
      attempt: "exports orders searching A's customer: no row of A's",
      probe: () =>
        keepingAOrder(async () => {
          await bOrder();
          for (const url of [
            `${orders}/export.csv`,
            `${orders}/export.csv?q=${encodeURIComponent(A_CUSTOMER)}`,
          ]) {
            const response = await asB({ method: 'GET', url });
            expect(response.statusCode, url).toBe(200);
            expect(response.body, url).not.toContain(A_CUSTOMER);
            expect(response.body, url).not.toContain('AFTOP');
          }
        }),
    },
    'POST /api/v1/build-orders': {
      kind: 'tenant',
      attempt: "makes an order of A's assembly (alone and after one of B's): 404 naming the line, none made",
      probe: () =>
        keepingAOrder(async () => {
          const [aShopOf, bShopOf] = [await aShop(), await bShop()];
          const count = async () => (await okAsB('GET', `${orders}?status=all`)).total;
          const before = await count();
          const message = BUILD_ORDER_MESSAGES.assemblyNotFound;
          const foreign = { assemblyId: aShopOf.top.assemblyId, quantity: '1' };
          await refusedToB('POST', orders, { lines: [foreign] }, { 'lines.0.assemblyId': message });
          await refusedToB(
            'POST',
            orders,
            {
              customer: 'B customer',
              lines: [{ assemblyId: bShopOf.top.assemblyId, quantity: '1' }, foreign],
            },
            { 'lines.1.assemblyId': message },
          );
          expect(await count()).toBe(before);
        }),
    },
    'GET /api/v1/build-orders/:id': {
      kind: 'tenant',
      attempt: "reads A's order by id: 404",
      probe: () => keepingAOrder(async ({ id }) => refusedToB('GET', `${orders}/${id}`)),
    },
    'PATCH /api/v1/build-orders/:id': {
      kind: 'tenant',
      attempt:
        "changes A's order; gives B's own order a line of A's assembly, or keeps A's line: 404 naming it, neither changed",
      probe: () =>
        keepingAOrder(async ({ id, lineId }) => {
          const [aShopOf, bShopOf] = [await aShop(), await bShop()];
          const own = await bOrder();
          const ownLine = { assemblyId: bShopOf.top.assemblyId, quantity: '2' };
          await refusedToB('PATCH', `${orders}/${id}`, {
            customer: 'B was here',
            notes: 'B',
            lines: [ownLine],
          });
          await refusedToB('PATCH', `${orders}/${id}`, { dueOn: null });
          const bBefore = await bOrderAsB();
          await refusedToB(
            'PATCH',
            `${orders}/${own.id}`,
            {
              lines: [
                { id: own.lineId, ...ownLine },
                { assemblyId: aShopOf.top.assemblyId, quantity: '1' },
              ],
            },
            { 'lines.1.assemblyId': BUILD_ORDER_MESSAGES.assemblyNotFound },
          );
          await refusedToB(
            'PATCH',
            `${orders}/${own.id}`,
            { lines: [{ id: lineId, ...ownLine }] },
            { 'lines.0.id': BUILD_ORDER_MESSAGES.lineNotFound },
          );
          expect(await bOrderAsB()).toEqual(bBefore);
        }),
    },
    'POST /api/v1/build-orders/:id/status': {
      kind: 'tenant',
      attempt: "opens and cancels A's draft order: 404, still a draft",
      probe: () =>
        keepingAOrder(async ({ id }) => {
          for (const status of ['open', 'cancelled']) {
            await refusedToB('POST', `${orders}/${id}/status`, { status });
          }
        }),
    },
    'GET /api/v1/build-orders/:id/buildability': {
      kind: 'tenant',
      attempt:
        "checks A's order; B's own order with A's line id or A's order id as lineId: 404 naming lineId",
      probe: () =>
        keepingAOrder(async ({ id, lineId }) => {
          const own = await bOrder();
          await refusedToB('GET', `${orders}/${id}/buildability`);
          await refusedToB('GET', `${orders}/${id}/buildability?lineId=${lineId}`);
          const lineNotFound = { lineId: BUILD_ORDER_MESSAGES.lineNotFound };
          for (const foreign of [lineId, id]) {
            await refusedToB(
              'GET',
              `${orders}/${own.id}/buildability?lineId=${foreign}`,
              undefined,
              lineNotFound,
            );
          }
          const mine = await okAsB('GET', `${orders}/${own.id}/buildability?lineId=${own.lineId}`);
          expect(mine).toMatchObject({ orderId: own.id, lineId: own.lineId });
        }),
    },
  };
}
