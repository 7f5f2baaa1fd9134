// Scanning: a keyboard-wedge burst on /scan (no field clicked) finds an item and Issue works from its card; the
// camera, fed a video of the item's printed QR label by Chromium's fake capture device, finds it too; a QR link
// opened while signed out signs in and lands on the item, and shows another company's user "Not recognised".
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { scanLink } from '#common/label-codes.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../setup/chromium.ts';
import { writeLabelVideo } from './fixtures/label-video.ts';
import { E2E_BASE_URL, E2E_PORT } from './support/server.ts';
import { signUpCompany, type TE2EAccount } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';
import { PERSON_GAP_MS, wedgeScan } from './support/wedge.ts';

// Each journey signs a company up and builds its data: longer than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(24) });
});

// Chromium's fake camera plays the label's video (written by the camera test before it starts the camera) and
// grants the camera without asking. Launch options apply to the whole file's worker.
const video = resolve('test-results', `scan-label-${E2E_PORT}.y4m`);
mkdirSync('test-results', { recursive: true });
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

async function created(page: Page, url: string, data: object): Promise<string> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/**
 * A company with a site and an item with 5 in stock, and the item's label code as the labels area prints it: the
 * code is read back from a ZPL print of the item's label, so it is the real token the printed label carries.
 */
async function setUp(page: Page): Promise<{ account: TE2EAccount; itemId: string; code: string }> {
  const account = await signUpCompany(page, 'scan');
  const site = await created(page, '/api/v1/locations', { kind: 'site', code: 'STORE', name: 'Store' });
  const itemId = await created(page, '/api/v1/items', {
    partNumber: 'SC-42',
    name: 'Scanner bracket',
    lotTracked: false,
  });
  await created(page, '/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: crypto.randomUUID(),
    lines: [{ itemId, locationId: site, quantity: '5' }],
  });
  const formats = await (await page.request.get('/api/v1/label-formats')).json();
  const print = await page.request.post('/api/v1/labels/print', {
    data: { formatId: formats.items[0].id, output: 'zpl', targets: [{ kind: 'item', id: itemId }] },
  });
  expect(print.status(), await print.text()).toBe(200);
  const code = /FBI[0-9A-Z]{8}/.exec(await print.text())?.[0];
  expect(code, 'the printed label carries an item code').toBeTruthy();
  return { account, itemId, code: code! };
}

/** The card of a scan, by what was scanned. */
const card = (page: Page, code: string) => page.getByRole('article', { name: `Scan ${code}` });

test('a scanner burst anywhere on /scan finds the item and Issue works from its card', async ({ page }) => {
  const { code } = await setUp(page);
  await page.goto('/scan');
  await expect(page.getByRole('heading', { name: 'Scan Items' })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();

  // A USB scanner types fast and presses Enter; nothing was clicked or focused first.
  await wedgeScan(page, code);
  const found = card(page, code);
  await expect(found.getByRole('heading', { name: 'SC-42' })).toBeVisible();
  await expect(found.getByText('Scanner bracket')).toBeVisible();
  await expect(found.getByText(/On hand: 5 ea/)).toBeVisible();
  for (const action of ['Receive', 'Issue', 'Move', 'Count', 'Open'])
    await expect(
      found.getByRole(action === 'Open' ? 'link' : 'button', { name: action, exact: true }),
    ).toBeVisible();

  // Typing slowly is a person, not a scanner: no card.
  await wedgeScan(page, 'SC-42', { gapMs: PERSON_GAP_MS });
  await expect(page.getByRole('article')).toHaveCount(1);

  // Issue 1 from the card: the stock is in one place, so the dialog starts there.
  await found.getByRole('button', { name: 'Issue', exact: true }).click();
  const issue = page.getByRole('form', { name: 'Issue SC-42' });
  await issue.getByRole('textbox', { name: 'Quantity (ea)' }).fill('1');
  await issue.getByRole('textbox', { name: 'Issued to' }).fill('WO-7');
  await issue.getByRole('button', { name: 'Issue' }).click();
  await expect(page.getByText('Issued 1 ea of SC-42 from STORE to WO-7')).toBeVisible();
  // The card follows the stock.
  await expect(found.getByText(/On hand: 4 ea/)).toBeVisible();

  // A code of nobody's: a clear "Not recognised" card, and the page keeps scanning.
  await wedgeScan(page, 'FBI00000000');
  await expect(card(page, 'FBI00000000').getByText(/^Not recognised: /)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);

  // At a phone's width nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test.describe('the camera', () => {
  test("reads the item's printed QR label and offers its actions", async ({ page }) => {
    const { code, itemId } = await setUp(page);
    // The capture device opens the file when the camera starts: the label's video is written before that.
    await writeLabelVideo(video, scanLink(E2E_BASE_URL, 'item', code.slice(3)));
    await page.goto('/scan');
    await page.getByRole('button', { name: 'Decline' }).click();
    // The scanner's WebAssembly comes from our own origin.
    const wasm = page.waitForResponse((r) => r.url().endsWith('.wasm'));
    await page.getByRole('button', { name: 'Start camera' }).click();
    const wasmResponse = await wasm;
    expect(new URL(wasmResponse.url()).origin).toBe(E2E_BASE_URL);
    expect(wasmResponse.status()).toBe(200);

    const found = page.getByRole('article').filter({ hasText: 'SC-42' });
    await expect(found.getByRole('heading', { name: 'SC-42' })).toBeVisible({ timeout: 20_000 });
    for (const action of ['Receive', 'Issue', 'Move', 'Count'])
      await expect(found.getByRole('button', { name: action, exact: true })).toBeVisible();
    await expect(found.getByRole('link', { name: 'Open' })).toHaveAttribute('href', `/items?id=${itemId}`);
    // Continuous but not repetitive: the label stays in view past the two-second window and is still one card. The
    // wait is the subject here (time passing with the label in view), not a guess at when something is ready.
    await page.waitForTimeout(2500);
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Stop camera' })).toBeVisible();
  });
});

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(24) });
  return page;
}

test("a QR link opened while signed out signs in and lands on the item; another company's user sees nothing", async ({
  page,
  browser,
}) => {
  const { account, itemId, code } = await setUp(page);
  const link = `/s/${code}`;

  // The phone's camera app opens the link in a browser that is not signed in.
  const phone = await freshPage(browser);
  await phone.goto(link);
  await expect(phone).toHaveURL(/\/\?login=true$/);
  const form = phone.getByRole('form', { name: 'Log in' });
  await form.getByLabel('E-mail').fill(account.email);
  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(phone).toHaveURL(new RegExp(`/items\\?id=${itemId}$`));
  await expect(phone.getByRole('heading', { name: 'SC-42', level: 1 })).toBeVisible();
  await phone.context().close();

  // A user of another company opens the same link: "Not recognised", and nothing of the item.
  const other = await freshPage(browser);
  await signUpCompany(other, 'scanother');
  await other.goto(link);
  await expect(other.getByRole('alert').filter({ hasText: 'Not recognised' })).toBeVisible();
  await expect(other.getByText(/^Not recognised: /)).toBeVisible();
  await expect(other.getByText('SC-42')).toHaveCount(0);
  await expect(other.getByText('Scanner bracket')).toHaveCount(0);
  await other.context().close();
});
