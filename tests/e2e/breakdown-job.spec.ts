// A repair on a job (decision 085) on a 390 px phone: the technician's breakdown page picks the open job it is charged
// to with the shared job picker, then "Clock in on this repair" starts their clock on that job as maintenance, and the
// page says so (the parts' posting to the job is the API tests'). Resolving the repair stops that clock, and the toast
// says so. axe finds nothing serious on the page.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { switchMaintenanceOn } from './support/maintenance.ts';
import { signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(97) });
});

test('a repair is charged to a job, the clock runs on it and stops when it is resolved, on a 390 px phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpCompany(page, 'repairjob');
  await switchMaintenanceOn(page);
  await post(page, '/api/v1/jobs', { name: 'Line 2 refit', customer: 'Brook Foods' }, 201);
  const machine = await post(page, '/api/v1/machines', { name: 'Press', assetTag: 'PR-7' }, 201);
  const breakdown = await post(
    page,
    '/api/v1/breakdowns',
    { machineId: machine.id, problem: 'Ram leaks oil' },
    201,
  );

  await page.goto(`/maintenance/machine-fix?id=${breakdown.id}`);
  const job = page.getByRole('region', { name: 'Job' });
  await expect(job).toBeVisible();
  await job.getByRole('combobox', { name: 'Charged to job' }).fill('refit');
  await page.getByRole('option', { name: /JOB-000001 · Line 2 refit/ }).click();
  await expect(page.getByText('Breakdown 1 charged to JOB-000001')).toBeVisible();

  await job.getByRole('button', { name: 'Clock in on this repair' }).click();
  await expect(job.getByRole('status')).toHaveText('Your clock runs on this repair (JOB-000001).');
  const clock = await (await page.request.get('/api/v1/time/clock')).json();
  expect(clock.entry).toMatchObject({
    jobNumber: 'JOB-000001',
    breakdownId: breakdown.id,
    activity: 'maintenance',
    endedAt: null,
  });
  await expectAccessible(page, 'a breakdown charged to a job, its clock running');
  await job.scrollIntoViewIfNeeded();
  await takeHelpScreenshot(page, 'breakdown-job-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Resolved: time on a done repair is typed, not clocked, so the clock on it stops and the person is told.
  await page.getByRole('button', { name: 'Resolve' }).click();
  const resolve = page.getByRole('form', { name: 'Resolve breakdown' });
  await resolve.getByRole('textbox', { name: 'Cause' }).fill('Worn seal');
  await resolve.getByRole('textbox', { name: 'Action taken' }).fill('Replaced the seal');
  await resolve.getByRole('textbox', { name: 'Repair time (minutes)' }).fill('0');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(resolve).toHaveCount(0);
  await expect(
    page.getByText(/^Press is running; downtime .*\. Your clock on it is stopped\.$/),
  ).toBeVisible();
  expect((await (await page.request.get('/api/v1/time/clock')).json()).entry).toBeNull();
});
