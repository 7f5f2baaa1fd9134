// A PM on a job (decision 085) on a 390 px phone, from the PM calendar's details: a job closed since the picker's list
// was read is refused at the field in the server's words and nothing is charged; the open job is charged, "Clock in on
// this PM" starts the technician's clock on it as maintenance, and the Complete dialog opens with that job picked and
// completes the work with a part from stock, which stops that clock. Time Tracking then shows the day's entry on the job
// as maintenance, and the job's cost counts the part as maintenance parts. axe finds nothing serious in the details or the dialog.
import { expect, test } from '@playwright/test';
import { todayIn } from '../../common/time/calendar.ts';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { switchMaintenanceOn } from './support/maintenance.ts';
import { signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 150_000 });

const ZONE = 'Europe/Berlin';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(89) });
});

test('a PM is charged to a job, clocked onto and completed with a part, on a 390 px phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpCompany(page, 'pmjob', { timezone: ZONE });
  await switchMaintenanceOn(page);
  const today = todayIn(ZONE);
  const refit = await post(page, '/api/v1/jobs', { name: 'Line 2 refit', customer: 'Brook Foods' }, 201);
  const boiler = await post(page, '/api/v1/jobs', { name: 'Boiler service' }, 201);
  // 5 drive belts at PLANT / BIN, $12.50 each.
  const site = await post(page, '/api/v1/locations', { kind: 'site', code: 'PLANT', name: 'Plant' });
  const bin = await post(page, '/api/v1/locations', {
    kind: 'bin',
    parentId: site.id,
    code: 'BIN',
    name: 'Bin',
  });
  const belt = await post(page, '/api/v1/items', {
    partNumber: 'BELT-A',
    name: 'Drive belt',
    unitCost: '12.50',
    lotTracked: false,
  });
  await post(page, '/api/v1/stock/transactions', {
    idempotencyKey: crypto.randomUUID(),
    kind: 'receive',
    lines: [{ itemId: belt.id, locationId: bin.id, quantity: '5' }],
  });
  const machine = await post(page, '/api/v1/machines', { name: 'Press', assetTag: 'PR-7' }, 201);
  const plan = await post(page, '/api/v1/maintenance/plans', {
    machineId: machine.id,
    title: 'Weekly greasing',
    mode: 'floating',
    startOn: today,
    calendarEvery: 1,
    calendarUnit: 'week',
    checklist: [{ text: 'Grease the ram' }],
  });
  const occurrenceId = plan.open.id as string;

  await page.goto('/maintenance/pm-calendar');
  await expect(page.getByRole('heading', { name: 'PM calendar', level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Due: Press — Weekly greasing' }).click();
  const details = page.getByRole('dialog', { name: 'Weekly greasing' });
  const job = details.getByRole('region', { name: 'Job' });
  const picker = job.getByRole('combobox', { name: 'Charged to job' });
  await expect(picker).toBeVisible();

  // The boiler job is closed after the list was read: refused at the field, and the PM stays on no job.
  await picker.fill('Boiler');
  const boilerOption = page.getByRole('option', { name: /JOB-000002 · Boiler service/ });
  await expect(boilerOption).toBeVisible();
  // The server's answer to "Boiler" is in (the refit is gone from the list): before it, the list shown was the one
  // for what was typed earlier, and the search for "Boiler" ran after the job was closed and found nothing to click.
  await expect(page.getByRole('option', { name: /Line 2 refit/ })).toHaveCount(0);
  await post(page, `/api/v1/jobs/${boiler.id}/status`, { status: 'closed' }, 200);
  await boilerOption.click();
  await expect(
    job.getByText('JOB-000002 is closed: it takes no new maintenance. Reopen it first.'),
  ).toBeVisible();
  const unchanged = await (await page.request.get(`/api/v1/maintenance/occurrences/${occurrenceId}`)).json();
  expect(unchanged.job).toBeNull();

  // The refit job: charged, then the clock runs on it as maintenance of this PM.
  await picker.fill('refit');
  await page.getByRole('option', { name: /JOB-000001 · Line 2 refit/ }).click();
  await expect(page.getByText('Weekly greasing charged to JOB-000001')).toBeVisible();
  await expect(job.getByText(/is closed/)).toHaveCount(0);
  await job.getByRole('button', { name: 'Clock in on this PM' }).click();
  await expect(job.getByRole('status')).toHaveText('Your clock runs on this PM (JOB-000001).');
  const clock = await (await page.request.get('/api/v1/time/clock')).json();
  expect(clock.entry).toMatchObject({
    jobNumber: 'JOB-000001',
    occurrenceId,
    activity: 'maintenance',
    endedAt: null,
  });
  await expectAccessible(page, 'a PM charged to a job, its clock running');
  await takeHelpScreenshot(page, 'pm-job-390');

  // Complete: the dialog has the job picked; two belts fitted.
  await details.getByRole('button', { name: 'Complete' }).click();
  const complete = page.getByRole('form', { name: 'Complete maintenance' });
  await expect(complete.getByRole('combobox', { name: 'Charged to job' })).toHaveValue(
    'JOB-000001 · Line 2 refit',
  );
  await complete.getByRole('checkbox', { name: 'Grease the ram' }).check();
  await complete.getByRole('button', { name: 'Add part' }).click();
  const part = complete.getByRole('group', { name: 'Part 1' });
  const item = part.getByRole('combobox', { name: 'Part 1', exact: true });
  await item.click();
  await item.fill('BELT');
  await page.getByRole('option', { name: 'BELT-A · Drive belt' }).click();
  await part.getByRole('combobox', { name: 'Part 1 taken from' }).click();
  await page.getByRole('option', { name: 'PLANT / BIN — 5 ea' }).click();
  await part.getByRole('textbox', { name: 'Part 1 quantity' }).fill('2');
  await expectAccessible(page, 'the Complete dialog with its job');
  await takeHelpScreenshot(page, 'pm-complete-job-390');
  await complete.getByRole('button', { name: 'Complete' }).click();
  await expect(complete).toHaveCount(0);
  await expect(
    page.getByText(
      /^Weekly greasing on Press, on time; 1 part issued from stock\. The next one is open\. Your clock on it is stopped\.$/,
    ),
  ).toBeVisible();
  const done = await (await page.request.get(`/api/v1/maintenance/occurrences/${occurrenceId}`)).json();
  expect(done).toMatchObject({ status: 'completed', job: { number: 'JOB-000001' } });

  // Completing the PM stopped the clock on it (decision 085): Time Tracking shows the clock stopped and today's entry
  // on the job as maintenance; the job's cost has the belts as maintenance parts.
  await page.goto('/time');
  const yourClock = page.getByRole('region', { name: 'Your clock' });
  await expect(yourClock.getByText(/^Your clock is stopped\./)).toBeVisible({ timeout: 30_000 });
  const entry = page.getByRole('listitem', { name: /JOB-000001$/ });
  await expect(entry.getByText('JOB-000001 · Line 2 refit')).toBeVisible();
  await expect(entry.getByText('Maintenance', { exact: true })).toBeVisible();
  const stopped = await (await page.request.get('/api/v1/time/clock')).json();
  expect(stopped.entry).toBeNull();
  const cost = await page.request.get(
    `/api/v1/job-cost-report/jobs/${refit.id}?from=${today}&to=${today}&granularity=day`,
  );
  expect(cost.ok(), await cost.text()).toBe(true);
  expect((await cost.json()).job).toMatchObject({ maintenanceParts: '25.00' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
