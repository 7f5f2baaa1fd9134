// The Build benchmark's shop, set up once through the real API as an admin would (items, stock, assemblies released,
// work orders released, an order), and the shop-floor run of one work order as an operator's phone sends it.
//
// The measured assembly, TOP, has a 50-line BOM three levels deep:
//   TOP: 45 bought parts and 5 sub-assemblies S1..S5 (3 steps: lines 1-20 at step 1, 21-40 at 2, 41-50 at 3)
//   Sk:  8 bought parts and 2 sub-assemblies SS(2k-1), SS(2k) (2 steps)
//   SSj: 5 bought parts (1 step)
// Bought parts come from one pool of 60 (every sixth lot-tracked), so parts repeat across levels as they do in a
// real shop; every assembly is lot-tracked, so each output makes a new lot with its genealogy. 150 BOM lines in all.
// The production report's volume assemblies V01..V20 (2 plain components each, 2 steps) are made here too; their
// 100,000 completed work orders are written by build-data.ts.
import { randomUUID } from 'node:crypto';
import { APP_URL } from './bench-app.ts';

export const WORK_ORDER_QUANTITY = '2';
export const VOLUME_ASSEMBLIES = 20;
const PARTS = 60;

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH';
/** What the set-up reads of an answer by default: the id of what it made. */
type TCreated = { id: string };

/** One signed-in user's requests to the server at `base`: the answer's JSON, refused unless the status is `status`. */
export function apiClient(base: string, cookie: string) {
  const send = async (method: TMethod, path: string, body?: object) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie,
        origin: APP_URL,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, text };
  };
  const ok = async <T = TCreated>(method: TMethod, path: string, body?: object, status = 200): Promise<T> => {
    const answer = await send(method, path, body);
    if (answer.status !== status)
      throw new Error(
        `${method} ${path}: ${answer.status} (expected ${status}) ${answer.text.slice(0, 500)}`,
      );
    return JSON.parse(answer.text) as T;
  };
  return { send, ok };
}
export type TApiClient = ReturnType<typeof apiClient>;

export interface TBuildShop {
  stores: string;
  out: string;
  top: { assemblyId: string; steps: string[]; lines: number };
  /** The order whose one line asks for 2,000 TOP: "Can we build it?" explodes it through every level. */
  orderId: string;
  /** Released work orders of TOP, quantity 2, to run on the floor. */
  workOrders: string[];
  /** Each of TOP's direct components: what the operator types to consume it, and the step it belongs to (1-based). */
  scans: Array<{ itemId: string; code: string; step: number }>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Sets the shop up through the API as the admin `admin`; `workOrders` released work orders of TOP. */
export async function setUpShop(admin: TApiClient, workOrders: number): Promise<TBuildShop> {
  const { ok } = admin;
  const site = (await ok('POST', '/api/v1/locations', { kind: 'site', code: 'PLANT', name: 'Plant' }, 201))
    .id;
  const bin = async (code: string) =>
    (await ok('POST', '/api/v1/locations', { kind: 'bin', parentId: site, code, name: code }, 201))
      .id as string;
  const stores = await bin('STORES');
  const out = await bin('FINISHED');
  const item = async (partNumber: string, lotTracked: boolean, unitCost: string) =>
    (
      await ok(
        'POST',
        '/api/v1/items',
        { partNumber, name: `Bench ${partNumber}`, unitCost, lotTracked },
        201,
      )
    ).id as string;
  const receive = (itemId: string, quantity: string, lotNumber?: string) =>
    ok(
      'POST',
      '/api/v1/stock/transactions',
      {
        idempotencyKey: randomUUID(),
        kind: 'receive',
        reference: 'PO-BENCH',
        lines: [{ itemId, locationId: stores, quantity, ...(lotNumber ? { lotNumber } : {}) }],
      },
      201,
    );
  const assembly = async (
    itemId: string,
    lines: Array<{ componentItemId: string; quantity: string; scrapPercent: string; step: number | null }>,
    steps: number,
  ) => {
    const made = await ok<{ id: string; draftRevisionId: string }>(
      'POST',
      '/api/v1/assemblies',
      { itemId },
      201,
    );
    const saved = await ok<{ steps: Array<{ id: string }> }>(
      'PUT',
      `/api/v1/assembly-revisions/${made.draftRevisionId}`,
      {
        lines,
        steps: Array.from({ length: steps }, (_, s) => ({
          title: `Step ${s + 1}`,
          instructions: `**Step ${s + 1}**: fit the parts of this step, check the torque.`,
          setupMinutes: '10',
          runMinutes: String(4 + s),
        })),
      },
    );
    await ok('POST', `/api/v1/assembly-revisions/${made.draftRevisionId}/release`);
    return { assemblyId: made.id, steps: saved.steps.map((s) => s.id) };
  };

  // Bought parts: P01..P60, every sixth lot-tracked (one lot each), 100,000 on hand.
  const parts: Array<{ id: string; code: string }> = [];
  for (let p = 1; p <= PARTS; p++) {
    const lotTracked = p % 6 === 0;
    const id = await item(`P${pad(p)}`, lotTracked, (0.05 * p).toFixed(2));
    await receive(id, '100000', lotTracked ? `LOT-P${pad(p)}` : undefined);
    parts.push({ id, code: lotTracked ? `LOT-P${pad(p)}` : `P${pad(p)}` });
  }
  const part = (n: number) => parts[(n - 1) % PARTS]!;
  const line = (componentItemId: string, n: number, step: number | null) => ({
    componentItemId,
    quantity: String([1, 2, 4][n % 3]),
    scrapPercent: n % 5 === 0 ? '2' : '0',
    step,
  });

  // SS01..SS10: 5 parts each (P31.. onwards, overlapping); 500 on hand in one lot each.
  const ss: string[] = [];
  for (let j = 1; j <= 10; j++) {
    const id = await item(`SS${pad(j)}`, true, '5');
    await assembly(
      id,
      Array.from({ length: 5 }, (_, k) => line(part(31 + ((j * 3 + k) % 30)).id, k, null)),
      1,
    );
    await receive(id, '500', `LOT-SS${pad(j)}`);
    ss.push(id);
  }
  // S1..S5: 8 parts and two SS each; 1,000 on hand in one lot each.
  const s: Array<{ id: string; code: string }> = [];
  for (let k = 1; k <= 5; k++) {
    const id = await item(`S${k}`, true, '40');
    await assembly(
      id,
      [
        ...Array.from({ length: 8 }, (_, m) => line(part(20 + k * 6 + m).id, m, m < 4 ? 1 : 2)),
        line(ss[2 * k - 2]!, 1, 2),
        line(ss[2 * k - 1]!, 2, 2),
      ],
      2,
    );
    await receive(id, '1000', `LOT-S${k}`);
    s.push({ id, code: `LOT-S${k}` });
  }
  // TOP: P01..P45 and S1..S5, three steps.
  const topItem = await item('TOP', true, '400');
  const direct = [...parts.slice(0, 45), ...s];
  const stepOf = (i: number) => (i < 20 ? 1 : i < 40 ? 2 : 3);
  const top = await assembly(
    topItem,
    direct.map((c, i) => line(c.id, i, stepOf(i) === 1 ? null : stepOf(i))),
    3,
  );

  // The production report's volume: V01..V20 from C01..C10 (plain), 2 steps, made here, run by build-data.ts.
  const components: string[] = [];
  for (let c = 1; c <= 10; c++) components.push(await item(`C${pad(c)}`, false, (0.5 * c).toFixed(2)));
  for (let v = 1; v <= VOLUME_ASSEMBLIES; v++) {
    const id = await item(`V${pad(v)}`, false, String(10 + v));
    await assembly(
      id,
      [
        { componentItemId: components[v % 10]!, quantity: '2', scrapPercent: '0', step: null },
        { componentItemId: components[(v + 3) % 10]!, quantity: '1', scrapPercent: '5', step: 2 },
      ],
      2,
    );
  }

  const order = await ok(
    'POST',
    '/api/v1/build-orders',
    {
      customer: 'Bench Customer',
      lines: [{ assemblyId: top.assemblyId, quantity: '2000' }],
    },
    201,
  );
  await ok('POST', `/api/v1/build-orders/${order.id}/status`, { status: 'open' });

  const released: string[] = [];
  for (let w = 0; w < workOrders; w++) {
    const wo = await ok(
      'POST',
      '/api/v1/work-orders',
      { assemblyId: top.assemblyId, quantity: WORK_ORDER_QUANTITY, outputLocationId: out },
      201,
    );
    await ok('POST', `/api/v1/work-orders/${wo.id}/status`, { status: 'released' });
    released.push(wo.id);
  }
  return {
    stores,
    out,
    top: { ...top, lines: direct.length },
    orderId: order.id,
    workOrders: released,
    scans: direct.map((c, i) => ({ itemId: c.id, code: c.code, step: stepOf(i) })),
  };
}

/** Each request of a run: its kind and milliseconds. */
export interface TRunTimes {
  total: number;
  requests: Array<{ kind: string; ms: number }>;
}

/**
 * Runs the released work order `id` on the floor to completion, as the operator's phone does: opens the floor view,
 * then for each step in order starts it, consumes the step's components by typing their part or lot number (the
 * quantity left of each reservation), finishes it with the good quantity; records the output (a new lot) and
 * completes it. Every request must succeed.
 */
export async function runWorkOrder(operator: TApiClient, shop: TBuildShop, id: string): Promise<TRunTimes> {
  const requests: TRunTimes['requests'] = [];
  const timed = async <T>(kind: string, method: TMethod, path: string, body?: object, status = 200) => {
    const start = performance.now();
    const answer = await operator.ok<T>(method, path, body, status);
    requests.push({ kind, ms: performance.now() - start });
    return answer;
  };
  const wo = `/api/v1/work-orders/${id}`;
  const started = performance.now();
  const floor = await timed<{ components: Array<{ itemId: string; left: string }> }>(
    'open',
    'GET',
    `${wo}/floor`,
  );
  const left = new Map(floor.components.map((c) => [c.itemId, c.left]));
  for (const [index, stepId] of shop.top.steps.entries()) {
    await timed('start', 'POST', `${wo}/steps/${stepId}/start`);
    for (const scan of shop.scans.filter((c) => c.step === index + 1))
      await timed(
        'consume',
        'POST',
        `${wo}/consumptions`,
        {
          idempotencyKey: randomUUID(),
          code: scan.code,
          quantity: left.get(scan.itemId)!,
          locationId: shop.stores,
          stepId,
        },
        201,
      );
    await timed('finish', 'POST', `${wo}/steps/${stepId}/finish`, { goodQuantity: WORK_ORDER_QUANTITY });
  }
  await timed(
    'output',
    'POST',
    `${wo}/outputs`,
    { idempotencyKey: randomUUID(), goodQuantity: WORK_ORDER_QUANTITY },
    201,
  );
  const done = await timed<{ status: string }>('complete', 'POST', `${wo}/complete`);
  if (done.status !== 'completed') throw new Error(`work order ${id} ended ${done.status}`);
  return { total: performance.now() - started, requests };
}
