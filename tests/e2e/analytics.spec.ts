// Consent-gated analytics: nothing is recorded before or after Decline; page views are recorded after Accept.
import { expect, test } from '@playwright/test';
import { signUpCompany } from './support/session.ts';

test('page views reach the server only after the visitor accepts cookies', async ({ page }) => {
  await signUpCompany(page, 'consent');
  const pageViews = async () => {
    const summary = await (await page.request.get('/api/v1/analytics/summary')).json();
    return summary.topPaths as { path: string; count: number }[];
  };
  const sections = page.getByRole('navigation', { name: 'Sections' });

  await page.goto('/help');
  await sections.getByRole('button', { name: 'Time', exact: true }).click();
  await expect(page).toHaveURL(/\/time$/);
  await page.getByRole('button', { name: 'Decline' }).click();
  await sections.getByRole('button', { name: 'Quality', exact: true }).click();
  await expect(page).toHaveURL(/\/quality$/);
  expect(await pageViews()).toEqual([]);

  await page.evaluate(() => localStorage.removeItem('cookie-consent'));
  await page.reload();
  await page.getByRole('button', { name: 'Accept' }).click();
  await sections.getByRole('button', { name: 'Inventory', exact: true }).click();
  await expect(page).toHaveURL(/\/scan$/);
  // The address changes at once, the page once its code has loaded: a view is counted when the page is shown, and
  // leaving before then (as a quick second click would) rightly counts none.
  await expect(page.getByRole('heading', { name: 'Scan Items', level: 1 })).toBeVisible();
  await sections.getByRole('button', { name: 'Help', exact: true }).click();
  await expect.poll(pageViews).toEqual([
    { path: '/help', count: 1 },
    { path: '/scan', count: 1 },
  ]);
});
