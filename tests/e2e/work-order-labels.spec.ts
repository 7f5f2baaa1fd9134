// Work-order labels from Tag Items (decision 053): a planner finds a released work order in Tag Items' work-order
// list (a cancelled one offers no label), prints its label as a roll PDF and its traveller; the label's QR code,
// read from the downloaded PDF by pdftoppm and zbarimg, is the work order's scan link. Opened on a phone that is not
// signed in, the link asks to log in and then opens the work order on the floor, ready to start its first step.
// axe checks Tag Items with the work orders, which on a 360 px phone are cards and do not make the page scroll
// sideways; the help article's screenshot is taken here.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { E2E_BASE_URL } from './support/server.ts';
import { signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

// The journey signs a company up and releases an assembly first: 150 s, as the other Build specs allow.
test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(26) });
});

/** The QR codes of a PDF as zbarimg reads them from pdftoppm's pages: an independent decoder, not ours. */
function qrCodesOf(pdf: string): string[] {
  for (const tool of ['pdftoppm', 'zbarimg'])
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      throw new Error(`${tool} is missing: apt-get install -y poppler-utils zbar-tools`);
  const dir = mkdtempSync(join(tmpdir(), 'wo-label-'));
  try {
    execFileSync('pdftoppm', ['-r', '203', '-png', '-gray', pdf, join(dir, 'page')]);
    return readdirSync(dir)
      .sort()
      .flatMap((page) =>
        spawnSync('zbarimg', ['--raw', '-q', '-Sdisable', '-Sqrcode.enable', join(dir, page)], {
          encoding: 'utf8',
        })
          .stdout.split('\n')
          .filter(Boolean),
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What the planner has, made through the API: a lamp assembly (2 screws a unit, one step) released, screws in the
 * bin, a work order of 2 released to go to the bin, and a cancelled work order.
 */
async function setUp(page: Page) {
  const lamp = await post(page, '/api/v1/items', {
    partNumber: 'LAMP-7',
    name: 'Desk lamp',
    lotTracked: false,
  });
  const screw = await post(page, '/api/v1/items', {
    partNumber: 'SCREW-3',
    name: 'Screw',
    lotTracked: false,
  });
  const site = await post(page, '/api/v1/locations', { kind: 'site', code: 'MAIN', name: 'Main' });
  const bin = await post(page, '/api/v1/locations', {
    kind: 'bin',
    parentId: site.id,
    code: 'BIN',
    name: 'Bin',
  });
  await post(page, '/api/v1/stock/transactions', {
    idempotencyKey: crypto.randomUUID(),
    kind: 'receive',
    lines: [{ itemId: screw.id, locationId: bin.id, quantity: '50' }],
  });
  const assembly = await post(page, '/api/v1/assemblies', { itemId: lamp.id });
  const saved = await page.request.put(`/api/v1/assembly-revisions/${assembly.draftRevisionId}`, {
    data: {
      lines: [{ componentItemId: screw.id, quantity: '2', scrapPercent: '0' }],
      steps: [{ title: 'Fit the shade', instructions: 'Two screws.', setupMinutes: '1', runMinutes: '2' }],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await post(page, `/api/v1/assembly-revisions/${assembly.draftRevisionId}/release`);
  const make = async (quantity: string, status: string) => {
    const made = await post(page, '/api/v1/work-orders', {
      assemblyId: assembly.id,
      quantity,
      dueOn: '2030-06-30',
      outputLocationId: bin.id,
    });
    await post(page, `/api/v1/work-orders/${made.id}/status`, { status });
    return made as { id: string; numberText: string };
  };
  const cancelled = await make('1', 'cancelled');
  const released = await make('2', 'released');
  return { released, cancelled };
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(26) });
  return page;
}

test('a planner prints a work order’s label and traveller; its QR code opens the work order on the floor', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const account = await signUpCompany(page, 'wolabels');
  const { released, cancelled } = await setUp(page);

  await page.goto('/labels');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Tag Items', level: 1 })).toBeVisible();
  const list = page.getByRole('table', { name: 'Work orders to label' });
  await expect(list.getByRole('row', { name: new RegExp(cancelled.numberText) })).toContainText(
    'Cancelled: no label',
  );
  await page.getByRole('textbox', { name: 'Find work orders' }).fill(released.numberText);
  await expect(list.getByRole('row')).toHaveCount(2);
  await list.getByRole('button', { name: `Add ${released.numberText} to the labels to print` }).click();
  const selected = page.getByRole('list', { name: 'Selected labels' });
  await expect(selected).toContainText(`${released.numberText} LAMP-7 Desk lamp`);
  await expect(list.getByRole('button', { name: `${released.numberText} is selected` })).toBeDisabled();
  await expectAccessible(page, 'Tag Items with a work order selected');
  // The list with the selection and its two print buttons under it.
  await page.getByRole('button', { name: 'Print travellers (1)' }).scrollIntoViewIfNeeded();
  await takeHelpScreenshot(page, 'tag-items-work-orders-1280');

  const labelDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print labels' }).click();
  const label = await labelDownload;
  await expect(page.getByText('1 label ready')).toBeVisible();
  const labelPath = (await label.path())!;
  expect((await PDFDocument.load(readFileSync(labelPath))).getPageCount()).toBe(1);
  const [link, ...more] = qrCodesOf(labelPath);
  expect(more).toEqual([]);
  expect(link).toMatch(new RegExp(`^${E2E_BASE_URL}/s/FBW[0-9A-Z]{8}$`));

  const travellerDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print travellers (1)' }).click();
  const traveller = await travellerDownload;
  expect(traveller.suggestedFilename()).toBe(`traveller-${released.numberText}.pdf`);
  await expect(page.getByText('1 traveller ready')).toBeVisible();
  // The traveller carries the same code as the label.
  expect(qrCodesOf((await traveller.path())!)).toEqual([link]);

  // On a phone the work orders are cards, and the page does not scroll sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('article', { name: released.numberText })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // The operator's phone opens the label's link signed out: log in, then the work order on the floor.
  const phone = await freshPage(browser);
  await phone.goto(link!);
  await expect(phone).toHaveURL(/\/\?login=true$/);
  const form = phone.getByRole('form', { name: 'Log in' });
  await form.getByLabel('E-mail').fill(account.email);
  await form.getByLabel(/^Password/).fill(account.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(phone).toHaveURL(new RegExp(`/build/work-order\\?id=${released.id}&view=floor$`));
  await expect(phone.getByRole('heading', { name: released.numberText, level: 1 })).toBeVisible();
  await expect(phone.getByText('2 ea of LAMP-7 Desk lamp')).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Start' })).toBeEnabled();
  await phone.context().close();
});
