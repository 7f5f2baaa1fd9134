// MIL-STD-105E 4.8 on QC Instructions (decision 077) on a 390 px phone: a supplier's lots of an AQL receipt plan go
// tightened after two rejections and, at the fifth rejection under tightened, inspection under the standard is
// discontinued (those lots are inspected through the API, as earlier inspectors' work would have left them). The next
// lot's inspection says so; the admin records the supplier's corrective action on the warning (a missing text is
// refused under its field first) and the lot is inspected tightened again, the screen saying what it resumed after.
// At 360 px the form and the resumed inspection fit; axe finds nothing serious on either.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 390, height: 844 } });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(78) });
});

async function send(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: object) {
  const response = await page.request.fetch(url, { method, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

test("a discontinued supplier's lots resume at tightened once the admin records the corrective action", async ({
  page,
}) => {
  await signUpCompany(page, 'qcrules');
  const dock = await send(page, 'POST', '/api/v1/locations', {
    kind: 'site',
    code: 'DOCK',
    name: 'Goods in',
  });
  const item = await send(page, 'POST', '/api/v1/items', {
    partNumber: 'BUSH-8',
    name: 'Bronze bushing',
    unitCost: '3',
    lotTracked: true,
  });
  const defect = await send(page, 'POST', '/api/v1/defect-codes', { code: 'BORE', name: 'Bore oversize' });
  const supplier = await send(page, 'POST', '/api/v1/suppliers', { code: 'ACME', name: 'Acme Bearings' });
  const plan = await send(page, 'POST', '/api/v1/inspection-plans', {
    itemId: item.id,
    stage: 'receipt',
    name: 'Incoming bushings',
  });
  await send(page, 'PUT', `/api/v1/inspection-plan-versions/${plan.draftVersionId}`, {
    sampling: 'aql',
    inspectionLevel: 'II',
    aql: '6.5',
    checks: [{ kind: 'pass_fail', name: 'Bore', instructions: 'Go/no-go gauge.' }],
  });
  await send(page, 'POST', `/api/v1/inspection-plan-versions/${plan.draftVersionId}/release`);

  let lots = 0;
  /** Receives a lot of one bushing from Acme: held, its inspection opened. */
  const receive = async () => {
    lots += 1;
    const posted = await send(page, 'POST', '/api/v1/stock/transactions', {
      idempotencyKey: randomUUID(),
      kind: 'receive',
      supplierId: supplier.id,
      lines: [{ itemId: item.id, locationId: dock.id, quantity: '1', lotNumber: `AC-${lots}` }],
    });
    return posted.heldForInspection[0].inspectionId as string;
  };
  // Two rejected under normal tighten inspection; five rejected under tightened discontinue it (4.7.1, 4.8).
  for (let n = 1; n <= 7; n++) {
    const id = await receive();
    const inspection = await send(page, 'GET', `/api/v1/inspections/${id}`);
    expect(inspection.severity).toBe(n <= 2 ? 'normal' : 'tightened');
    await send(page, 'POST', `/api/v1/inspections/${id}/results`, {
      checkId: inspection.checks[0].id,
      unitNo: 1,
      passed: false,
      defectCodeId: defect.id,
    });
    expect((await send(page, 'POST', `/api/v1/inspections/${id}/finish`)).status).toBe('failed');
  }
  const eighth = await receive();

  // The eighth lot's inspection: discontinued, and the admin is offered the form.
  await page.goto(`/quality/qc-display?inspection=${eighth}`);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'QI-000008', level: 1 })).toBeVisible();
  const warning = page
    .getByRole('alert')
    .filter({ hasText: 'Inspection under the standard is discontinued' });
  await expect(warning).toContainText('once the corrective action of Acme Bearings is recorded');
  await expectAccessible(page, 'a discontinued inspection on a phone');
  await warning.getByRole('button', { name: 'Record corrective action' }).click();
  const form = page.getByRole('form', { name: 'Record the corrective action' });
  // Nothing said: refused under the field, nothing recorded.
  await form.getByRole('button', { name: 'Record and resume' }).click();
  await expect(form.getByRole('textbox', { name: 'What was done' })).toHaveAttribute('aria-invalid', 'true');
  await form
    .getByRole('textbox', { name: 'What was done' })
    .fill('Worn reamer replaced; every tenth bore now gauged at Acme before shipping.');
  await form.getByRole('textbox', { name: 'Reference' }).fill('8D-2026-031');
  // The warning's top just under the app's sticky header.
  await warning.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 64));
  await takeHelpScreenshot(page, 'qc-display-corrective-action-390');

  // At 360 px the form fits and reads well.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'the corrective action form at 360 px');
  await page.setViewportSize({ width: 390, height: 844 });

  await form.getByRole('button', { name: 'Record and resume' }).click();
  await expect(page.getByText('Corrective action recorded')).toBeVisible();
  await expect(warning).toHaveCount(0);
  const resumed = page
    .getByRole('status')
    .filter({ hasText: 'Resumed at tightened after corrective action' });
  await expect(resumed).toContainText('Worn reamer replaced');
  await expect(resumed).toContainText('(8D-2026-031)');
  await expect(page.getByText('Tightened inspection', { exact: false })).toBeVisible();
  await expectAccessible(page, 'an inspection resumed at tightened');
  // A reload reads it from the server: still resumed, still tightened.
  await page.reload();
  await expect(resumed).toBeVisible();
  await expect(page.getByText('Tightened inspection', { exact: false })).toBeVisible();

  // The lot is inspected as usual: it passes and is released.
  await page.getByRole('region', { name: 'Bore, unit 1' }).getByRole('button', { name: 'Pass' }).click();
  await page.getByRole('button', { name: 'Finish inspection' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Lot AC-8 is free to use.' })).toContainText(
    'Passed',
  );
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
