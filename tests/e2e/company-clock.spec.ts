// Dates are read on the company's clock, not the browser's (decision 040): a planner in Hawaii looking at a Tokyo
// company's audit trail reads Tokyo's date and time, the same as the operators in Tokyo do.
import { expect, test } from '@playwright/test';
import type { TAuditPage } from '../../common/schemas/audit.ts';
import { signUpCompany } from './support/session.ts';

// The browser is in Hawaii (UTC−10); the company is in Tokyo (UTC+9): 19 hours apart, so the two clocks never show
// the same time, and from 15:00 to 10:00 UTC not the same date either.
test.use({ timezoneId: 'Pacific/Honolulu', locale: 'en-US' });

const written = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(instant),
  );

test('a Tokyo company’s audit trail shows Tokyo time in a browser in Hawaii', async ({ page }) => {
  await signUpCompany(page, 'clock', { timezone: 'Asia/Tokyo' });
  const config = await page.request.patch('/api/v1/company/label-config', { data: { allowBorrowing: true } });
  expect(config.status(), await config.text()).toBe(200);
  const trail = await page.request.get('/api/v1/audit?page=1&pageSize=1');
  expect(trail.status(), await trail.text()).toBe(200);
  const [entry] = ((await trail.json()) as TAuditPage).items;
  if (!entry) throw new Error('the change made no audit entry');

  await page.goto('/admin?tab=audit');
  await page.getByRole('button', { name: 'Decline' }).click();
  const row = page.getByRole('table', { name: 'Audit trail' }).getByRole('row').nth(1);
  await expect(row).toContainText(written(entry.createdAt, 'Asia/Tokyo'));
  await expect(row).not.toContainText(written(entry.createdAt, 'Pacific/Honolulu'));
  // The browser really is in Hawaii: its own clock would have written the other text.
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    'Pacific/Honolulu',
  );
});
