// Help (/help, issue 20): a new admin lands there after verifying and sees Getting started with nothing ticked;
// importing items and printing a label tick those two steps on the next visit. Search as you type finds a word only
// the Stock Check article has. The header's Help button opens the current screen's article beside a half-filled count
// and closing it leaves the count as it was. The spec also takes the articles' screenshots (docs/help-articles.md).
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { linkIn, waitForMail } from './support/mail.ts';
import { E2E_PASSWORD, signUpCompany, uniqueCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(25) });
});

const step = (page: Page, id: string) =>
  page.getByRole('list', { name: 'Getting started steps' }).locator(`li[data-step="${id}"]`);

const STEPS = [
  'configure',
  'items',
  'locations',
  'labels',
  'team',
  'assembly',
  'order',
  'work-order',
  'production',
  'inspection-plan',
  'quality',
];

test('a new admin lands on /help with nothing ticked; items imported and a label printed tick those two steps', async ({
  page,
}) => {
  // Signed up as the form does; the verification link is opened in this browser, as from the mail.
  const email = `help.${randomBytes(4).toString('hex')}@help.e2e.test`;
  const signUp = await page.request.post('/api/v1/auth/sign-up', {
    data: {
      email,
      password: E2E_PASSWORD,
      confirmPassword: E2E_PASSWORD,
      companyName: uniqueCompany('Help'),
      firstName: 'Hana',
      lastName: 'Helper',
      termsAccepted: true,
      privacyAccepted: true,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const mail = await waitForMail(email, /Confirm your e-mail address/);
  await page.goto(linkIn(mail.text, '/auth/callback?token='));
  await expect(page).toHaveURL(/\/help$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Decline' }).click();

  await expect(page.getByRole('heading', { name: 'Getting started', level: 2 })).toBeVisible();
  await expect(page.getByText('0 of 13 done')).toBeVisible();
  for (const id of STEPS) await expect(step(page, id)).toContainText('To do');
  await expect(step(page, 'items').getByRole('link', { name: 'Add or import your items' })).toHaveAttribute(
    'href',
    '/admin?tab=items',
  );
  await takeHelpScreenshot(page, 'help-1280');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await takeHelpScreenshot(page, 'help-360');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Import two items from Getting started's link.
  await step(page, 'items').getByRole('link', { name: 'Add or import your items' }).click();
  await expect(page.getByRole('heading', { name: 'SKU Setup', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import items from CSV' });
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'items.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'part_number,name,unit_of_measure,category,unit_cost,reorder_point\nHLP-100,Hinge pin,pcs,Hardware,0.4,20\nHLP-101,Hinge plate,pcs,Hardware,1.2,10\n',
    ),
  });
  await dialog.getByRole('button', { name: 'Import 2 items' }).click();
  await expect(page.getByText('2 items added from items.csv.')).toBeVisible();

  // Print one label of one of them on Tag Items.
  await page.goto('/labels');
  await expect(page.getByRole('heading', { name: 'Tag Items', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Find items' }).fill('HLP-100');
  await page.getByRole('button', { name: 'Add HLP-100' }).click();
  await expect(page.getByRole('textbox', { name: 'Copies of HLP-100 Hinge pin' })).toBeVisible();
  // Away from the + (its tooltip would cover the picture).
  await page.getByRole('heading', { name: 'Tag Items', level: 1 }).hover();
  await takeHelpScreenshot(page, 'tag-items-1280');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print labels' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/\.pdf$/);

  // The next visit: exactly those two are ticked.
  await page.goto('/help');
  await expect(page.getByText('2 of 13 done')).toBeVisible();
  await expect(step(page, 'items')).toContainText('Done');
  await expect(step(page, 'labels')).toContainText('Done');
  for (const id of ['configure', 'locations', 'team']) await expect(step(page, id)).toContainText('To do');
});

test('search as you type finds a word only the Stock Check article has, with the word highlighted', async ({
  page,
}) => {
  await signUpCompany(page, 'helpsearch');
  await page.goto('/help');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Inventory', level: 2 })).toBeVisible();
  // `/` from anywhere on the page goes to the search.
  await page.getByRole('heading', { name: 'Help & Documentation', level: 1 }).click();
  await page.keyboard.press('/');
  const search = page.getByRole('searchbox', { name: 'Search help' });
  await expect(search).toBeFocused();
  await page.keyboard.type('blind');
  const results = page.getByRole('region', { name: 'Search results' });
  await expect(results.getByRole('status')).toHaveText('1 article found');
  await expect(results.getByRole('link')).toHaveText(['Stock Check']);
  await expect(results.locator('mark').first()).toHaveText(/blind/i);

  await results.getByRole('link', { name: 'Stock Check' }).click();
  await expect(page).toHaveURL(/\/help\?article=stock-check$/);
  await expect(page.getByRole('heading', { name: 'Stock Check', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Start a count (admins)', level: 3 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'The list of counts on a desk screen' })).toBeVisible();

  await page.getByRole('link', { name: 'All articles' }).click();
  await page.getByRole('searchbox', { name: 'Search help' }).fill('zeppelin');
  await expect(page.getByText('No article mentions “zeppelin”. Try fewer or other words.')).toBeVisible();
});

test('the Help button on /stock-check opens its article beside a half-filled count, and closing it keeps the count', async ({
  page,
}) => {
  await signUpCompany(page, 'helpdrawer');
  const post = async (url: string, data: object) => {
    const response = await page.request.post(url, { data });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  };
  const site = await post('/api/v1/locations', { kind: 'site', code: 'HLP', name: 'Help site' });
  const item = await post('/api/v1/items', { partNumber: 'HLP-7', name: 'Help widget', lotTracked: false });
  await post('/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: `help-${Date.now()}-${Math.random()}`,
    lines: [{ itemId: item.id, locationId: site.id, quantity: '10' }],
  });

  await page.goto('/stock-check');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('No count is running. Start one with “Start a count”.')).toBeVisible();
  const count = await post('/api/v1/stock-checks', {
    scope: 'location',
    locationId: site.id,
    title: 'Help count',
  });
  await page.reload();
  await expect(page.getByRole('table', { name: 'Counts' }).getByText('Help count')).toBeVisible();
  await takeHelpScreenshot(page, 'stock-check-1280');

  await page.goto(`/stock-check?session=${count.id}`);
  const input = page.getByRole('textbox', { name: 'Counted quantity of HLP-7 at HLP' });
  await input.fill('7');

  await page.getByRole('button', { name: 'Help for this screen' }).click();
  const drawer = page.getByRole('dialog', { name: 'Help: Stock Check' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('heading', { name: 'Count (everyone)', level: 3 })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close help' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(input).toHaveValue('7');
  await expect(page.getByText('0 of 1 counted')).toBeVisible();

  // `?` opens it from the keyboard, but not while typing in a field.
  await input.focus();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await input.fill('7');
  await page.getByRole('heading', { name: /Help count/, level: 1 }).click();
  await page.keyboard.press('?');
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(input).toHaveValue('7');

  // On a phone the count's lines are cards and the article fills the screen, over a count typed there.
  await page.setViewportSize({ width: 360, height: 740 });
  // The lines are drawn again as cards: type into the card's field once it is there, not the table's going away
  // (CI once typed into the table row as it unmounted, and the card's field stayed empty).
  await expect(page.getByRole('article', { name: 'HLP-7' })).toBeVisible();
  await input.fill('6');
  await page.getByRole('button', { name: 'Help for this screen' }).click();
  await expect(drawer).toBeVisible();
  // The drawer's laid-out width, not its box on screen: the box is measured through the opening transition's
  // transform and read 360.00003 once, mid-animation.
  await expect(page.locator('.mantine-Drawer-content')).toHaveCSS('width', '360px');
  await drawer.getByRole('button', { name: 'Close help' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(input).toHaveValue('6');
});
