// Build data for end-to-end specs, made through the API as a planner and an operator would (the screens that make
// it have their own specs): parts, a bin, a released assembly, and work orders run on the floor to completion.
import { expect, type Page } from '@playwright/test';
import type { TItemBalances } from '../../../common/schemas/stock.ts';
import type { TLedgerEntry, TLedgerPage } from '../../../common/schemas/stock-list.ts';

/** POSTs `data` as the signed-in browser and returns the answer's JSON; fails the test on a refusal. */
export async function apiPost(page: Page, url: string, data: object = {}) {
  const response = await page.request.post(url, { data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A site with one bin; returns the bin's id. */
export async function makeBin(page: Page, code = 'MAIN'): Promise<string> {
  const site = await apiPost(page, '/api/v1/locations', { kind: 'site', code, name: code });
  return (
    await apiPost(page, '/api/v1/locations', { kind: 'bin', parentId: site.id, code: 'B1', name: 'Bin' })
  ).id;
}

/** A plain (not lot-tracked) part; returns its id. */
export async function makePart(page: Page, partNumber: string, name: string): Promise<string> {
  return (await apiPost(page, '/api/v1/items', { partNumber, name, unitCost: '1', lotTracked: false })).id;
}

/** A part with its options (lot-tracked, a default location); returns its id. */
export async function makeItem(
  page: Page,
  item: { partNumber: string; name: string; lotTracked?: boolean; defaultLocationId?: string },
): Promise<string> {
  return (await apiPost(page, '/api/v1/items', { unitCost: '1', lotTracked: false, ...item })).id;
}

/** Receives `quantity` of a lot-tracked part into `locationId` as lot `lotNumber`. */
export const receiveLot = (
  page: Page,
  itemId: string,
  locationId: string,
  quantity: string,
  lotNumber: string,
) =>
  apiPost(page, '/api/v1/stock/transactions', {
    idempotencyKey: crypto.randomUUID(),
    kind: 'receive',
    lines: [{ itemId, locationId, quantity, lotNumber }],
  });

/** Receives `quantity` of a plain part into `locationId`. */
export const receivePart = (page: Page, itemId: string, locationId: string, quantity: string) =>
  apiPost(page, '/api/v1/stock/transactions', {
    idempotencyKey: crypto.randomUUID(),
    kind: 'receive',
    lines: [{ itemId, locationId, quantity }],
  });

export interface TReleasedAssembly {
  assemblyId: string;
  steps: string[];
}

/**
 * An assembly of `itemId` from `lines` (each consumed as its `consumption` says, else the editor's default: scanned
 * when lot-tracked, backflushed otherwise), with `steps` (setup and run minutes each), released.
 */
export async function releaseAssembly(
  page: Page,
  itemId: string,
  lines: Array<{ componentItemId: string; quantity: string; consumption?: 'scan' | 'backflush' }>,
  steps: Array<{ title: string; setupMinutes: string; runMinutes: string }>,
): Promise<TReleasedAssembly> {
  const assembly = await apiPost(page, '/api/v1/assemblies', { itemId });
  const saved = await page.request.put(`/api/v1/assembly-revisions/${assembly.draftRevisionId}`, {
    data: {
      lines: lines.map((l) => ({ scrapPercent: '0', ...l })),
      steps: steps.map((s) => ({ instructions: `${s.title} it.`, ...s })),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await apiPost(page, `/api/v1/assembly-revisions/${assembly.draftRevisionId}/release`);
  return { assemblyId: assembly.id, steps: (await saved.json()).steps.map((s: { id: string }) => s.id) };
}

/**
 * A work order made, released, each step started and finished, its output (good into `binId`, and scrap with its
 * reason) recorded and completed — now, on the server's clock — as the shop floor does. Returns its id.
 */
export async function completeWorkOrder(
  page: Page,
  run: {
    assembly: TReleasedAssembly;
    binId: string;
    quantity: string;
    good: string;
    scrap?: { quantity: string; reason: string };
    dueOn?: string;
  },
): Promise<string> {
  const made = await apiPost(page, '/api/v1/work-orders', {
    assemblyId: run.assembly.assemblyId,
    quantity: run.quantity,
    outputLocationId: run.binId,
    ...(run.dueOn ? { dueOn: run.dueOn } : {}),
  });
  const wo = (rest: string) => `/api/v1/work-orders/${made.id}${rest}`;
  await apiPost(page, wo('/status'), { status: 'released' });
  const scrap = run.scrap ? { scrapQuantity: run.scrap.quantity, scrapReason: run.scrap.reason } : {};
  for (const step of run.assembly.steps) {
    await apiPost(page, wo(`/steps/${step}/start`));
    await apiPost(page, wo(`/steps/${step}/finish`), { goodQuantity: run.good, ...scrap });
  }
  await apiPost(page, wo('/outputs'), {
    idempotencyKey: crypto.randomUUID(),
    goodQuantity: run.good,
    ...scrap,
  });
  await apiPost(page, wo('/complete'));
  return made.id;
}

/** Sets the signed-in person's burdened labor rate ($ an hour): alone with a rate, theirs is the blended rate. */
export async function setMyLaborRate(page: Page, rate: number): Promise<void> {
  const session = await page.request.get('/api/v1/session');
  expect(session.ok(), await session.text()).toBe(true);
  const me = (await session.json()).user.id;
  const saved = await page.request.patch(`/api/v1/users/${me}`, {
    data: { burdenedLaborRate: String(rate) },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** Every ledger line of an item, newest first, from the endpoint the item page's history reads. */
export async function itemLedger(page: Page, itemId: string): Promise<TLedgerEntry[]> {
  const lines: TLedgerEntry[] = [];
  for (let n = 1; ; n++) {
    const response = await page.request.get(`/api/v1/items/${itemId}/ledger?page=${n}&pageSize=100`);
    expect(response.ok(), await response.text()).toBe(true);
    const answer: TLedgerPage = await response.json();
    lines.push(...answer.items);
    if (lines.length >= answer.total || answer.items.length === 0) return lines;
  }
}

/** An item's on hand, reserved and available, as its page shows them. */
export async function itemBalances(page: Page, itemId: string): Promise<TItemBalances> {
  const response = await page.request.get(`/api/v1/items/${itemId}/balances`);
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}
