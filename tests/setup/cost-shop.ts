// What the built-cost API tests share (decision 064): a shop of plain (not lot-tracked) parts counted in ea with a
// bin and an output bin, stock received, assemblies whose lines are scanned (nothing backflushed behind the test's
// back), released work orders, and the floor's consumptions and outputs — all through the API, as people do them.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { client } from './work-orders-shop.ts';

export type TClient = ReturnType<typeof client>;

export const wo = (id: string, rest = '') => `/api/v1/work-orders/${id}${rest}`;

/** A shop of `c`: a bin and an output bin, and the items named with their standard cost. */
export async function shopOf(c: TClient, code: string, items: Array<[string, string]>) {
  const site = (await c.ok('POST', '/api/v1/locations', { kind: 'site', code, name: 'Site' }, 201)).id;
  const place = async (name: string) =>
    (await c.ok('POST', '/api/v1/locations', { kind: 'bin', parentId: site, code: name, name }, 201))
      .id as string;
  const ids: Record<string, string> = {};
  for (const [partNumber, unitCost] of items)
    ids[partNumber] = (
      await c.ok(
        'POST',
        '/api/v1/items',
        { partNumber, name: `Part ${partNumber}`, unitCost, unitOfMeasure: 'ea', lotTracked: false },
        201,
      )
    ).id;
  return { bin: await place('BIN'), out: await place('OUT'), ids };
}

/** Receives `quantity` of the item at `locationId`, at the item's cost. */
export async function receive(c: TClient, itemId: string, locationId: string, quantity: string) {
  await c.ok(
    'POST',
    '/api/v1/stock/transactions',
    { idempotencyKey: randomUUID(), kind: 'receive', lines: [{ itemId, locationId, quantity }] },
    201,
  );
}

/** An assembly of `itemId` with scanned lines and steps, released; returns its id and its steps' ids. */
export async function assembly(
  c: TClient,
  itemId: string,
  lines: Array<{ componentItemId: string; quantity: string; step?: number }>,
  steps: Array<{ title: string; setupMinutes: string; runMinutes: string }>,
) {
  const made = await c.ok('POST', '/api/v1/assemblies', { itemId }, 201);
  const saved = await c.ok('PUT', `/api/v1/assembly-revisions/${made.draftRevisionId}`, {
    lines: lines.map((l) => ({ scrapPercent: '0', consumption: 'scan', ...l })),
    steps: steps.map((s) => ({ instructions: '', ...s })),
  });
  await c.ok('POST', `/api/v1/assembly-revisions/${made.draftRevisionId}/release`);
  return { id: made.id as string, steps: saved.steps.map((s: { id: string }) => s.id) as string[] };
}

/** A released work order of `quantity`, put away at `locationId`. */
export async function released(c: TClient, assemblyId: string, quantity: string, locationId: string) {
  const made = await c.ok(
    'POST',
    '/api/v1/work-orders',
    { assemblyId, quantity, outputLocationId: locationId },
    201,
  );
  await c.ok('POST', wo(made.id, '/status'), { status: 'released' });
  return made.id as string;
}

/** Consumes by scan (a part number), as the operator types it. */
export const consume = (c: TClient, id: string, body: object) =>
  c.ok('POST', wo(id, '/consumptions'), { idempotencyKey: randomUUID(), ...body }, 201);
/** Records an output; answers the unit cost its build-output posting put into stock, and the floor. */
export async function output(c: TClient, id: string, body: object) {
  const done = await c.ok('POST', wo(id, '/outputs'), { idempotencyKey: randomUUID(), ...body }, 201);
  const posting = await c.ok('GET', `/api/v1/stock/transactions/${done.transactionId}`);
  expect(posting.kind).toBe('build-output');
  return { unitCost: posting.lines[0].unitCost as string, floor: done.floor };
}
export const unitCostOf = async (c: TClient, itemId: string) =>
  (await c.ok('GET', `/api/v1/items/${itemId}`)).unitCost;
