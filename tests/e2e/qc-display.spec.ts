// QC Instructions (issue 30, decision 072) on a 390 px phone: an admin's receipt plan (released through QC Setup's
// API) is in force; a lot received from the item's page is put on hold for inspection, and the confirmation says so;
// the lot's scan card offers Inspect; the inspection is walked unit by unit — a measurement out of limits says what
// was measured and what is allowed and is corrected, a failure asks for a defect code — and finished: passed, the
// lot is released. At 360 px, the lot found by its number opens a new inspection where a confirmed out-of-limits
// reading is recorded as a failure with its defect code, a note and a photo, which the inspection then shows (the
// photo a thumbnail opening full size). After each Record the keyboard is on what comes next (the next check, then
// Finish), never on the page's body. axe finds nothing serious on the screen.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';
import { wedgeScan } from './support/wedge.ts';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(72) });
});

/** A small picture of a defect, drawn in the page (a real PNG the server's sniffing accepts). */
async function defectPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 200;
    canvas.height = 150;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#868e96';
    g.fillRect(0, 0, 200, 150);
    g.fillStyle = '#c92a2a';
    g.beginPath();
    g.arc(100, 75, 30, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function send(page: Page, method: 'POST' | 'PUT', url: string, data: object = {}) {
  const response = await page.request.fetch(url, { method, data });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

test('a received lot is held for inspection and released when its inspection passes', async ({ page }) => {
  await signUpCompany(page, 'qcdisplay');
  await send(page, 'POST', '/api/v1/locations', {
    kind: 'site',
    code: 'DOCK',
    name: 'Goods in',
  });
  const item = await send(page, 'POST', '/api/v1/items', {
    partNumber: 'SHAFT-10',
    name: 'Drive shaft',
    unitCost: '12',
    lotTracked: true,
  });
  await send(page, 'POST', '/api/v1/defect-codes', { code: 'OVS', name: 'Oversize' });
  const plan = await send(page, 'POST', '/api/v1/inspection-plans', {
    itemId: item.id,
    stage: 'receipt',
    name: 'Incoming dims',
  });
  await send(page, 'PUT', `/api/v1/inspection-plan-versions/${plan.draftVersionId}`, {
    sampling: 'fixed',
    sampleCount: 2,
    checks: [
      {
        kind: 'measurement',
        name: 'Diameter',
        instructions: 'Measure at the bearing seat.',
        lowerLimit: '9.95',
        upperLimit: '10.05',
        nominal: '10',
        unit: 'mm',
      },
      { kind: 'pass_fail', name: 'Surface', instructions: 'No scratches or rust.' },
    ],
  });
  await send(page, 'POST', `/api/v1/inspection-plan-versions/${plan.draftVersionId}/release`);

  // Received from the item's page: the confirmation says the new lot is on hold for inspection.
  await page.goto(`/items?id=${item.id}`);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('button', { name: 'Receive', exact: true }).click();
  const receive = page.getByRole('form', { name: 'Receive SHAFT-10' });
  await receive.getByRole('combobox', { name: 'Into location' }).fill('DOCK');
  await page.getByRole('option').filter({ hasText: 'DOCK' }).first().click();
  await receive.getByRole('textbox', { name: 'Quantity (ea)' }).fill('6');
  await receive.getByRole('textbox', { name: 'Lot number' }).fill('SH-1');
  await receive.getByRole('button', { name: 'Receive' }).click();
  await expect(
    page.getByText(
      'Lot SH-1 is on hold for inspection (QI-000001): Awaiting receipt inspection (Incoming dims)',
    ),
  ).toBeVisible();

  // The lot's page says what its hold waits for.
  const balances = await (await page.request.get(`/api/v1/items/${item.id}/balances`)).json();
  const sh1 = balances.balances.find((b: { lotNumber: string }) => b.lotNumber === 'SH-1');
  await page.goto(`/items?lot=${sh1.lotId}`);
  await expect(page.getByRole('status').filter({ hasText: 'Awaiting receipt inspection' })).toContainText(
    'Waiting for inspection QI-000001. It comes off hold by itself once these are done.',
  );

  // Its scan card says it is held and offers the open inspection.
  await page.goto('/scan');
  await expect(page.getByRole('heading', { name: 'Scan Items' })).toBeVisible();
  await wedgeScan(page, 'SH-1');
  const card = page.getByRole('article', { name: 'Scan SH-1' });
  await expect(card.getByRole('status')).toContainText('Awaiting receipt inspection (Incoming dims)');
  await card.getByRole('link', { name: 'Resume inspection' }).click();

  // The inspection: the sample, unit 1's checks.
  await expect(page.getByRole('heading', { name: 'QI-000001', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/quality\/qc-display\?inspection=/);
  await expect(page.getByText('Sample: 2 of 6')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unit 1 of 2' })).toBeVisible();
  const diameter = page.getByRole('region', { name: 'Diameter, unit 1' });
  await expect(diameter).toContainText('Allowed: 9.95–10.05 mm');
  await diameter.getByRole('textbox', { name: 'Measured (mm)' }).fill('10.42');
  await diameter.getByRole('button', { name: 'Record' }).click();
  // Out of limits: said, and corrected rather than confirmed.
  await expect(diameter.getByRole('alert')).toContainText('Measured 10.42 mm; allowed 9.95–10.05 mm.');
  await expectAccessible(page, 'an out-of-limits reading on a phone');
  await diameter.getByRole('button', { name: 'Correct' }).click();
  await diameter.getByRole('textbox', { name: 'Measured (mm)' }).fill('10.02');
  await diameter.getByRole('button', { name: 'Record' }).click();
  await expect(diameter).toContainText('Passed');
  const surface = page.getByRole('region', { name: 'Surface, unit 1' });
  // A failure asks for a defect code: cancelled here, the unit passes.
  await surface.getByRole('button', { name: 'Fail' }).click();
  await expect(surface.getByRole('combobox', { name: 'Defect code' })).toBeVisible();
  await surface.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await takeHelpScreenshot(page, 'qc-display-failure-390');
  await surface.getByRole('button', { name: 'Cancel' }).click();
  await surface.getByRole('button', { name: 'Pass' }).click();
  // Unit 1 done, the screen moves on to unit 2; Previous shows unit 1 as recorded.
  await expect(page.getByRole('heading', { name: 'Unit 2 of 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(surface).toContainText('Passed');
  await expect(diameter).toContainText('10.02 mm');
  await page.getByRole('button', { name: 'Next unit' }).click();
  const diameter2 = page.getByRole('region', { name: 'Diameter, unit 2' });
  await diameter2.getByRole('textbox', { name: 'Measured (mm)' }).fill('9.98');
  await diameter2.getByRole('textbox', { name: 'Measured (mm)' }).press('Enter');
  await expect(diameter2).toContainText('Passed');
  // Recorded by the keyboard: the keyboard is on the next check, and a status line says what was recorded.
  const surface2Pass = page
    .getByRole('region', { name: 'Surface, unit 2' })
    .getByRole('button', { name: 'Pass' });
  await expect(surface2Pass).toBeFocused();
  await expect(
    page.getByRole('status').filter({ hasText: 'Recorded: Diameter, unit 2, passed.' }),
  ).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await takeHelpScreenshot(page, 'qc-display-390');
  await page.keyboard.press('Enter');
  await expect(page.getByText('4 of 4 results recorded')).toBeVisible();
  // Everything recorded: the keyboard is on Finish.
  await expect(page.getByRole('button', { name: 'Finish inspection' })).toBeFocused();
  await expectAccessible(page, 'an inspection on a phone');

  await page.keyboard.press('Enter');
  const verdict = page.getByRole('status').filter({ hasText: 'Lot SH-1 is free to use.' });
  await expect(verdict).toContainText('Passed');
  await expect(verdict).toContainText('0 of 2 units defective');

  // The finished inspection and the screen's start fit a 360 px phone too.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('link', { name: 'Back to QC Instructions' }).click();
  await expect(page.getByRole('heading', { name: 'QC Instructions', level: 1 })).toBeVisible();
  await expect(page.getByText('No open inspections.', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'QC Instructions with nothing open');
  // Typed (or scanned) by its lot number, the lot inspected already asks first; asked for, a new inspection starts.
  await page.getByRole('textbox', { name: 'Lot or work order' }).fill('SH-1');
  await page.getByRole('textbox', { name: 'Lot or work order' }).press('Enter');
  await expect(page.getByRole('alert', { name: 'Inspected already' })).toContainText(
    'Lot SH-1 was inspected already: QI-000001 passed.',
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'a lot inspected already, at 360 px');
  await page.getByRole('button', { name: 'Inspect again' }).click();
  await expect(page.getByRole('heading', { name: 'QI-000002', level: 1 })).toBeVisible();
  // An out-of-limits reading confirmed is a failure with a defect code (at 360 px).
  const oversize = page.getByRole('region', { name: 'Diameter, unit 1' });
  await oversize.getByRole('textbox', { name: 'Measured (mm)' }).fill('10.42');
  await oversize.getByRole('button', { name: 'Record' }).click();
  await oversize.getByRole('button', { name: 'Confirm' }).click();
  await oversize.getByRole('button', { name: 'Record failure' }).click();
  await expect(oversize.getByRole('combobox', { name: 'Defect code' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await oversize.getByRole('combobox', { name: 'Defect code' }).fill('OVS');
  await page.getByRole('option', { name: 'OVS — Oversize' }).click();
  await oversize.getByRole('textbox', { name: 'Note' }).fill('Bearing seat oversize');
  await oversize
    .locator('input[type="file"]')
    .setInputFiles({ name: 'seat.png', mimeType: 'image/png', buffer: await defectPicture(page) });
  await expect(oversize.getByRole('img', { name: 'Photo: seat.png' })).toBeVisible();
  await oversize.getByRole('button', { name: 'Record failure' }).click();
  await expect(oversize).toContainText('Failed');
  await expect(oversize).toContainText('OVS — Oversize');
  // The failure keeps its note and photo on the screen; the keyboard goes on to the next check.
  await expect(oversize).toContainText('Note: Bearing seat oversize');
  const photoName = 'Photo of the failure of Diameter, unit 1 (OVS — Oversize)';
  await expect(oversize.getByRole('img', { name: photoName })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Surface, unit 1' }).getByRole('button', { name: 'Pass' }),
  ).toBeFocused();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Read again later (as a quality engineer opening the inspection from its nonconformance or a link): the
  // failures are listed together with the inspector's note and photo, which opens full size.
  await page.reload();
  const failures = page.getByRole('region', { name: 'Failures (1)' });
  await expect(failures).toContainText('Unit 1 · Diameter');
  await expect(failures).toContainText('10.42 mm · confirmed out of limits · OVS — Oversize');
  await expect(failures).toContainText('Note: Bearing seat oversize');
  const thumb = failures.getByRole('img', { name: photoName });
  await expect(thumb).toBeVisible();
  expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
  await failures.getByRole('button', { name: `Show ${photoName} full size` }).click();
  const full = page.getByRole('dialog', { name: photoName });
  await expect(full.getByRole('img', { name: photoName })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'a failure photo full size at 360 px');
  await page.keyboard.press('Escape');
  await expect(full).toBeHidden();
  await expectAccessible(page, 'an inspection with a failure, its note and photo, at 360 px');
  await page.setViewportSize({ width: 390, height: 844 });

  // The lot is released: its page no longer says it is on hold.
  await page.goto(`/items?id=${item.id}`);
  await expect(page.getByRole('article').filter({ hasText: '6 ea · lot SH-1' })).toBeVisible();
  await expect(page.getByText('on hold')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
