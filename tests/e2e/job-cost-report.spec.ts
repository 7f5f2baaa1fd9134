// The Job Cost Report (/job-cost-report, decision 084): an admin whose job has 2.5 hours of labor at 40 and two units
// of stock issued at 12.50 against a budget of 2 hours and 100 reads on a 390 px phone that it cost $125.00, 125.0 %
// of its budget, over; the CSV downloaded holds the same figures; the job's page shows the person and the ledger line.
// At 360 px every tab of the job's drill-down is cards that fit the screen, the money on them to the cent. On a desk
// the table's rows are the CSV's rows, cell for cell. axe finds nothing serious. The spec takes the help article's
// screenshots.
import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { addDays, todayIn } from '#common/time/calendar.ts';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(98) });
});

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The element's right edge is on a screen `width` wide (not in a box scrolled sideways past it). */
const endsWithin = async (element: Locator, width: number) => {
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
};

const ZONE = 'America/New_York';

/** A company with one costed job (and a second with nothing yet); the report's address over the days around it. */
async function costedJob(page: Page, name: string) {
  await signUpCompany(page, name, { timezone: ZONE });
  const session = await (await page.request.get('/api/v1/session')).json();
  const me: string = session.user.id;
  // The company's days: between midnight UTC and midnight in New York, UTC's yesterday is the company's today, when a
  // rate takes effect from now and the entry typed before it would cost nothing.
  const today = todayIn(ZONE);
  const yesterday = addDays(today, -1);
  const job = await post(
    page,
    '/api/v1/jobs',
    { name: 'Pump skid', customer: 'Brook Foods', budgetHours: '2', budgetCost: '100' },
    201,
  );
  await post(
    page,
    '/api/v1/jobs',
    { name: 'Conveyor guard', customer: 'Acme Mills', budgetCost: '1800' },
    201,
  );
  // The admin's rate from yesterday, and 2.5 hours typed yesterday: 100.00 of labor.
  await post(page, `/api/v1/users/${me}/labor-rates`, { rate: '40', effectiveFrom: yesterday });
  await post(
    page,
    '/api/v1/time/entries',
    {
      jobId: job.id,
      startedAt: `${yesterday}T10:00:00.000Z`,
      endedAt: `${yesterday}T12:30:00.000Z`,
      reason: 'From the paper sheet',
    },
    201,
  );
  // Two bearings at 12.50 issued to the job: 25.00 of material.
  const site = await post(page, '/api/v1/locations', { kind: 'site', code: 'JC', name: 'Shop' }, 201);
  const bin = await post(
    page,
    '/api/v1/locations',
    { kind: 'bin', parentId: site.id, code: 'JCB', name: 'Bin' },
    201,
  );
  const item = await post(
    page,
    '/api/v1/items',
    { partNumber: 'BRG-6204', name: 'Bearing', unitCost: '12.5', lotTracked: false },
    201,
  );
  const line = { itemId: item.id, locationId: bin.id };
  await post(page, '/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: crypto.randomUUID(),
    lines: [{ ...line, quantity: '10' }],
  });
  await post(page, '/api/v1/stock/transactions', {
    kind: 'issue',
    idempotencyKey: crypto.randomUUID(),
    jobId: job.id,
    lines: [{ ...line, quantity: '2' }],
  });
  return {
    url: `/job-cost-report?from=${addDays(today, -7)}&to=${addDays(today, 1)}`,
    jobId: job.id as string,
  };
}

/** The report's CSV as the Export CSV button downloads it, as records by column name. */
async function downloadCsv(page: Page): Promise<Array<Record<string, string>>> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^job-cost-report-\d{4}-\d{2}-\d{2}-to-/);
  return parse(readFileSync((await download.path())!, 'utf8'), { columns: true, bom: true });
}

test('an admin reads a job’s labor and material against its budget on a 390 px phone, and the CSV says the same', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { url } = await costedJob(page, 'jobcost');
  await page.goto(url);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Job Cost Report', level: 1 })).toBeVisible();
  const card = page.getByRole('article', { name: 'JOB-000001' });
  // Money as the headline figures write it.
  await expect(card).toContainText('Labor 2.50 h of 2.00 · $100.00');
  await expect(card).toContainText('Material $25.00 issued + $0.00 consumed');
  await expect(card).toContainText('Total $125.00 of $100.00');
  await expect(card).toContainText('125.0% used · over budget');
  await expect(page.getByRole('article', { name: 'JOB-000002' })).toContainText('Total $0.00 of $1,800.00');
  await fitsWidth(page, 390);
  await expectAccessible(page, 'the job cost report on a phone');

  const rows = await downloadCsv(page);
  expect(rows.map((r) => r.Job)).toEqual(['JOB-000002', 'JOB-000001', 'All jobs']);
  expect(rows[1]).toMatchObject({
    Name: 'Pump skid',
    'Labor hours': '2.50',
    'Labor cost': '100.00',
    'Material issued': '25.00',
    'Total cost': '125.00',
    'Budget cost': '100.00',
    'Cost variance': '25.00',
    'Cost used': '125.0%',
    'Hours used': '125.0%',
  });

  // The job's page: who spent the hours, and the stock line.
  await card.getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'JOB-000001', level: 1 })).toBeVisible();
  await expect(page.getByText('Over budget', { exact: true })).toBeVisible();
  await expect(page.getByRole('figure', { name: /^Cost so far against the budget/ })).toBeVisible();
  // A phone gets the people as cards, not a table scrolled sideways.
  await expect(page.getByRole('article', { name: 'Ada Admin' })).toContainText('Hours 2.50');
  await expect(page.getByRole('table', { name: 'Time by person' })).toBeHidden();
  await page.getByRole('tab', { name: 'Ledger lines' }).click();
  const bearing = page.getByRole('article', { name: /^BRG-6204, / });
  await expect(bearing).toContainText('BRG-6204 · Bearing');
  await expect(bearing).toContainText('$25.00');
  await fitsWidth(page, 390);
  await expectAccessible(page, 'a job’s cost on a phone');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(url);
  const job = page.getByRole('article', { name: 'JOB-000001' });
  await expect(job).toBeVisible();
  await fitsWidth(page, 360);
  // The picture shows the jobs' cards, not only the introduction.
  await page.getByRole('region', { name: 'Budget used' }).scrollIntoViewIfNeeded();
  await takeHelpScreenshot(page, 'job-cost-report-360');
});

test('at 360 px every tab of a job’s drill-down is cards that fit the screen, with money to the cent', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const { url, jobId } = await costedJob(page, 'jobcostdrill');
  await page.goto(`/job-cost-report?job=${jobId}&${url.split('?')[1]}`);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'JOB-000001', level: 1 })).toBeVisible();

  // People: the hours, the labor cost and the button to the entries are on the screen, not to its right.
  const person = page.getByRole('article', { name: 'Ada Admin' });
  const hours = person.getByText('1 entry · Hours 2.50');
  const cost = person.getByText('Labor cost $100.00');
  for (const shown of [hours, cost, person.getByRole('button', { name: 'Entries of Ada Admin' })]) {
    await expect(shown).toBeVisible();
    await endsWithin(shown, 360);
  }
  await fitsWidth(page, 360);
  await expectAccessible(page, 'a job’s people at 360 px');

  // Its entries, opened from the card: the cost to the cent and the rate per hour.
  await person.getByRole('button', { name: 'Entries of Ada Admin' }).click();
  await expect(page.getByRole('tab', { name: 'Time entries' })).toHaveAttribute('aria-selected', 'true');
  const entry = page.getByRole('article', { name: /^Ada Admin, / });
  await expect(entry).toContainText('$100.00');
  await expect(entry).toContainText('2.50 h at $40.00/h');
  await fitsWidth(page, 360);
  await expectAccessible(page, 'a job’s time entries at 360 px');

  await page.getByRole('tab', { name: 'Work orders' }).click();
  await expect(page.getByText('The job has no work orders', { exact: false })).toBeVisible();
  await fitsWidth(page, 360);

  await page.getByRole('tab', { name: 'Ledger lines' }).click();
  // A person has no ledger lines: the tab shows the job's, not "Of Ada Admin".
  await expect(page.getByText('Of Ada Admin')).toBeHidden();
  const line = page.getByRole('article', { name: /^BRG-6204, / });
  await expect(line).toContainText('$25.00');
  await expect(line).toContainText('Quantity -2 at $12.50');
  await endsWithin(line, 360);
  await fitsWidth(page, 360);
  await expectAccessible(page, 'a job’s ledger lines at 360 px');
});

test('on a desk the table’s rows are the CSV’s rows, cell for cell; the job’s page for the help article', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { url, jobId } = await costedJob(page, 'jobcostdesk');
  await page.goto(url);
  await page.getByRole('button', { name: 'Decline' }).click();
  const table = page.getByRole('table', { name: 'Cost per job' });
  await expect(table.getByRole('row').filter({ hasText: 'JOB-000001' })).toContainText('125.00');
  const screen = await table
    .getByRole('row')
    .evaluateAll((trs) =>
      trs
        .slice(1)
        .map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim() ?? '')),
    );
  const csv = await downloadCsv(page);
  expect(screen).toEqual(csv.slice(0, -1).map((r) => Object.values(r)));
  await expectAccessible(page, 'the job cost report on a desk');
  await takeHelpScreenshot(page, 'job-cost-report-1280');

  // Sorted by total cost, largest first, on the server.
  const total = table.getByRole('columnheader', { name: 'Total cost' });
  await total.getByRole('button').click();
  await expect(total).not.toHaveAttribute('aria-sort', 'none');
  if ((await total.getAttribute('aria-sort')) !== 'descending') await total.getByRole('button').click();
  await expect(total).toHaveAttribute('aria-sort', 'descending');
  await expect(table.getByRole('row').nth(1)).toContainText('JOB-000001');

  await page.goto(`/job-cost-report?job=${jobId}&${url.split('?')[1]}`);
  await expect(page.getByRole('heading', { name: 'JOB-000001', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Time by person' })).toContainText('100.00');
  await expectAccessible(page, 'a job’s cost on a desk');
  await takeHelpScreenshot(page, 'job-cost-job-1280');
});
