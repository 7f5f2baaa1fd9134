// Decision 064's floor defaults for an operator on a 390 px phone: a keyboard-wedge scanner consumes with no field
// focused, "Taken from" already where the stock lies, more than planned asks why, a refused scan's error is brought
// into view, a step's finish backflushes, the scan field stays until completion, the output is prefilled from the
// finish and put away at the item's default location, and completion lists the line never scanned and asks about it.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { apiPost, makeBin, makeItem, receiveLot, receivePart, releaseAssembly } from './support/build-api.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';
import { wedgeScan } from './support/wedge.ts';

// The journey signs a company up and sets its assembly up first: 150 s, as the other Build specs allow.
test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(26) });
});

const componentLine = (components: Locator, partNumber: string) =>
  components.getByRole('listitem').filter({ hasText: new RegExp(`^${partNumber} `) });

/** On hand of the part numbered `partNumber`, as the scan lookup answers. */
async function onHand(page: Page, partNumber: string): Promise<string> {
  const response = await page.request.get(`/api/v1/scan/resolve?code=${partNumber}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).onHand;
}

/**
 * Decision 064's floor defaults, made through the API: a box (BOX, kept at FLOOR / B1) of a lot-tracked case
 * (CASE, lot CASE-01 in B1, its default location; scanned), 4 nuts a unit (backflushed) and a seal scanned by choice;
 * a work order of 2 with no output location, released.
 */
async function setUpDefaults(page: Page) {
  const bin = await makeBin(page, 'FLOOR');
  const box = await makeItem(page, { partNumber: 'BOX', name: 'Box', defaultLocationId: bin });
  const caseId = await makeItem(page, {
    partNumber: 'CASE',
    name: 'Case',
    lotTracked: true,
    defaultLocationId: bin,
  });
  const nut = await makeItem(page, { partNumber: 'NUT', name: 'Nut' });
  const seal = await makeItem(page, { partNumber: 'SEAL', name: 'Seal' });
  await receiveLot(page, caseId, bin, '10', 'CASE-01');
  await receivePart(page, nut, bin, '50');
  await receivePart(page, seal, bin, '10');
  const assembly = await releaseAssembly(
    page,
    box,
    [
      { componentItemId: caseId, quantity: '1' },
      { componentItemId: nut, quantity: '4' },
      { componentItemId: seal, quantity: '1', consumption: 'scan' },
    ],
    [{ title: 'Assemble', setupMinutes: '1', runMinutes: '2' }],
  );
  const workOrder = await apiPost(page, '/api/v1/work-orders', {
    assemblyId: assembly.assemblyId,
    quantity: '2',
  });
  await apiPost(page, `/api/v1/work-orders/${workOrder.id}/status`, { status: 'released' });
  return workOrder.id as string;
}

test('on a 390 px phone a wedge scanner consumes with no field focused, from where the stock is, and completion asks about what is left', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpCompany(page, 'floor-defaults');
  const workOrderId = await setUpDefaults(page);
  await page.goto(`/build/work-order?id=${workOrderId}&view=floor`);
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.getByText('Running', { exact: true })).toBeVisible();

  // What the step's finish takes, and "Taken from" already where the case lies (its default location).
  await expect(
    page.getByText('Finishing this step takes 8 ea NUT (backflushed: no scan needed).'),
  ).toBeVisible();
  const consume = page.getByRole('form', { name: 'Consume a component' });
  await expect(consume.getByRole('combobox', { name: 'Taken from' })).toHaveValue('FLOOR / B1');
  const components = page.getByRole('region', { name: 'Components' });
  await expectAccessible(page, 'the floor view of decision 064 at 390 px');

  // A wedge scan with nothing focused records the lot from B1; it is said in the Components section's status line,
  // in the page, not in a toast over it (decision 065).
  await wedgeScan(page, 'CASE-01');
  await expect(componentLine(components, 'CASE')).toContainText('1 of 2 ea consumed');
  await expect(components.getByRole('status')).toContainText('1 of CASE lot CASE-01 from FLOOR / B1');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);

  // Two more than the one left: the form asks why, in view, and nothing is consumed until it is said.
  await consume.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await wedgeScan(page, 'CASE-01');
  const reason = consume.getByRole('textbox', { name: 'Why more than planned' });
  await expect(consume.getByText('Say why more than planned was used')).toBeInViewport();
  await expect(componentLine(components, 'CASE')).toContainText('1 of 2 ea consumed');
  await reason.fill('One cracked when fitted');
  await reason.press('Enter');
  await expect(componentLine(components, 'CASE')).toContainText('3 of 2 ea consumed, 1 over plan');

  // The reason field at 360 px: nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 390, height: 844 });
  // A refused scan, with the page scrolled to its foot: the error is brought into view beside the scan field.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await wedgeScan(page, 'NOPE-42');
  await expect(consume.getByText(/Not recognised: “NOPE-42”/)).toBeInViewport();
  await expectAccessible(page, 'the floor view with a refused wedge scan at 390 px');

  // Finishing the step backflushes the nuts; the scan field and the components stay until completion.
  await page.getByRole('button', { name: 'Finish…' }).click();
  const finish = page.getByRole('form', { name: 'Finish the step' });
  await finish.getByRole('textbox', { name: 'Good' }).fill('2');
  await finish.getByRole('button', { name: 'Finish step' }).click();
  await expect(page.getByText('Finished', { exact: true })).toBeVisible();
  await expect(componentLine(components, 'NUT')).toContainText('8 of 8 ea consumed');
  await expect(consume.getByRole('textbox', { name: 'Scan or type a label' })).toBeVisible();

  // Output prefilled from the finish, put away at the box's default location (the work order names none).
  const output = page.getByRole('form', { name: 'Record output' });
  await expect(output.getByRole('textbox', { name: 'Good' })).toHaveValue('2');
  await expect(output.getByRole('combobox', { name: 'Put away at' })).toHaveValue('FLOOR / B1');
  await output.getByRole('button', { name: 'Record output' }).click();
  await expect(page.getByText('2 good and 0 scrapped of 2 ea')).toBeVisible();

  // The seals were never scanned: completion lists them and asks; "Consume as planned" takes the 2 and completes.
  await page.getByRole('button', { name: 'Complete work order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Components not fully consumed' });
  const line = dialog.getByRole('region', { name: 'SEAL' });
  await expect(line).toContainText('Planned 2 ea · consumed 0 · left 2');
  await expectAccessible(page, 'the completion dialog at 390 px');
  // At 360 px too: nothing scrolls sideways, and each choice is a whole touch target.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  for (const choice of await line.getByRole('radio').all())
    expect((await choice.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  for (const name of ['Cancel', 'Complete work order'])
    expect((await dialog.getByRole('button', { name }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await line.getByRole('radio', { name: 'Consume as planned' }).click();
  await dialog.getByRole('button', { name: 'Complete work order' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  expect(await onHand(page, 'SEAL')).toBe('8');
});
