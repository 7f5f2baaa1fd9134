// Kiosks, badges and job labels on a 390 px phone (decision 083). An admin prints an operator's badge from the users
// screen (the downloaded label's QR, read by zbarimg, is the badge), sets up this device as a kiosk there and opens
// it; signed out, the kiosk takes the badge and then a job's number: the operator's clock runs; the badge again shows
// it and Clock out stops it; an unknown badge is refused with the reason. On the scan screen a job's number gives a
// card that clocks in and out. axe finds nothing serious on the kiosk's screens or the scan card.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { labelReader } from '../setup/label-reader.ts';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { inviteUser, signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(97) });
});

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

const typeCode = async (page: Page, label: string, code: string) => {
  const field = page.getByRole('textbox', { name: label });
  await field.fill(code);
  await field.press('Enter');
};

test('a badge then a job on a kiosk moves the operator’s clock at 390 px', async ({ page }) => {
  const reader = labelReader('kiosk-e2e-');
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpCompany(page, 'kiosk');
    await post(page, '/api/v1/jobs', { name: 'Pump skid', customer: 'Brook Foods' }, 201);
    const otto = await inviteUser(page, 'user', { firstName: 'Otto', lastName: 'Operator' });

    // The operator's badge, printed from the users screen.
    await page.goto('/users');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('button', { name: `Badge of ${otto.email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Badge of Otto Operator' });
    await expect(dialog.getByText('No badge yet.')).toBeVisible();
    await takeHelpScreenshot(page, 'kiosk-badge-390');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Print badge' }).click();
    const download = await downloading;
    const [badge] = reader.decode(readFileSync((await download.path())!), 'qrcode');
    expect(badge).toMatch(/^FBB[0-9A-Z]{24}$/);

    // This device becomes the kiosk "Front bench"; then nobody is signed in.
    await page.getByRole('button', { name: 'Set up this device as a kiosk' }).click();
    const setUp = page.getByRole('dialog', { name: 'Set up this device as a kiosk' });
    await setUp.getByRole('textbox', { name: 'Name' }).fill('Front bench');
    await setUp.getByRole('button', { name: 'Set up' }).click();
    await expect(setUp.getByText('This device is now the kiosk “Front bench”.')).toBeVisible();
    await expect(page.getByRole('article', { name: 'Front bench' })).toBeVisible();
    await takeHelpScreenshot(page, 'kiosk-set-up-390');
    expect((await page.request.post('/api/v1/session/sign-out')).status()).toBe(204);
    await page.goto('/kiosk');

    await expect(page.getByRole('heading', { name: 'Scan your badge', level: 1 })).toBeVisible();
    await expect(page.getByText('Kiosk “Front bench”')).toBeVisible();
    await expectAccessible(page, 'the kiosk waiting for a badge');
    await takeHelpScreenshot(page, 'kiosk-390');
    await fitsWidth(page, 390);

    await typeCode(page, 'Badge code', 'FBB000000000000000000000000');
    await expect(
      page
        .getByRole('alert')
        .or(page.getByRole('status'))
        .getByText(/Badge not recognised/),
    ).toBeVisible();

    await typeCode(page, 'Badge code', badge!);
    await expect(page.getByRole('heading', { name: 'Hello, Otto', level: 1 })).toBeVisible();
    await expect(page.getByText('Your clock is not running.')).toBeVisible();
    await expectAccessible(page, 'the kiosk waiting for a job');
    await takeHelpScreenshot(page, 'kiosk-badge-read-390');
    await typeCode(page, 'Job or work order code', 'JOB-000001');
    await expect(page.getByText('Otto, clocked in to JOB-000001 · Pump skid.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Scan your badge', level: 1 })).toBeVisible();

    // The badge again: the clock runs; Clock out stops it.
    await typeCode(page, 'Badge code', badge!);
    await expect(page.getByText('Your clock runs on JOB-000001 · Pump skid.')).toBeVisible();
    await page.getByRole('button', { name: 'Clock out' }).click();
    await expect(page.getByText('Otto, you are clocked out.')).toBeVisible();
    await fitsWidth(page, 390);
  } finally {
    reader.dispose();
  }
});

test('on the scan screen a job’s number clocks in and out at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpCompany(page, 'scanjob');
  await post(page, '/api/v1/jobs', { name: 'Gearbox rebuild', customer: 'Acme Mills' }, 201);
  await page.goto('/scan');
  await page.getByRole('button', { name: 'Decline' }).click();
  await typeCode(page, 'Type a code', 'job-1');
  const card = page.getByRole('article', { name: 'Scan job-1' });
  await expect(card.getByRole('heading', { name: 'JOB-000001' })).toBeVisible();
  await expect(card.getByText('Matched the job number')).toBeVisible();
  await expect(page.getByText('Issuing to JOB-000001 · Gearbox rebuild')).toBeVisible();
  await card.getByRole('button', { name: 'Clock in' }).click();
  await expect(card.getByText(/Your clock runs on JOB-000001 since/)).toBeVisible();
  await expectAccessible(page, 'a scanned job with the clock running');
  await fitsWidth(page, 390);
  await card.getByRole('button', { name: 'Clock out' }).click();
  await expect(card.getByRole('button', { name: 'Clock in' })).toBeVisible();
});
