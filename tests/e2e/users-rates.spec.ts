// A rate from a date on the Users screen (decision 085, the API of decision 080), on a 390 px phone: the admin's own
// time was costed at $30 an hour — two hours last week and one earlier today, typed through the API as an earlier day
// would have left them. Setting $45 from today previews that it takes effect now and re-prices nothing, and once
// confirmed the earlier entries keep their cost; setting $40 from last week previews how many entries it re-prices
// (the three since then), and once confirmed they cost $40 an hour. axe finds nothing serious in the dialog.
import { expect, type Page, test } from '@playwright/test';
import { addDays, todayIn } from '../../common/time/calendar.ts';
import { expectAccessible } from './support/axe.ts';
import { pickDate } from './support/date-picker.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 120_000 });

const ZONE = 'America/New_York';

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(96) });
});

/** The costs of the admin's entries `ids`, read from the weeks they lie in. */
async function costsOf(page: Page, weeks: string[], ids: string[]): Promise<string[]> {
  const costs = new Map<string, string>();
  for (const week of weeks) {
    const response = await page.request.get(`/api/v1/time/week?week=${week}`);
    expect(response.ok(), await response.text()).toBe(true);
    for (const e of (await response.json()).entries as Array<{ id: string; cost: string }>)
      costs.set(e.id, e.cost);
  }
  return ids.map((id) => costs.get(id) ?? 'missing');
}

test('an admin sets a rate from today, then from last week, on a 390 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const admin = await signUpCompany(page, 'rates', { timezone: ZONE });
  const today = todayIn(ZONE);
  const lastWeek = addDays(today, -7);
  const me = (await (await page.request.get('/api/v1/session')).json()).user.id as string;

  // $30 an hour from last week, then the time it costs: two hours last week, one earlier today.
  await post(page, `/api/v1/users/${me}/labor-rates`, { rate: '30', effectiveFrom: lastWeek }, 200);
  const job = await post(page, '/api/v1/jobs', { name: 'Press rebuild' }, 201);
  const typed = async (from: string, to: string) =>
    (
      await post(
        page,
        '/api/v1/time/entries',
        { jobId: job.id, startedAt: from, endedAt: to, reason: 'Typed' },
        201,
      )
    ).id as string;
  const hour = 3_600_000;
  const now = Date.now();
  const ids = [
    await typed(`${lastWeek}T14:00:00.000Z`, `${lastWeek}T15:00:00.000Z`),
    await typed(`${lastWeek}T16:00:00.000Z`, `${lastWeek}T17:00:00.000Z`),
    await typed(new Date(now - 3 * hour).toISOString(), new Date(now - 2 * hour).toISOString()),
  ];
  const weeks = [lastWeek, today];
  expect(await costsOf(page, weeks, ids)).toEqual(['30', '30', '30']);

  await page.goto('/admin?tab=users');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  const setRate = page.getByRole('button', { name: `Set rate from a date for ${admin.email}` });

  // From today: the preview says it takes effect now; confirmed, the earlier entries keep their cost.
  await setRate.click();
  const form = page.getByRole('form', { name: 'Set rate from a date' });
  await form.getByRole('textbox', { name: 'Rate per hour' }).fill('45');
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'It takes effect now: earlier time keeps its cost (re-prices 0 entries).',
  );
  await expectAccessible(page, 'the rate dialog with its preview');
  await form.getByRole('button', { name: 'Confirm' }).click();
  const dialog = page.getByRole('dialog', { name: `Set rate for ${admin.firstName} ${admin.lastName}` });
  await expect(dialog.getByRole('status')).toContainText('Takes effect now: earlier time keeps its cost');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel(`${admin.firstName} ${admin.lastName}`, { exact: true })).toContainText(
    '$45.00/h',
  );
  expect(await costsOf(page, weeks, ids)).toEqual(['30', '30', '30']);

  // From last week: the preview counts the three entries since then; a changed rate asks for the preview again.
  await setRate.click();
  await form.getByRole('textbox', { name: 'Rate per hour' }).fill('41');
  await pickDate(page, form.getByRole('button', { name: 'Effective from' }), lastWeek);
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Re-prices 3 entries: the time they record is costed at $41.00/h.',
  );
  await form.getByRole('textbox', { name: 'Rate per hour' }).fill('40');
  await expect(form.getByRole('status')).toHaveCount(0);
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Re-prices 3 entries: the time they record is costed at $40.00/h.',
  );
  await expectAccessible(page, 'the rate dialog re-pricing past entries');
  await takeHelpScreenshot(page, 'users-set-rate-390');
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('status')).toContainText('Re-priced 3 entries at $40.00/h.');
  await dialog.getByRole('button', { name: 'Done' }).click();
  expect(await costsOf(page, weeks, ids)).toEqual(['40', '40', '40']);
  // The rate in force now is still today's.
  await expect(page.getByLabel(`${admin.firstName} ${admin.lastName}`, { exact: true })).toContainText(
    '$45.00/h',
  );
});
