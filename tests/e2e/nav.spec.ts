// The signed-in navigation against SPEC.md section 2's table, for each role, with flags and the current section.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { E2E_SYSADMIN, inviteUser, logInAs, patchLabelConfig, signUpCompany } from './support/session.ts';

// SPEC.md's table, written out: section -> pages, for a plain user and the extra entries of admins and sysadmins.
const USER_NAV: Record<string, string[]> = {
  Build: ['Work Orders', 'Manage Orders', 'Production Report'],
  Quality: ['Quality Dashboard', 'QC Instructions', 'QC Setup'],
  Inventory: ['Scan Items', 'Tag Items', 'Inventory', 'Stock Check'],
  Time: ['Time Tracking'],
  Maintenance: ['PM Calendar', 'Unscheduled Maintenance', 'Maintenance Logs'],
  Help: ['Help & Documentation'],
};
const ADMIN_NAV: Record<string, string[]> = {
  Build: [...USER_NAV.Build!, 'Assembly Setup'],
  Quality: USER_NAV.Quality!,
  Inventory: [...USER_NAV.Inventory!, 'SKU Setup'],
  Time: ['Time Tracking', 'Job Management', 'Job Cost Report'],
  Maintenance: [...USER_NAV.Maintenance!, 'Maintenance Plans', 'Machines', 'Email Settings'],
  Admin: ['Users', 'Config', 'Label Formats', 'Subscription', 'Audit Trail', 'Single sign-on'],
  Help: USER_NAV.Help!,
};
const SYSADMIN_NAV: Record<string, string[]> = {
  ...ADMIN_NAV,
  Admin: [...ADMIN_NAV.Admin!, 'Security Dashboard'],
};

// SPEC.md: choosing a section jumps to its first page.
const FIRST_PAGE: Record<string, string> = {
  Build: '/build/work-order',
  Quality: '/quality',
  Inventory: '/scan',
  Time: '/time',
  Maintenance: '/maintenance/pm-calendar',
  Admin: '/admin?tab=users',
  Help: '/help',
};

const sectionsNav = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

/** Waits until the bar shows exactly these sections, in this order. */
async function expectSections(page: Page, labels: string[]): Promise<void> {
  await expect(sectionsNav(page).getByRole('button')).toHaveText(labels);
}

/** Waits until the current section's page links are exactly these, in this order. */
async function expectPages(page: Page, section: string, labels: string[]): Promise<void> {
  await expect(page.getByRole('navigation', { name: `${section} pages` }).getByRole('link')).toHaveText(
    labels,
  );
}

/**
 * Signs in as `role` in a company with Maintenance switched on (it is off by default), so every section exists:
 * a new company's admin (who invites the user), or the installation's sysadmin in the operations company.
 */
async function signInWithAllSections(page: Page, role: 'user' | 'admin' | 'sysadmin') {
  if (role === 'sysadmin') {
    await logInAs(page, E2E_SYSADMIN);
    await patchLabelConfig(page.request, { enableMaintenanceFeature: true });
    return;
  }
  await signUpCompany(page, 'nav');
  await patchLabelConfig(page.request, { enableMaintenanceFeature: true });
  if (role === 'user') await logInAs(page, await inviteUser(page, 'user'));
}

for (const [role, expected] of [
  ['user', USER_NAV],
  ['admin', ADMIN_NAV],
  ['sysadmin', SYSADMIN_NAV],
] as const) {
  test(`a ${role} sees exactly the sections and pages of SPEC.md's table`, async ({ page }) => {
    await signInWithAllSections(page, role);
    await page.goto('/help');
    await expect(sectionsNav(page)).toBeVisible();
    await expectSections(page, Object.keys(expected));
    for (const [section, pages] of Object.entries(expected)) {
      await sectionsNav(page).getByRole('button', { name: section, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname + url.search === FIRST_PAGE[section]);
      await expect(sectionsNav(page).getByRole('button', { name: section, exact: true })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expectPages(page, section, pages);
    }
    if (role === 'admin') {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/build/work-order');
      await page.screenshot({ path: 'tests/artifacts/nav-desktop.png' });
    }
  });
}

test('switched-off areas vanish from the bar, and come back when switched on, live and after a reload', async ({
  page,
}) => {
  await signUpCompany(page, 'flags');
  await patchLabelConfig(page.request, {
    enableBuildFeature: false,
    enableQualityFeature: false,
    enableInventoryFeature: false,
    enableTimeFeature: false,
    enableMaintenanceFeature: false,
  });
  await page.goto('/help');
  await expectSections(page, ['Admin', 'Help']);

  // The labelConfigUpdated event merges new values and the bar recomputes without a reload.
  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('labelConfigUpdated', { detail: { enableQualityFeature: true } })),
  );
  await expect(sectionsNav(page).getByRole('button', { name: 'Quality', exact: true })).toBeVisible();

  await patchLabelConfig(page.request, { enableBuildFeature: true });
  await page.reload();
  await expectSections(page, ['Build', 'Admin', 'Help']);

  // A page of a switched-off area says so instead of showing the screen.
  await page.goto('/inventory');
  await expect(page.getByText('Inventory is switched off')).toBeVisible();
});

test('the current section follows the path, on every signed-in route', async ({ page }) => {
  await signInWithAllSections(page, 'sysadmin');
  // SPEC.md's rule; the routes showing an admin tab's screen on their own (/users, /label-config, /subscription) go
  // with the tab, the item pages (/items) with Inventory.
  const cases: [string, string][] = [
    ['/users', 'Admin'],
    ['/label-config', 'Admin'],
    ['/subscription', 'Admin'],
    ['/items', 'Inventory'],
    ['/admin?tab=items', 'Inventory'],
    ['/admin?tab=users', 'Admin'],
    ['/admin?tab=label-definitions', 'Admin'],
    ['/admin/subscription', 'Admin'],
    ['/security-dashboard', 'Admin'],
    ['/time', 'Time'],
    ['/jobs', 'Time'],
    ['/job-cost-report', 'Time'],
    ['/build/work-order', 'Build'],
    ['/orders', 'Build'],
    ['/assembly-setup', 'Build'],
    ['/scan', 'Inventory'],
    ['/labels', 'Inventory'],
    ['/inventory', 'Inventory'],
    ['/stock-check', 'Inventory'],
    ['/quality', 'Quality'],
    ['/quality/qc-display', 'Quality'],
    ['/maintenance/logs', 'Maintenance'],
    ['/help', 'Help'],
  ];
  // The first path loads the app; the others move inside it as the browser's back and forward do (a history entry
  // and a popstate, which the router follows): the section must follow the path however it changes, and 23 full
  // loads of the app outlasted the test's budget on a loaded CI machine.
  await page.goto(cases[0]![0]);
  for (const [path, section] of cases) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    // Exactly one section is current, and it is the path's.
    await expect(sectionsNav(page).locator('[aria-current="true"]'), path).toHaveAccessibleName(section);
  }
});

test('the signed-in shell has no serious accessibility violations, and works by keyboard', async ({
  page,
}) => {
  // Six pages, each checked by axe: a multi-page journey's budget, not the default 30 s.
  test.setTimeout(90_000);
  await signUpCompany(page, 'a11y');
  for (const path of [
    '/help',
    '/admin?tab=users',
    '/admin?tab=label-config',
    '/admin?tab=audit',
    '/admin/subscription',
    '/inventory',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(
      serious.map(
        (v) => `${path}: ${v.id} ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  }
  // Tab to the Quality section and choose it with Enter.
  await page.goto('/help');
  const quality = sectionsNav(page).getByRole('button', { name: 'Quality', exact: true });
  for (let i = 0; i < 20 && !(await quality.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(quality).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/quality$/);
});
