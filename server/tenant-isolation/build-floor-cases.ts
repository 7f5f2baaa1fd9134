// The cross-company cases of Build's shop-floor run (decision 049, server/modules/build/shop-floor.routes.ts) and
// production report (decision 052, production-report.routes.ts), spread into ROUTE_CASES of
// server/tenant-isolation.api.test.ts through build-cases.ts. Every probe on A's work order finds it in a state where
// A's own request would succeed (released, a step running, a step paused, ready to complete), is refused to B with
// 404, finds A's run exactly as it was (read back as A), and then A does the same and succeeds: B's 404 is the
// company's, not the state's. B's own work orders are refused A's step, lot and location ids, naming the field; B's
// report never counts A's completed work orders and is refused A's assembly.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { PRODUCTION_REPORT_MESSAGES } from '#common/schemas/production-report.ts';
import { SHOP_FLOOR_MESSAGES } from '#common/schemas/shop-floor.ts';
import { addDays } from '#common/time/calendar.ts';
import { ledgerCount, type TFloorShop } from '../../tests/setup/shop-floor.ts';
import type { TBuildCaseKit } from './build-case-kit.ts';
import type { TRequest, TRouteCase } from './route-case.ts';

export function buildFloorCases({
  app,
  a,
  asB,
  aShop,
  bShop,
  okAsA,
  okAsB,
  refusedToB,
  expectStatus,
  once,
}: TBuildCaseKit): Record<string, TRouteCase> {
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
  /** Completion's resolution of the wire nobody scanned: take what is left of it (decision 064). */
  const consumeTheWire = (shop: TFloorShop) => ({
    resolutions: [{ itemId: shop.items.wire, action: 'consume' }],
  });
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

  // ---- the production report
  /** A's work order of its sub-assembly, run and completed today: the report of these days counts it for A. */
  const aCompleted = once(async () => {
    const shop = await aShop();
    const id = await aRunning();
    await okAsA('POST', wo(id, `/steps/${shop.sub.steps[0]}/finish`), { goodQuantity: '1' });
    await okAsA('POST', wo(id, '/outputs'), { idempotencyKey: randomUUID(), goodQuantity: '1' }, 201);
    await okAsA('POST', wo(id, '/complete'), consumeTheWire(shop));
    return id;
  });
  /** Three days around today's UTC date, so that both companies' today is inside whatever their zones. */
  const reportUrl = (path: string, rest = '') => {
    const today = new Date().toISOString().slice(0, 10);
    return `/api/v1/production-report${path}?from=${addDays(today, -1)}&to=${addDays(today, 1)}${rest}`;
  };
  /** B's report names A's sub-assembly: refused as not B's, naming the field. */
  const reportRefusedAAssembly = async (path: string) => {
    const url = reportUrl(path, `&assemblyId=${(await aShop()).sub.assemblyId}`);
    const body = expectStatus(await asB({ method: 'GET', url }), 400, `B: GET ${url}`);
    expect(body.error.fieldErrors).toEqual({ assemblyId: PRODUCTION_REPORT_MESSAGES.assemblyNotFound });
  };

  return {
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
        await keepingAFloor(id, () => refusedToB('POST', wo(id, '/complete'), consumeTheWire(shop)), {
          method: 'POST',
          rest: '/complete',
          payload: consumeTheWire(shop),
        });
        expect((await floorAsA(id)).status).toBe('completed');
      },
    },

    // ---- the production report (server/modules/build/production-report*): B's report is B's work orders only
    'GET /api/v1/production-report': {
      kind: 'tenant',
      attempt:
        "reads the report of the days A completed a work order, naming A's company, and of A's assembly: none of A's, 400 naming assemblyId",
      async probe() {
        await aCompleted();
        const aSub = (await aShop()).sub.assemblyId;
        const mine = await okAsA('GET', reportUrl('', `&assemblyId=${aSub}`));
        expect(mine.totals.completed).toBeGreaterThanOrEqual(1);
        const own = await okAsB('GET', reportUrl(''));
        expect(own.items.map((i: { assemblyId: string }) => i.assemblyId)).not.toContain(aSub);
        expect(own.totals.completed).toBe(
          own.items.reduce((sum: number, i: { completed: number }) => sum + i.completed, 0),
        );
        expect(await okAsB('GET', reportUrl('', `&companyId=${a().companyId}`))).toEqual(own);
        await reportRefusedAAssembly('');
      },
    },
    'GET /api/v1/production-report/export.csv': {
      kind: 'tenant',
      attempt:
        "exports the report of the days A completed a work order, and of A's assembly: no row of A's, 400",
      async probe() {
        await aCompleted();
        const response = await asB({ method: 'GET', url: reportUrl('/export.csv') });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.body).not.toContain('AFSUB');
        await reportRefusedAAssembly('/export.csv');
      },
    },
  };
}
