// The plan: an admin sees the beta's end and usage, changes the plan (recorded in the audit trail), and cannot
// choose a plan smaller than what the company uses; a plain user sees the plan read-only; every text on the screen,
// the plan's badge included, is readable.
import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { addMonths, todayIn } from '../../common/time/calendar.ts';
import { formatCalendarDate } from '../../common/time/format.ts';
import { inviteUser, logInAs, signUpCompany } from './support/session.ts';

test.beforeEach(async ({ page }) => {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.22.${octet()}.${octet()}` });
});

test('an admin sees the beta and its end, moves to Starter, and the trail records it', async ({ page }) => {
  await signUpCompany(page, 'plans', { timezone: 'America/New_York' });
  await page.goto('/admin/subscription');
  await expect(page.getByTestId('current-plan')).toHaveText('Beta');
  // The beta lasts 12 calendar months from sign-up, shown on the company's calendar: reckoned from the runner's UTC
  // date, this failed between midnight UTC and midnight in New York.
  const end = addMonths(todayIn('America/New_York'), 12);
  await expect(page.getByText(`ends on ${formatCalendarDate(end, 'en-US')}`)).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Active users: 1 of 50 used' })).toBeVisible();

  await page.getByRole('button', { name: 'Choose Starter' }).click();
  await page.getByRole('button', { name: 'Change to Starter' }).click();
  await expect(page.getByText('Your company is now on the Starter plan.')).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('Starter');
  await expect(page.getByRole('progressbar', { name: 'Active users: 1 of 10 used' })).toBeVisible();

  await page.goto('/admin?tab=audit');
  await expect(page.getByRole('table', { name: 'Audit trail' })).toContainText('Plan: Beta → Starter');
});

test('a plan smaller than the usage cannot be chosen, and a plain user sees the plan read-only', async ({
  page,
}) => {
  await signUpCompany(page, 'fullplan');
  for (let i = 0; i < 3; i++) {
    const response = await page.request.post('/api/v1/users', {
      data: {
        method: 'invite',
        email: `seat${i}.${randomBytes(3).toString('hex')}@seats.e2e.test`,
        firstName: 'Seat',
        lastName: `Holder ${i}`,
      },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto('/admin/subscription');
  await expect(page.getByRole('progressbar', { name: 'Active users: 4 of 50 used' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'You have 4 active users' })).toBeDisabled();

  await logInAs(page, await inviteUser(page, 'user'));
  await page.goto('/subscription');
  await expect(page.getByTestId('current-plan')).toHaveText('Beta');
  await expect(page.getByText('Only an admin of your company can change the plan.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Choose/ })).toHaveCount(0);
});

/**
 * axe's colour-contrast rule on the page: no failures, and nothing it could not judge — text painted in the colour
 * of its own background (the Free badge was) is reported as "incomplete" with a 1:1 ratio, not as a violation.
 */
async function contrastProblems(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return [...results.violations, ...results.incomplete].flatMap((rule) =>
    rule.nodes.map(
      (node) => `${node.target.join(' ')}: ${node.any.map((check) => check.message).join('; ')}`,
    ),
  );
}

test('the plan badge and every other text of the subscription screen pass axe colour contrast', async ({
  page,
}) => {
  await signUpCompany(page, 'contrast');
  await page.goto('/subscription');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByTestId('current-plan')).toHaveText('Beta');
  await expect(
    page.getByRole('region', { name: 'Your plan' }).getByText('Free', { exact: true }),
  ).toBeVisible();
  expect(await contrastProblems(page)).toEqual([]);

  // A paid plan's badge shows its price instead.
  const changed = await page.request.post('/api/v1/subscription/plan', { data: { planId: 'standard' } });
  expect(changed.status(), await changed.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('current-plan')).toHaveText('Starter');
  await expect(
    page.getByRole('region', { name: 'Your plan' }).getByText('$25/month', { exact: true }),
  ).toBeVisible();
  expect(await contrastProblems(page)).toEqual([]);
});
