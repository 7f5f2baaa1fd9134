// Maintenance e-mail settings (/maintenance/email-settings, issue 22, decision 058): an admin switches the
// Maintenance area on, follows Getting started's step here, is told there is nobody to send a test to, is refused an
// emptied number on its field, chooses a person of the company and an outside address, turns the daily digest on at
// 06:00, saves (a toast), sends a test e-mail that the screen says went to both, and reads it from the outbox; the
// step is then ticked. axe clean at each state, the keyboard alone switches breakdown alerts off and saves, and on a
// 360 px phone the form fits without sideways scroll.
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { MAINTENANCE_EMAIL_MESSAGES as M } from '../../common/schemas/maintenance-email.ts';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { waitForMail } from './support/mail.ts';
import { switchMaintenanceOn } from './support/maintenance.ts';
import { signUpCompany, type TE2EAccount } from './support/session.ts';

const visitorAddress = () =>
  `198.27.${Math.floor(Math.random() * 254) + 1}.${Math.floor(Math.random() * 254) + 1}`;

// Sign-up, the web bundle and the mail outbox on a shared 2-core machine: the first test took 2.8 min under load.
test.describe.configure({ timeout: 300_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

/** A new company whose admin switched Maintenance on. */
async function setUp(page: Page): Promise<TE2EAccount> {
  const admin = await signUpCompany(page, 'mailset', { timezone: 'Europe/Berlin' });
  await switchMaintenanceOn(page);
  return admin;
}

const gettingStartedStep = (page: Page, id: string) =>
  page.getByRole('list', { name: 'Getting started steps' }).locator(`li[data-step="${id}"]`);

test('an admin chooses who gets maintenance e-mails, saves, and a test e-mail arrives', async ({ page }) => {
  const admin = await setUp(page);
  const outside = `pm.${randomBytes(3).toString('hex')}@outside.e2e.test`;
  await page.goto('/help');
  const step = gettingStartedStep(page, 'maintenance-email');
  // /help loads the whole help bundle first: on a loaded machine that has taken longer than the default wait.
  await expect(step).toContainText('To do', { timeout: 30_000 });
  await step.getByRole('link', { name: 'Choose who gets maintenance e-mails' }).click();
  await expect(page).toHaveURL(/\/maintenance\/email-settings$/);
  await expect(page.getByRole('heading', { name: 'Email Settings', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Maintenance e-mail settings' });
  await expectAccessible(page, 'the e-mail settings before anything is saved');
  // No recipient chosen yet: breakdown alerts go to the company's admins, named (decision 067).
  const alerts = form.getByRole('switch', { name: /^Breakdown alerts/ });
  await expect(alerts).toBeChecked();
  await expect(
    form.getByText(`so they go to the company’s admins: Ada Admin (${admin.email}).`),
  ).toBeVisible();

  // Nobody saved yet: the test e-mail is refused in words that say what to do.
  await form.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(form.getByRole('alert')).toHaveText(M.noRecipients);

  // The contract the server checks, on the form: an emptied number is required.
  const every = form.getByRole('textbox', { name: 'Overdue reminders every (days)' });
  await every.fill('');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(form.getByText('Overdue reminder interval is required')).toBeVisible();
  await every.fill('2');

  // A person of the company and an outside address; due soon 5 days ahead; the digest at 06:00.
  await form.getByRole('combobox', { name: 'People' }).click();
  await page.getByRole('option', { name: `Ada Admin (${admin.email})` }).click();
  await page.keyboard.press('Escape');
  await expect(form.getByText('They go to the recipients above.')).toBeVisible();
  const addresses = form.getByRole('combobox', { name: 'Outside addresses' });
  await addresses.fill(outside);
  await addresses.press('Enter');
  await form.getByRole('textbox', { name: 'Days before due' }).fill('5');
  await form.getByRole('switch', { name: /^Daily digest/ }).click();
  await form.getByRole('combobox', { name: 'Digest hour' }).click();
  await page.getByRole('option', { name: '06:00' }).click();
  await expect(form.getByRole('button', { name: 'Send test e-mail' })).toBeDisabled();
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(M.saved)).toBeVisible();
  await expectAccessible(page, 'the saved e-mail settings');

  // The test e-mail: the screen says to whom, and it is in the outbox for both.
  await form.getByRole('button', { name: 'Send test e-mail' }).click();
  const sent = form.getByRole('status').filter({ hasText: 'Test e-mail sent' });
  await expect(sent).toContainText(M.testSent([admin.email, outside]));
  for (const to of [admin.email, outside]) {
    const mail = await waitForMail(to, /^Test e-mail from Forgeboard maintenance/);
    expect(mail.text).toContain('/maintenance/email-settings');
  }
  await expectAccessible(page, 'a test e-mail sent');
  await takeHelpScreenshot(page, 'maintenance-email-1280');

  // What was saved is what the server answers after a reload.
  await page.reload();
  // A reload fetches the bundle and the settings again: slow on a loaded machine.
  await expect(form.getByRole('textbox', { name: 'Days before due' })).toHaveValue('5', { timeout: 30_000 });
  await expect(form.getByRole('switch', { name: /^Daily digest/ })).toBeChecked();
  await expect(form.getByText(outside)).toBeVisible();

  // By keyboard alone: breakdown alerts off with Space, then Save with Enter.
  await form.getByRole('switch', { name: /^Breakdown alerts/ }).focus();
  await page.keyboard.press('Space');
  await expect(form.getByRole('switch', { name: /^Breakdown alerts/ })).not.toBeChecked();
  await form.getByRole('button', { name: 'Save settings' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(M.saved)).toBeVisible();
  await page.reload();
  await expect(form.getByRole('switch', { name: /^Breakdown alerts/ })).not.toBeChecked({ timeout: 30_000 });

  await page.goto('/help');
  await expect(gettingStartedStep(page, 'maintenance-email')).toContainText('Done', { timeout: 30_000 });
});

test('on a 360 px phone the e-mail settings fit, without sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await setUp(page);
  await page.goto('/maintenance/email-settings');
  const form = page.getByRole('form', { name: 'Maintenance e-mail settings' });
  const addresses = form.getByRole('combobox', { name: 'Outside addresses' });
  await addresses.fill('shared.maintenance.mailbox@outside.e2e.test');
  await addresses.press('Enter');
  await form.getByRole('switch', { name: /^Daily digest/ }).click();
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText(M.saved)).toBeVisible();
  await expectAccessible(page, 'the e-mail settings on a phone');
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  await takeHelpScreenshot(page, 'maintenance-email-360');
});
