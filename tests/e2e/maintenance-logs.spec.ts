// Maintenance Logs (/maintenance/logs, issue 22, decision 061): a shop with the Maintenance area on, a lathe whose
// breakdown was reported and resolved at once (no downtime, so no repair time: decision 067) and whose monthly PM was
// done today, on time, one task confirmed not done; and a press that never failed. The logs show the shop's MTTR
// (0.0 h), one failure and 100 % compliance, each machine's row, the work done newest first with its CSV and the task
// not done; "Show" narrows everything to the lathe; on a 360 px phone the rows are cards without sideways scroll.
// axe clean at each state.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { todayIn } from '../../common/time/calendar.ts';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

const ZONE = 'America/New_York';
test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(31) });
});

async function send(page: Page, method: 'post' | 'patch', url: string, data: object = {}) {
  const response = await page.request[method](url, { data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** A company with Maintenance on, a lathe with a resolved breakdown and a PM done today, and a press. */
async function setUp(page: Page) {
  await signUpCompany(page, 'logs', { timezone: ZONE });
  await send(page, 'patch', '/api/v1/company/label-config', { enableMaintenanceFeature: true });
  const lathe = await send(page, 'post', '/api/v1/machines', { name: 'Lathe', assetTag: 'LT-1' });
  await send(page, 'post', '/api/v1/machines', { name: 'Press', assetTag: 'PR-1' });
  const breakdown = await send(page, 'post', '/api/v1/breakdowns', {
    machineId: lathe.id,
    problem: 'Spindle noise',
    priority: 'high',
  });
  await send(page, 'post', `/api/v1/breakdowns/${breakdown.id}/resolve`, {
    cause: 'Worn bearing',
    action: 'Replaced the bearing',
    repairMinutes: 0,
    parts: [],
  });
  const plan = await send(page, 'post', '/api/v1/maintenance/plans', {
    machineId: lathe.id,
    title: 'Monthly lube',
    checklist: [{ text: 'Grease the ways' }, { text: 'Check the way wipers' }],
    mode: 'fixed',
    startOn: todayIn(ZONE),
    calendarEvery: 1,
    calendarUnit: 'month',
  });
  await send(page, 'post', `/api/v1/maintenance/occurrences/${plan.open.id}/complete`, {
    minutesSpent: 30,
    // The wipers were left: the completion says so (decision 067), and the logs show it.
    checklist: [{ done: true }, { done: false }],
    skippedTasksConfirmed: true,
    notes: 'All greased',
  });
  return { lathe };
}

test('the logs show MTTR, failures and PM compliance, the work done and its CSV, and one machine’s figures', async ({
  page,
}) => {
  await setUp(page);
  await page.goto('/maintenance/logs');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Maintenance Logs', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'MTTR' })).toContainText('0.0 h');
  await expect(page.getByRole('region', { name: 'MTBF' })).toContainText('over 1 failure');
  await expect(page.getByRole('region', { name: 'PM compliance' })).toContainText('100.0%');

  const machines = page.getByRole('table', { name: 'Figures by machine' });
  await expect(machines.getByRole('row')).toHaveCount(3);
  await expect(machines.getByRole('row').nth(1)).toContainText('Lathe · LT-1');
  await expect(machines.getByRole('row').nth(1)).toContainText('1 of 1 (100.0%)');
  await expect(machines.getByRole('row').nth(2)).toContainText('Press · PR-1');

  const work = page.getByRole('table', { name: 'Work done' });
  await expect(work.getByRole('row')).toHaveCount(3);
  await expect(work).toContainText('#1 Spindle noise');
  await expect(work).toContainText('Monthly lube');
  await expect(work).toContainText('Action: Replaced the bearing');
  await expect(work).toContainText('Notes: All greased · Not done: Check the way wipers');
  await expectAccessible(page, 'the logs of the shop');
  await takeHelpScreenshot(page, 'maintenance-logs-1280');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain('Repair,Lathe,LT-1,#1 Spindle noise');
  expect(csv).toContain('Preventive,Lathe,LT-1,Monthly lube');
  expect(csv).toMatch(/,Check the way wipers\r?\n/);

  await machines.getByRole('button', { name: 'Show Press · PR-1' }).click();
  await expect(page.getByRole('heading', { name: 'Press (PR-1)', level: 2 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'MTBF' })).toContainText('—');
  await expect(page.getByText('Nothing was done in this period.')).toBeVisible();
  await expectAccessible(page, 'the logs of one machine');
});

test('on a 360 px phone the logs are cards, without sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await setUp(page);
  await page.goto('/maintenance/logs');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('article', { name: 'Lathe · LT-1' })).toContainText('1 failure');
  await expect(page.getByRole('article', { name: 'Repair: #1 Spindle noise' })).toBeVisible();
  await expectAccessible(page, 'the logs as cards');
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  await takeHelpScreenshot(page, 'maintenance-logs-360');
});
