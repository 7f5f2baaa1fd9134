// The "Save password" button of /reset-password, shared by the specs that set a password from a mailed link.
import type { Page } from '@playwright/test';

/**
 * Clicks "Save password" and waits for the server's answer, however long it takes: the server hashes the new
 * password and checks it again for the sign-in that follows, both at production cost (scrypt: 0.4 s each on an idle
 * core; the answer took 5-8 s with two workers on a loaded 2-core machine). A fixed 7 s wait for the toast failed now
 * and then with two workers and passed alone. What the page does with the answer keeps the usual budget.
 * Returns the answer's status.
 */
export async function savePassword(page: Page): Promise<number> {
  const [answer] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/auth/reset-password'),
    ),
    page.getByRole('button', { name: 'Save password' }).click(),
  ]);
  return answer.status();
}
