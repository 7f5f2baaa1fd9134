// The shop of issue 28's journey (tests/e2e/build-shop-journey.spec.ts) and the steps its people repeat on a phone:
// a control box FG-100 with a wiring harness SA-200 one level down, bought parts at their standard cost, a labor
// rate; an order made on its screen; work orders released and run on the floor by a keyboard-wedge scanner with no
// field focused; and the exact arithmetic the test checks stock and cost with (BigInt, never a float).
import { expect, type Locator, type Page } from '@playwright/test';
import { fromScaled, toScaled } from '../../../common/decimal.ts';
import type { TLedgerEntry } from '../../../common/schemas/stock-list.ts';
import { apiPost, makeBin, setMyLaborRate } from './build-api.ts';
import { wedgeScan } from './wedge.ts';

/** The admin's burdened rate, $ an hour: the only one, so the company's blended rate (decision 044). */
export const LABOR_RATE = '42.5';

/** Each assembly's steps: setup minutes once a work order, run minutes a unit made (good or scrap). */
export const STEPS = {
  'SA-200': [{ title: 'Crimp and bundle', setupMinutes: '5', runMinutes: '2' }],
  'FG-100': [
    { title: 'Fit the harness', setupMinutes: '10', runMinutes: '6' },
    { title: 'Close and test', setupMinutes: '0', runMinutes: '3' },
  ],
} as const;

/** The bought parts: part number, name, unit, standard cost and what is on the shelf before the journey. */
const BOUGHT = [
  ['RM-1', 'Enclosure', 'ea', '4.75', '10'],
  ['RM-2', 'M4 screw', 'ea', '0.0125', '100'],
  ['RM-3', 'Hook-up wire', 'm', '0.38', '50'],
  ['RM-4', 'Crimp terminal', 'ea', '0.07', '100'],
] as const;

export type TPart = (typeof BOUGHT)[number][0] | 'SA-200' | 'FG-100';
export type TShop = { ids: Record<TPart, string>; received: Record<string, string> };

/** An assembly of `itemId` from `lines` (with their scrap, step and how each is consumed) and `steps`, released. */
async function releaseBom(
  page: Page,
  itemId: string,
  lines: Array<{ componentItemId: string; quantity: string; scrapPercent?: string; step?: number }>,
  consumption: Array<'scan' | 'backflush'>,
  steps: ReadonlyArray<{ title: string; setupMinutes: string; runMinutes: string }>,
) {
  const assembly = await apiPost(page, '/api/v1/assemblies', { itemId });
  const saved = await page.request.put(`/api/v1/assembly-revisions/${assembly.draftRevisionId}`, {
    data: {
      lines: lines.map((l, n) => ({ scrapPercent: '0', consumption: consumption[n], ...l })),
      steps: steps.map((s) => ({ instructions: `${s.title}.`, ...s })),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await apiPost(page, `/api/v1/assembly-revisions/${assembly.draftRevisionId}/release`);
}

/**
 * What a colleague set up before, through the API: the bin SHOP / B1 (every item's default location), the bought
 * parts received there, the two assemblies released and the admin's labor rate. SA-200 = 1.5 m of wire
 * (backflushed) and 4 terminals (scanned); FG-100 = 1 enclosure and 1 SA-200 (scanned at step 1) and 4 screws + 5 %
 * (backflushed at step 2).
 */
export async function setUpShop(page: Page): Promise<TShop> {
  await setMyLaborRate(page, Number(LABOR_RATE));
  const bin = await makeBin(page, 'SHOP');
  const ids = {} as Record<TPart, string>;
  const received: Record<string, string> = {};
  const item = async (partNumber: TPart, name: string, unitOfMeasure: string, unitCost: string) => {
    const data = { partNumber, name, unitOfMeasure, unitCost, lotTracked: false, defaultLocationId: bin };
    ids[partNumber] = (await apiPost(page, '/api/v1/items', data)).id;
  };
  for (const [partNumber, name, unit, cost, stock] of BOUGHT) {
    await item(partNumber, name, unit, cost);
    await apiPost(page, '/api/v1/stock/transactions', {
      idempotencyKey: crypto.randomUUID(),
      kind: 'receive',
      lines: [{ itemId: ids[partNumber], locationId: bin, quantity: stock }],
    });
    received[partNumber] = stock;
  }
  await item('SA-200', 'Wiring harness', 'ea', '0');
  await item('FG-100', 'Control box', 'ea', '0');
  received['SA-200'] = '0';
  await releaseBom(
    page,
    ids['SA-200'],
    [
      { componentItemId: ids['RM-3'], quantity: '1.5' },
      { componentItemId: ids['RM-4'], quantity: '4' },
    ],
    ['backflush', 'scan'],
    STEPS['SA-200'],
  );
  await releaseBom(
    page,
    ids['FG-100'],
    [
      { componentItemId: ids['RM-1'], quantity: '1', step: 1 },
      { componentItemId: ids['SA-200'], quantity: '1', step: 1 },
      { componentItemId: ids['RM-2'], quantity: '4', scrapPercent: '5', step: 2 },
    ],
    ['scan', 'scan', 'backflush'],
    STEPS['FG-100'],
  );
  return { ids, received };
}

/** Manage Orders: a new order for `customer` with one line of `quantity` × `partNumber`, saved and opened. */
export async function orderOnPhone(page: Page, customer: string, partNumber: string, quantity: string) {
  await page.goto('/build/create-order');
  await page.getByRole('button', { name: 'New order' }).click();
  const newOrder = page.getByRole('form', { name: 'New order' });
  await newOrder.getByRole('textbox', { name: 'Customer' }).fill(customer);
  await newOrder.getByRole('button', { name: 'Create order' }).click();
  await expect(page.getByRole('heading', { name: 'SO-000001', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add line' }).click();
  const line = page.getByRole('group', { name: 'Line 1' });
  const picker = line.getByRole('combobox', { name: 'Line 1 assembly' });
  await picker.click();
  await picker.fill(partNumber);
  await page.getByRole('option', { name: new RegExp(`^${partNumber} ·`) }).click();
  await line.getByRole('textbox', { name: 'Quantity' }).fill(quantity);
  await page.getByRole('button', { name: 'Save lines' }).click();
  const card = page.getByRole('article', { name: 'Line 1' });
  await expect(card).toContainText(`${quantity} ea`);
  await page.getByRole('button', { name: 'Open order' }).click();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  return { card, url: page.url() };
}

/** From the order's line card: the work order's page, released, then its floor view with its first step started. */
export async function releaseAndStart(page: Page, card: Locator, number: string, heading: string) {
  await card.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { name: number, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('Released', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Run on the floor' }).click();
  await expect(page).toHaveURL(/view=floor/);
  await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText('Running', { exact: true })).toBeVisible();
}

/** The quantity typed on the consume form, then the part's label scanned by the wedge. */
export async function consumeByWedge(page: Page, quantity: string, code: string) {
  await page
    .getByRole('form', { name: 'Consume a component' })
    .getByRole('textbox', { name: 'Quantity' })
    .fill(quantity);
  await wedgeScan(page, code);
}

/** The output form as the finish left it, checked, then recorded. */
export async function recordPrefilledOutput(page: Page, good: string, scrap: string, reason = '') {
  const output = page.getByRole('form', { name: 'Record output' });
  await expect(output.getByRole('textbox', { name: 'Good' })).toHaveValue(good);
  await expect(output.getByRole('textbox', { name: 'Scrap', exact: true })).toHaveValue(
    scrap === '0' ? '' : scrap,
  );
  await expect(output.getByRole('textbox', { name: 'Scrap reason' })).toHaveValue(reason);
  await expect(output.getByRole('combobox', { name: 'Put away at' })).toHaveValue('SHOP / B1');
  await output.getByRole('button', { name: 'Record output' }).click();
}

// Exact money: quantities on 6 decimals times costs on 4 is money on 10, so a sum of ledger rows is never rounded.
const MONEY = 10;
const HALF_A_CENT = toScaled('0.005', MONEY);

/** Money text (up to 10 decimals) as an exact scaled number. */
export const money = (text: string) => toScaled(text, MONEY);

/** The ledger cost of the work order's consumptions in `rows`: Σ −quantity × unit cost of its build-consume lines. */
export function consumedCost(rows: TLedgerEntry[], workOrder: string): bigint {
  return rows
    .filter((r) => r.kind === 'build-consume' && r.reference === workOrder)
    .reduce((sum, r) => sum - toScaled(r.quantityDelta, 6) * toScaled(r.unitCost, 4), 0n);
}

/** A quantity (6 decimals, as the ledger keeps it) as an exact scaled number, and back. */
export const units = (text: string) => toScaled(text, 6);
export const unitsText = (value: bigint) => fromScaled(value, 6);

/** How much the ledger lines of `kind` in `rows` moved, out or in (Σ |quantity|), exact. */
export const movedBy = (rows: TLedgerEntry[], kind: 'build-consume' | 'build-output') =>
  rows.filter((r) => r.kind === kind).reduce((sum, r) => sum + units(r.quantityDelta.replace('-', '')), 0n);

/** The sum of every ledger line of an item: what the ledger says is on hand. */
export const ledgerOnHand = (rows: TLedgerEntry[]) =>
  unitsText(rows.reduce((sum, r) => sum + units(r.quantityDelta), 0n));

/**
 * Standard labor of a work order that made `made` units (good and scrap): each step's setup once and run per unit,
 * at LABOR_RATE an hour. Minutes on 3 decimals times the rate on 4 is 7; ÷ 60 on 10 (a remainder below 10⁻¹⁰ is
 * far under the cent the test compares to).
 */
export function standardLabor(part: keyof typeof STEPS, made: string): bigint {
  const minutes = STEPS[part].reduce(
    (sum, s) => sum + toScaled(s.setupMinutes, 3) + toScaled(s.runMinutes, 3) * BigInt(made),
    0n,
  );
  return (minutes * toScaled(LABOR_RATE, 4) * 1000n) / 60n;
}

/** Money on 10 decimals as text, for messages. */
export const moneyText = (value: bigint) => fromScaled(value, MONEY);

/** Fails unless `actual` and `expected` (money on 10 decimals) are the same to the cent. */
export function expectSameToTheCent(actual: bigint, expected: bigint, what: string) {
  const gap = actual > expected ? actual - expected : expected - actual;
  expect(gap < HALF_A_CENT, `${what}: ${moneyText(actual)}, expected ${moneyText(expected)}`).toBe(true);
}
