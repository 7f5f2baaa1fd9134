// Job Management (/jobs, decision 079) on phones: at 390 px an admin makes a job by keyboard alone (a budget that is
// no number is refused on its field first), lands on its page with the shared header, puts it on hold and closes
// it, each asked first in words that say what it stops, each result a toast; at 360 px the list finds it by
// customer, shows its status and fits the screen. axe finds nothing serious on the list, the form, the page or the
// confirmation. The spec takes the help article's screenshots.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(93) });
});

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test('an admin makes a job by keyboard on a 390 px phone, holds and closes it; the 360 px list finds it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpCompany(page, 'jobs');
  await post(page, '/api/v1/jobs', { name: 'Pump skid', customer: 'Brook Foods', budgetCost: '5000' }, 201);

  await page.goto('/jobs');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Job Management', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: /JOB-000001 Pump skid/ })).toBeVisible();
  await expectAccessible(page, 'the job list on a phone');

  // "New job" by keyboard: focus the button, press Enter, type into the fields in order.
  const newJob = page.getByRole('button', { name: 'New job' });
  await newJob.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'New job' });
  await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.keyboard.type('Gearbox rebuild');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Acme Mills');
  await page.keyboard.press('Tab');
  await page.keyboard.type('40');
  await page.keyboard.press('Tab');
  await page.keyboard.type('lots');
  await page.keyboard.press('Enter');
  const cost = form.getByRole('textbox', { name: 'Budget cost ($)' });
  await expect(cost).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Budget cost must be a number')).toBeVisible();
  await expectAccessible(page, 'the new job form with an error');
  await cost.fill('12500.50');
  await cost.press('Enter');

  // Its page: the shared header with number, status, name and the customer.
  await expect(page.getByRole('heading', { name: 'JOB-000002', level: 1 })).toBeVisible();
  await expect(page.getByText('Gearbox rebuild', { exact: true })).toBeVisible();
  await expect(page.getByText('For Acme Mills', { exact: false })).toBeVisible();
  await expect(page.getByText('$12,500.50')).toBeVisible();
  await expect(page.getByText('40 h')).toBeVisible();
  await expect(page.getByText('No orders belong to this job.')).toBeVisible();
  await fitsWidth(page, 390);
  await expectAccessible(page, 'the job page on a phone');

  // The admin's clock runs on it (clocked in from another tab): holding names it and stops it.
  const found = await (await page.request.get('/api/v1/jobs?q=Gearbox')).json();
  await post(page, '/api/v1/time/clock-in', { jobId: found.items[0].id }, 200);

  // Holding asks first, saying what it stops; by keyboard: Enter on the button, Enter on the dialog's.
  const hold = page.getByRole('button', { name: 'Put on hold…' });
  await hold.focus();
  await page.keyboard.press('Enter');
  const holding = page.getByRole('dialog', { name: 'Put JOB-000002 Gearbox rebuild on hold?' });
  await expect(holding).toContainText('no new time');
  await expect(holding).toContainText('Orders can still be linked to it');
  await expect(holding).toContainText('Ada Admin is clocked in on it: that clock stops now.');
  await fitsWidth(page, 390);
  await expectAccessible(page, 'putting a job on hold, asked first');
  await holding.getByRole('button', { name: 'Put on hold' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('JOB-000002 is on hold')).toBeVisible();
  await expect(page.getByText(/ 1 clock stopped\.$/)).toBeVisible();
  await expect(holding).toHaveCount(0);
  expect((await (await page.request.get('/api/v1/time/clock')).json()).entry).toBeNull();
  await expect(page.getByText('On hold', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^This job takes no new time .* until it is reopened\.$/)).toBeVisible();

  // Closing asks too; Cancel leaves the job on hold.
  await page.getByRole('button', { name: 'Close job…' }).click();
  const closing = page.getByRole('dialog', { name: 'Close JOB-000002 Gearbox rebuild?' });
  await expect(closing).toContainText('no orders can be linked to it');
  await expect(closing).toContainText('Nobody is clocked in on it now.');
  await closing.getByRole('button', { name: 'Cancel' }).click();
  await expect(closing).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link order' })).toBeVisible();
  await page.getByRole('button', { name: 'Close job…' }).click();
  await closing.getByRole('button', { name: 'Close job' }).click();
  await expect(page.getByText('JOB-000002 is closed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close job…' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Link order' })).toHaveCount(0);

  // The list at 360 px: found by customer, closed, on a card that fits.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/jobs');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All jobs' }).click();
  await page.getByRole('textbox', { name: 'Search jobs' }).fill('acme');
  const card = page.getByRole('article', { name: 'JOB-000002 Gearbox rebuild' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Closed');
  await expect(page.getByRole('article', { name: /Pump skid/ })).toHaveCount(0);
  await fitsWidth(page, 360);
  await expectAccessible(page, 'the job list at 360 px');
  await takeHelpScreenshot(page, 'jobs-360');
});

test('the job list and a job page on a desk, for the help article', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpCompany(page, 'jobsdesk');
  const job = await post(
    page,
    '/api/v1/jobs',
    {
      name: 'Gearbox rebuild',
      customer: 'Acme Mills',
      budgetHours: '40',
      budgetCost: '12500',
      notes: 'Two shafts',
    },
    201,
  );
  await post(
    page,
    '/api/v1/jobs',
    { name: 'Conveyor guard', customer: 'Brook Foods', budgetCost: '1800' },
    201,
  );
  await page.goto('/jobs');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('row', { name: /JOB-000002/ })).toBeVisible();
  await takeHelpScreenshot(page, 'jobs-1280');
  await page.goto(`/jobs?id=${job.id}`);
  await expect(page.getByRole('heading', { name: 'JOB-000001', level: 1 })).toBeVisible();
  await expectAccessible(page, 'the job page on a desk');
  await takeHelpScreenshot(page, 'job-page-1280');
});
