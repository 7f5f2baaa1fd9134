// The cross-company cases of Build's build orders (decision 047, server/modules/build/orders.routes.ts) and shop-floor
// run (decision 049, server/modules/build/shop-floor.routes.ts), spread into ROUTE_CASES of
// server/tenant-isolation.api.test.ts. Company A and company B each have the shop-floor fixture's floor
// (tests/setup/shop-floor.ts). Every probe on A's work order finds it in a state where A's own request would succeed
// (released, a step running, a step paused, ready to complete), is refused to B with 404, finds A's run exactly as it
// was (read back as A), and then A does the same and succeeds: B's 404 is the company's, not the state's. B's own
// orders and work orders are refused A's assembly, line, step, lot and location ids, naming the field.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { BUILD_ORDER_MESSAGES } from '#common/schemas/build-orders.ts';
import { SHOP_FLOOR_MESSAGES } from '#common/schemas/shop-floor.ts';
import { floorShopOf, ledgerCount, type TFloorShop } from '../../tests/setup/shop-floor.ts';
import type { TCaseHelpers, TRequest, TRouteCase } from './route-case.ts';

const A_CUSTOMER = 'A secret customer';
const A_NOTES = 'A secret notes';

export function buildCases({ app, a, b, send, asB }: TCaseHelpers): Record<string, TRouteCase> {
  const once = <T>(make: () => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => {
      made ??= make();
      return made;
    };
  };
  const aShop = once(() => floorShopOf(app(), a().cookie, 'AF'));
  const bShop = once(() => floorShopOf(app(), b().cookie, 'BF'));

  const asA = (method: TRequest['method'], url: string, payload?: object) =>
    send({ method, url, ...(payload ? { payload } : {}), cookie: a().cookie });
  const expectStatus = (response: LightMyRequestResponse, status: number, what: string) => {
    expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
    return response.json();
  };
  const okAsA = async (method: TRequest['method'], url: string, payload?: object, status = 200) =>
    expectStatus(await asA(method, url, payload), status, `A: ${method} ${url}`);
  const okAsB = async (method: TRequest['method'], url: string, payload?: object, status = 200) =>
    expectStatus(await asB({ method, url, ...(payload ? { payload } : {}) }), status, `B: ${method} ${url}`);
  /** B sends it and is refused with 404 (and, when given, the field errors naming what was not found). */
  const refusedToB = async (
    method: TRequest['method'],
    url: string,
    payload?: object,
    fieldErrors?: Record<string, string>,
  ) => {
    const body = expectStatus(
      await asB({ method, url, ...(payload ? { payload } : {}) }),
      404,
      `B: ${method} ${url}`,
    );
    if (fieldErrors) expect(body.error.fieldErrors, `${method} ${url}`).toEqual(fieldErrors);
  };

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

  // ---- shop floor
  const wo = (id: string, rest = '') => `/api/v1/work-orders/${id}${rest}`;
  const floorAsA = (id: string) => okAsA('GET', wo(id, '/floor'));
  const floorAsB = (id: string) => okAsB('GET', wo(id, '/floor'));
  /** A new released work order of one of the company's sub-assembly (one step, two lot-tracked wires). */
  const released = async (shop: TFloorShop) => shop.released(shop.sub.assemblyId, '1');
  /** …with its step started by the company's admin: in progress, the step running. */
  const running = async (shop: TFloorShop, asCompany: typeof okAsA) => {
    const id = await released(shop);
    await asCompany('POST', wo(id, `/steps/${shop.sub.steps[0]}/start`));
    return id;
  };
  const aRunning = async () => running(await aShop(), okAsA);
  const bRunning = async () => running(await bShop(), okAsB);
  /** The label of the company's lot of wire, as a scanner reads it. */
  const wireLabel = async (shop: TFloorShop, prefix: string) =>
    shop.lotLabel(await shop.lotId(shop.items.wire, `${prefix}W-1`));
  /**
   * Runs `probe` against A's work order `id` and checks A's run (steps, components, consumptions, outputs) and A's
   * ledger are as they were; then A's own `control` request succeeds, so the state allowed it.
   */
  const keepingAFloor = async (
    id: string,
    probe: () => Promise<void>,
    control: { method: TRequest['method']; rest: string; payload?: object; status?: number },
  ) => {
    const before = await floorAsA(id);
    const ledger = await ledgerCount(app(), a().companyId);
    await probe();
    expect(await floorAsA(id)).toEqual(before);
    expect(await ledgerCount(app(), a().companyId)).toEqual(ledger);
    await okAsA(control.method, wo(id, control.rest), control.payload, control.status ?? 200);
  };
  const stepNotFound = SHOP_FLOOR_MESSAGES.stepNotFound;
  /** B's own work order (in the state given) is refused A's step id in the path, and is left as it was. */
  const bRefusedAStep = async (bId: string, action: string, payload?: object) => {
    const before = await floorAsB(bId);
    const [aStep] = (await aShop()).sub.steps;
    const response = await asB({ method: 'POST', url: wo(bId, `/steps/${aStep}/${action}`), payload });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error.message).toBe(stepNotFound);
    expect(await floorAsB(bId)).toEqual(before);
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

    // ---- the shop-floor run (server/modules/build/shop-floor*): B runs B's own work orders only
    'GET /api/v1/work-orders/:id/floor': {
      kind: 'tenant',
      attempt: "reads the run of A's work order in progress: 404",
      async probe() {
        const id = await aRunning();
        await keepingAFloor(id, () => refusedToB('GET', wo(id, '/floor')), { method: 'GET', rest: '/floor' });
      },
    },
    'POST /api/v1/work-orders/:id/steps/:stepId/start': {
      kind: 'tenant',
      attempt:
        "starts the step of A's released work order (with A's and B's step id); B's own with A's step: 404, none started",
      async probe() {
        const [aShopOf, bShopOf] = [await aShop(), await bShop()];
        const id = await released(aShopOf);
        const [aStep] = aShopOf.sub.steps;
        const [bStep] = bShopOf.sub.steps;
        await keepingAFloor(
          id,
          async () => {
            for (const step of [aStep, bStep]) await refusedToB('POST', wo(id, `/steps/${step}/start`));
          },
          { method: 'POST', rest: `/steps/${aStep}/start` },
        );
        const own = await released(bShopOf);
        await bRefusedAStep(own, 'start');
        expect((await okAsB('POST', wo(own, `/steps/${bStep}/start`))).status).toBe('in_progress');
      },
    },
    'POST /api/v1/work-orders/:id/steps/:stepId/pause': {
      kind: 'tenant',
      attempt: "pauses the running step of A's work order; B's own with A's step: 404, still running",
      async probe() {
        const id = await aRunning();
        const [aStep] = (await aShop()).sub.steps;
        await keepingAFloor(id, () => refusedToB('POST', wo(id, `/steps/${aStep}/pause`)), {
          method: 'POST',
          rest: `/steps/${aStep}/pause`,
        });
        await bRefusedAStep(await bRunning(), 'pause');
      },
    },
    'POST /api/v1/work-orders/:id/steps/:stepId/resume': {
      kind: 'tenant',
      attempt: "resumes the paused step of A's work order; B's own with A's step: 404, still paused",
      async probe() {
        const id = await aRunning();
        const [aStep] = (await aShop()).sub.steps;
        await okAsA('POST', wo(id, `/steps/${aStep}/pause`));
        await keepingAFloor(id, () => refusedToB('POST', wo(id, `/steps/${aStep}/resume`)), {
          method: 'POST',
          rest: `/steps/${aStep}/resume`,
        });
        await bRefusedAStep(await bRunning(), 'resume');
      },
    },
    'POST /api/v1/work-orders/:id/steps/:stepId/finish': {
      kind: 'tenant',
      attempt:
        "finishes the running step of A's work order with scrap; B's own with A's step: 404, not finished",
      async probe() {
        const id = await aRunning();
        const [aStep] = (await aShop()).sub.steps;
        const payload = { goodQuantity: '0', scrapQuantity: '1', scrapReason: 'B says so' };
        await keepingAFloor(id, () => refusedToB('POST', wo(id, `/steps/${aStep}/finish`), payload), {
          method: 'POST',
          rest: `/steps/${aStep}/finish`,
          payload: { goodQuantity: '1' },
        });
        await bRefusedAStep(await bRunning(), 'finish', payload);
      },
    },
    'POST /api/v1/work-orders/:id/consumptions': {
      kind: 'tenant',
      attempt:
        "consumes at A's work order; B's own with A's lot label, lot or part number, A's bin or A's step: refused naming it, nothing posted",
      async probe() {
        const [aShopOf, bShopOf] = [await aShop(), await bShop()];
        const [aLabel, bLabel] = [await wireLabel(aShopOf, 'AF'), await wireLabel(bShopOf, 'BF')];
        const url = (id: string) => wo(id, '/consumptions');
        const body = (code: string, locationId: string, rest: object = {}) => ({
          idempotencyKey: randomUUID(),
          code,
          quantity: '2',
          locationId,
          ...rest,
        });
        const id = await aRunning();
        await keepingAFloor(
          id,
          async () => {
            await refusedToB('POST', url(id), body(aLabel, aShopOf.bin));
            await refusedToB('POST', url(id), body(bLabel, bShopOf.bin));
          },
          { method: 'POST', rest: '/consumptions', payload: body(aLabel, aShopOf.bin), status: 201 },
        );

        const own = await bRunning();
        const before = await floorAsB(own);
        const aLedger = await ledgerCount(app(), a().companyId);
        for (const code of [aLabel, 'AFW-1', 'AFWIRE']) {
          const response = await asB({ method: 'POST', url: url(own), payload: body(code, bShopOf.bin) });
          expect(response.statusCode, `${code}: ${response.body}`).toBe(400);
          expect(response.json().error.fieldErrors, code).toEqual({
            code: SHOP_FLOOR_MESSAGES.notRecognised(code),
          });
        }
        await refusedToB('POST', url(own), body(bLabel, aShopOf.bin), {
          locationId: SHOP_FLOOR_MESSAGES.locationNotFound,
        });
        await refusedToB('POST', url(own), body(bLabel, bShopOf.bin, { stepId: aShopOf.sub.steps[0] }), {
          stepId: stepNotFound,
        });
        expect(await floorAsB(own)).toEqual(before);
        expect(await ledgerCount(app(), a().companyId)).toEqual(aLedger);
        // The same consumption from B's own bin is taken: the refusals above were A's ids, not the state.
        await okAsB('POST', url(own), body(bLabel, bShopOf.bin), 201);
      },
    },
    'POST /api/v1/work-orders/:id/outputs': {
      kind: 'tenant',
      attempt: "records output at A's work order; B's own into A's bin: 404 naming it, nothing posted",
      async probe() {
        const [aShopOf, bShopOf] = [await aShop(), await bShop()];
        const body = (locationId: string) => ({
          idempotencyKey: randomUUID(),
          goodQuantity: '1',
          locationId,
        });
        const id = await aRunning();
        await keepingAFloor(
          id,
          async () => {
            await refusedToB('POST', wo(id, '/outputs'), body(aShopOf.out));
            await refusedToB('POST', wo(id, '/outputs'), body(bShopOf.out));
          },
          { method: 'POST', rest: '/outputs', payload: body(aShopOf.out), status: 201 },
        );

        const own = await bRunning();
        const before = await floorAsB(own);
        const aLedger = await ledgerCount(app(), a().companyId);
        await refusedToB('POST', wo(own, '/outputs'), body(aShopOf.out), {
          locationId: SHOP_FLOOR_MESSAGES.locationNotFound,
        });
        expect(await floorAsB(own)).toEqual(before);
        expect(await ledgerCount(app(), a().companyId)).toEqual(aLedger);
        await okAsB('POST', wo(own, '/outputs'), body(bShopOf.out), 201);
      },
    },
    'POST /api/v1/work-orders/:id/complete': {
      kind: 'tenant',
      attempt: "completes A's work order, its step finished and output recorded: 404, still in progress",
      async probe() {
        const shop = await aShop();
        const id = await aRunning();
        await okAsA('POST', wo(id, `/steps/${shop.sub.steps[0]}/finish`), { goodQuantity: '1' });
        await okAsA('POST', wo(id, '/outputs'), { idempotencyKey: randomUUID(), goodQuantity: '1' }, 201);
        expect((await floorAsA(id)).status).toBe('in_progress');
        await keepingAFloor(id, () => refusedToB('POST', wo(id, '/complete')), {
          method: 'POST',
          rest: '/complete',
        });
        expect((await floorAsA(id)).status).toBe('completed');
      },
    },
  };
}
