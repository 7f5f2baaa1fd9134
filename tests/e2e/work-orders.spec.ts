// Work Orders (/build/work-order, issue 21): a planner makes a work order for a released assembly, sees a component
// short, receives stock, releases it and finds the reservation on the component's item page (reserved and
// available beside on hand), prints the traveller (a PDF), and cancels another work order giving its stock back;
// on a 360 px phone too, axe clean at each state.
import { expect, type Page, test } from '@playwright/test';
import { todayIn } from '../../common/time/calendar.ts';
import { expectAccessible, expectDialogAccessible } from './support/axe.ts';
import { pickPeriod } from './support/date-picker.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

// Each journey signs a company up and sets its assembly up first: longer than the default 30 s.
test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(24) });
});

/**
 * What the planner starts from, made through the API (Assembly Setup has its own spec): a pump of 2 bolts (10 %
 * scrap) and 1 seal a unit, released, with 100 bolts in the bin and no seals yet. Returns the item ids and the bin.
 */
async function setUp(page: Page) {
  const ids: Record<string, string> = {};
  for (const [partNumber, name] of [
    ['PUMP', 'Pump'],
    ['BOLT', 'Bolt'],
    ['SEAL', 'Seal'],
  ] as const)
    ids[partNumber] = (
      await post(page, '/api/v1/items', { partNumber, name, unitCost: '1', lotTracked: false })
    ).id;
  const site = await post(page, '/api/v1/locations', { kind: 'site', code: 'MAIN', name: 'Main' });
  const bin = (
    await post(page, '/api/v1/locations', { kind: 'bin', parentId: site.id, code: 'B1', name: 'Bin' })
  ).id;
  const assembly = await post(page, '/api/v1/assemblies', { itemId: ids.PUMP });
  const saved = await page.request.put(`/api/v1/assembly-revisions/${assembly.draftRevisionId}`, {
    data: {
      lines: [
        { componentItemId: ids.BOLT, quantity: '2', scrapPercent: '10' },
        { componentItemId: ids.SEAL, quantity: '1', scrapPercent: '0' },
      ],
      steps: [
        {
          title: 'Fit the seal',
          instructions: 'Press it home, **two** turns.',
          setupMinutes: '5',
          runMinutes: '3',
        },
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await post(page, `/api/v1/assembly-revisions/${assembly.draftRevisionId}/release`, {});
  await receive(page, ids.BOLT!, bin, '100');
  return { ids, bin };
}

const receive = (page: Page, itemId: string, locationId: string, quantity: string) =>
  post(page, '/api/v1/stock/transactions', {
    idempotencyKey: crypto.randomUUID(),
    kind: 'receive',
    lines: [{ itemId, locationId, quantity }],
  });

/** "New work order" from the list: the assembly and quantity; the work order's page opens, planned. */
async function newWorkOrder(page: Page, quantity: string) {
  await page.goto('/build/work-order');
  await page.getByRole('button', { name: 'New work order' }).click();
  const form = page.getByRole('form', { name: 'New work order' });
  const box = form.getByRole('combobox', { name: 'Assembly' });
  await box.click();
  await box.fill('PUMP');
  await page.getByRole('option', { name: /^PUMP ·/ }).click();
  await form.getByRole('textbox', { name: 'Quantity' }).fill(quantity);
  await form.getByRole('button', { name: 'Create work order' }).click();
  await expect(page.getByRole('heading', { name: /^WO-\d{6}$/, level: 1 })).toBeVisible();
  await expect(page.getByText('Planned', { exact: true })).toBeVisible();
}

async function journey(page: Page) {
  await signUpCompany(page, 'wo');
  const { ids, bin } = await setUp(page);

  await page.goto('/build/work-order');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Work Orders', level: 1 })).toBeVisible();
  await expectAccessible(page, 'the empty list of work orders');
  await expectDialogAccessible(page, 'New work order', () =>
    page.getByRole('button', { name: 'New work order' }).click(),
  );

  // 10 pumps: 22 bolts (2 × 10 × 1.1) and 10 seals, of which none are in stock: release is refused, naming SEAL.
  await newWorkOrder(page, '10');
  await expect(page.getByText('Short', { exact: true }).filter({ visible: true })).toBeVisible();
  await expectAccessible(page, 'a planned work order short of a component');
  await page.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByRole('alert')).toContainText('SEAL needs 10 ea, 0 available (10 short)');

  await receive(page, ids.SEAL!, bin, '25');
  await page.reload();
  await page.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('Released', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back to planned' })).toBeVisible();
  await expectAccessible(page, 'a released work order');

  // The traveller is a PDF.
  const href = await page.getByRole('link', { name: 'Print traveller' }).getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const workOrderUrl = page.url();

  // The step's instructions are Markdown, drawn here as the floor view draws them: bold, without the asterisks.
  const deskInstructions = page.getByTestId('step-instructions');
  await expect(deskInstructions.locator('strong')).toHaveText('two');
  await expect(deskInstructions).toHaveText('Press it home, two turns.');

  // Run on the floor opens the shop floor's view of the same work order, at its first step.
  await page.getByRole('link', { name: 'Run on the floor' }).click();
  await expect(page).toHaveURL(/view=floor/);
  await expect(page.getByText('Fit the seal').first()).toBeVisible();
  await expect(page.getByTestId('step-instructions').locator('strong')).toHaveText('two');

  // The bolt's item page: 100 on hand, 22 reserved, 78 available.
  await page.goto(`/items?id=${ids.BOLT}`);
  await expect(page.getByLabel('Total on hand')).toContainText('100 ea');
  await expect(page.getByLabel('Reserved')).toContainText('22 ea');
  await expect(page.getByLabel('Available')).toContainText('78 ea');
  await expectAccessible(page, 'an item with a reservation');

  // A second work order of 5, released and cancelled: its 11 bolts go back.
  await newWorkOrder(page, '5');
  await page.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('Released', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel work order' }).click();
  await expectAccessible(page, 'the cancel confirmation');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel work order' }).click();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await page.goto(`/items?id=${ids.BOLT}`);
  await expect(page.getByLabel('Reserved')).toContainText('22 ea');
  return workOrderUrl;
}

test('a planner makes a work order, releases it, sees the reservation and prints the traveller', async ({
  page,
}) => {
  const workOrderUrl = await journey(page);
  await page.goto('/build/work-order');
  const rows = page.getByRole('table', { name: 'Work orders' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await takeHelpScreenshot(page, 'work-orders-1280');

  // Narrowed on the server: the cancelled one; then both by their assembly; none is due today (none has a due date).
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Cancelled');
  await status.click();
  await page.getByRole('option', { name: 'All statuses' }).click();
  const assembly = page.getByRole('combobox', { name: 'Assembly' });
  await assembly.click();
  await assembly.fill('PUMP');
  await page.getByRole('option', { name: /^PUMP ·/ }).click();
  await expect(rows).toHaveCount(3);
  const today = todayIn('America/New_York');
  await pickPeriod(page, page.getByRole('button', { name: 'Due' }), today, today);
  await expect(page.getByText('No work orders match these filters. Clear one to see more.')).toBeVisible();
  await page.goto(workOrderUrl);
  await expect(page.getByRole('table', { name: 'Components' })).toContainText('BOLT');
  await takeHelpScreenshot(page, 'work-order-page-1280');
});

test('the same on a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const workOrderUrl = await journey(page);
  await page.goto('/build/work-order');
  await expect(page.getByRole('article')).toHaveCount(2);
  await expectAccessible(page, 'the list as cards');
  await takeHelpScreenshot(page, 'work-orders-360');
  await page.goto(workOrderUrl);
  await expect(page.getByRole('article', { name: 'BOLT' })).toContainText('Reserved 22 ea');
});
