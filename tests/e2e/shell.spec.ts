// The signed-in shell as a newcomer meets it (issue 17): every route of a built screen opens that screen, and the
// navigation bar stays put while the company's configuration arrives.
import { expect, type Page, test } from '@playwright/test';
import { inviteUser, logInAs, patchLabelConfig, signUpCompany } from './support/session.ts';

test('every route of an admin screen opens the real screen', async ({ page }) => {
  await signUpCompany(page, 'aliases');
  // The routes of SPEC.md section 2 that show an admin tab's screen on a page of their own (the tabs themselves are
  // opened by the mobile and nav specs).
  const screens: [path: string, heading: string][] = [
    ['/label-config', 'Label Configuration'],
    ['/users', 'Users'],
    ['/subscription', 'Subscription'],
    ['/admin/subscription', 'Subscription'],
    ['/items', 'Inventory'],
  ];
  for (const [path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 }), path).toBeVisible();
  }

  // /label-config is the Config screen itself: an admin changes the configuration there.
  await page.goto('/label-config');
  const form = page.getByRole('form', { name: 'Company configuration' });
  await form.getByRole('switch', { name: /^Quality/ }).click();
  await form.getByRole('button', { name: 'Save configuration' }).click();
  await expect(page.getByText('Configuration saved')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Quality', exact: true }),
  ).toHaveCount(0);
});

test('a plain user sees the configuration on /label-config but cannot change it', async ({ page }) => {
  await signUpCompany(page, 'cfguser');
  await logInAs(page, await inviteUser(page, 'user'));
  await page.goto('/label-config');
  await expect(page.getByRole('heading', { name: 'Label Configuration', level: 1 })).toBeVisible();
  const settings = page.getByRole('table', { name: 'Company configuration' });
  await expect(settings.getByRole('row', { name: 'Label size 4 × 1 inches' })).toBeVisible();
  await expect(settings.getByRole('row', { name: 'Inventory On' })).toBeVisible();
  await expect(settings.getByRole('row', { name: 'Maintenance Off' })).toBeVisible();
  await expect(page.getByText('Only an admin of your company can change the configuration.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save configuration' })).toHaveCount(0);
});

/** Holds every answer of GET /api/v1/session until the returned function is called. */
async function holdSession(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.unroute('**/api/v1/session');
  await page.route('**/api/v1/session', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("the navigation bar does not move when the company's configuration arrives", async ({ page }) => {
  await signUpCompany(page, 'noshift');
  // A configuration unlike the defaults the bar could be drawn with: Maintenance on, Quality off.
  await patchLabelConfig(page.request, { enableMaintenanceFeature: true, enableQualityFeature: false });
  await page.goto('/help');
  const bar = page.getByRole('banner');
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await expect(sections.getByRole('button', { name: 'Maintenance', exact: true })).toBeVisible();

  // Every layout shift of the next loads, as the browser measures them for Cumulative Layout Shift.
  await page.addInitScript(() => {
    const shifts: { value: number; nodes: string[] }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const nodes = entry.sources.map((s) => {
          const el = s.node instanceof Element ? s.node : (s.node?.parentElement ?? null);
          return el ? `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 30) ?? ''}"` : '(gone)';
        });
        shifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

  // A returning user: the page starts from the user cached in the browser while the server is asked.
  let release = await holdSession(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Help & Documentation', level: 1 })).toBeVisible();
  const before = await bar.boundingBox();
  release();
  await expect(sections.getByRole('button', { name: 'Maintenance', exact: true })).toBeVisible();
  await expect(sections.getByRole('button')).toHaveText([
    'Build',
    'Inventory',
    'Time',
    'Maintenance',
    'Admin',
    'Help',
  ]);
  expect(await bar.boundingBox()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { layoutShifts: unknown[] }).layoutShifts)).toEqual(
    [],
  );

  // A first visit in this browser: nothing cached, the page waits for the session under a bar of the same size.
  await page.evaluate(() => localStorage.removeItem('userData'));
  release = await holdSession(page);
  await page.reload();
  await expect(page.getByText('Loading...')).toBeVisible();
  const waiting = await bar.boundingBox();
  release();
  await expect(sections.getByRole('button', { name: 'Maintenance', exact: true })).toBeVisible();
  expect(waiting).not.toBeNull();
  expect(await bar.boundingBox()).toEqual(waiting);
});

test('the same message twice is one toast: a wrong password tried twice', async ({ page }) => {
  // A visitor address of its own, so that the sign-in limits count this test apart.
  const octet = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.22.${octet()}.${octet()}` });
  await page.goto('/?login=true');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('E-mail').fill(`nobody.${octet()}${octet()}@toast.e2e.test`);
  const password = form.getByLabel(/^Password/);
  await password.fill('Not-the-password 1');
  const toasts = page.getByRole('alert').filter({ hasText: 'Invalid email or password.' });
  /** Submits with the keyboard (the pointer stays where it is) and waits until the form has handled the answer. */
  const submit = async () => {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/sign-in'));
    await password.press('Enter');
    await answered;
    // The toast is shown before the form leaves its busy state.
    await expect(form.getByRole('button', { name: 'Log in' })).not.toHaveAttribute('data-loading');
  };

  await submit();
  await expect(toasts).toHaveCount(1);
  // The pointer rests on the toast, which holds its timer: it is still there when the second answer comes.
  await toasts.hover();
  await submit();
  await expect(toasts).toHaveCount(1);
  await expect(toasts).toBeVisible();
});
