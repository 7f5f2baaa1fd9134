// What most journeys share: each test's browser as a visitor of its own (the per-address rate limits count people
// apart, as they would count real visitors behind the proxy), and a POST through the page's own session that must
// succeed (set-up through the API, as an admin's earlier work would have left it).
import { type Browser, expect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './server.ts';

/** A random address in 198.<block>.0.0/16; each spec file keeps a block of its own. */
export function visitorAddress(block: number): string {
  return `198.${block}.${Math.floor(Math.random() * 254) + 1}.${Math.floor(Math.random() * 254) + 1}`;
}

/** POSTs `data` as the page's signed-in user; fails the test unless the answer is `status` (any 2xx by default). */
export async function post(page: Page, url: string, data: object = {}, status?: number) {
  const response = await page.request.post(url, { data });
  if (status === undefined) expect(response.ok(), `POST ${url}: ${await response.text()}`).toBe(true);
  else expect(response.status(), `POST ${url}: ${await response.text()}`).toBe(status);
  return response.json();
}

/** A signed-out browser of its own, as a visitor of `block` (visitorAddress), with the cookie banner answered. */
export async function newVisitor(browser: Browser, block: number) {
  const context = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress(block) },
  });
  await context.addInitScript(() => window.localStorage.setItem('cookie-consent', 'declined'));
  return { context, page: await context.newPage() };
}
