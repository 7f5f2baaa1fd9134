// Machines (/maintenance/machines, issue 22, decision 055): an admin switches the Maintenance area on under Config,
// follows Getting started's new step here, adds a machine at a place of the location tree with its commissioning
// day (the company's today) and finds the step ticked, is refused a second machine with the same asset tag on the
// field, records meter readings (one below the latest refused on its field, in words), takes the machine down with
// a reason and finds the change in its history, prints the machine's label from its page (read back by zbarimg),
// then narrows the list by status and search; on a 360 px phone the list is cards without sideways scroll. axe clean at each state, and the keyboard alone records a reading.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { parseCode, scanLink } from '../../common/label-codes.ts';
import { todayIn } from '../../common/time/calendar.ts';
import { labelReader } from '../setup/label-reader.ts';
import { expectAccessible, expectDialogAccessible } from './support/axe.ts';
import { pickDate } from './support/date-picker.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { switchMaintenanceOn } from './support/maintenance.ts';
import { E2E_BASE_URL } from './support/server.ts';
import { signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

const ZONE = 'America/New_York';
test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(26) });
});

/** A new company whose admin switched Maintenance on, with a plant and its bay 2 in the location tree. */
async function setUp(page: Page) {
  await signUpCompany(page, 'mach', { timezone: ZONE });
  const site = await post(page, '/api/v1/locations', { kind: 'site', code: 'PLANT', name: 'Plant' });
  await post(page, '/api/v1/locations', { kind: 'bin', parentId: site.id, code: 'BAY2', name: 'Bay 2' });
  await switchMaintenanceOn(page);
}

/** A step of Getting started on /help. */
const gettingStartedStep = (page: Page, id: string) =>
  page.getByRole('list', { name: 'Getting started steps' }).locator(`li[data-step="${id}"]`);

/** "Add machine" from the list, filled in; the machine's page opens. */
async function addMachine(page: Page, name: string, tag: string, { withDetails = false } = {}) {
  await page.getByRole('button', { name: 'Add machine' }).click();
  const form = page.getByRole('form', { name: 'Add machine' });
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Asset tag' }).fill(tag);
  if (withDetails) {
    const location = form.getByRole('combobox', { name: 'Location' });
    await location.click();
    await location.fill('BAY2');
    await page.getByRole('option', { name: 'PLANT / BAY2' }).click();
    await form.getByRole('textbox', { name: 'Make' }).fill('Haas');
    await form.getByRole('textbox', { name: 'Model' }).fill('ST-10');
    await form.getByRole('textbox', { name: 'Serial number' }).fill('H-3321');
    await pickDate(page, form.getByRole('button', { name: 'Commissioning date' }), todayIn(ZONE));
  }
  await form.getByRole('button', { name: 'Add machine' }).click();
  return form;
}

test('an admin adds a machine, reads its meter, takes it down and finds it all in its history', async ({
  page,
}) => {
  await setUp(page);
  // Getting started offers Maintenance's step once the area is on, not yet done; it leads here.
  await page.goto('/help');
  const machineStep = gettingStartedStep(page, 'machine');
  await expect(machineStep).toContainText('To do');
  await machineStep.getByRole('link', { name: 'Add your first machine' }).click();
  await expect(page).toHaveURL(/\/maintenance\/machines$/);
  await expect(page.getByRole('heading', { name: 'Machines', level: 1 })).toBeVisible();
  await expect(page.getByText('No machines yet. Add one with “Add machine”.')).toBeVisible();
  await expectAccessible(page, 'the empty list of machines');
  await expectDialogAccessible(page, 'Add machine', () =>
    page.getByRole('button', { name: 'Add machine' }).click(),
  );

  // The contract the server checks, on the form: nothing typed names both required fields.
  await page.getByRole('button', { name: 'Add machine' }).click();
  const empty = page.getByRole('form', { name: 'Add machine' });
  await empty.getByRole('button', { name: 'Add machine' }).click();
  await expect(empty.getByText('Name is required')).toBeVisible();
  await expect(empty.getByText('Asset tag is required')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await addMachine(page, 'CNC Lathe', 'LT-001', { withDetails: true });
  await expect(page.getByRole('heading', { name: 'CNC Lathe', level: 1 })).toBeVisible();
  await expect(page.getByText('Running', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('PLANT / BAY2 · Bay 2')).toBeVisible();
  await expect(page.getByText('Not known')).toHaveCount(0);
  await expectAccessible(page, 'a new machine');
  await page.goto('/help');
  await expect(gettingStartedStep(page, 'machine')).toContainText('Done');
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'CNC Lathe', level: 1 })).toBeVisible();

  // Meter readings: forward, then one below the latest refused on its field, in the server's words.
  await page.getByRole('button', { name: 'Record meter reading' }).click();
  const meter = page.getByRole('form', { name: 'Record meter reading' });
  await meter.getByRole('textbox', { name: 'Reading (hours)' }).fill('120.5');
  await meter.getByRole('button', { name: 'Record reading' }).click();
  await expect(meter).toHaveCount(0);
  const readings = page.getByRole('region', { name: 'Meter readings' });
  await expect(readings).toContainText('120.5 h');
  // By keyboard alone: the button, the field (focused as the dialog opens), Enter.
  await page.getByRole('button', { name: 'Record meter reading' }).focus();
  await page.keyboard.press('Enter');
  await expect(meter.getByRole('textbox', { name: 'Reading (hours)' })).toBeFocused();
  await page.keyboard.type('99');
  await page.keyboard.press('Enter');
  await expect(
    meter.getByText('The meter already reads 120.5 hours: a reading can never be below the latest.'),
  ).toBeVisible();
  await expectAccessible(page, 'a reading refused');
  await page.keyboard.press('Escape');
  await expect(meter).toHaveCount(0);

  // Down, with why: the badge, and the change first in the history.
  await page.getByRole('button', { name: 'Change status' }).click();
  const status = page.getByRole('form', { name: 'Change status' });
  await status.getByText('Down', { exact: true }).click();
  await status.getByRole('textbox', { name: 'Reason' }).fill('Spindle bearing noise');
  await expectAccessible(page, 'the status dialog');
  await status.getByRole('button', { name: 'Change status' }).click();
  await expect(status).toHaveCount(0);
  const history = page.getByRole('region', { name: 'Status history' });
  await expect(history.getByRole('listitem').first()).toContainText('Spindle bearing noise');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expectAccessible(page, 'a machine that is down');
  await takeHelpScreenshot(page, 'machine-page-1280');

  // Print label, from the machine's own page: Tag Items' label, two copies in one roll PDF. Read back by an
  // independent decoder, both carry the machine's scan link, which resolves to this machine; the text leads with
  // the asset tag.
  const labelDialog = 'Print the label of CNC Lathe (LT-001)';
  await expectDialogAccessible(page, labelDialog, () =>
    page.getByRole('button', { name: 'Print label' }).click(),
  );
  await page.getByRole('button', { name: 'Print label' }).click();
  const printForm = page.getByRole('form', { name: labelDialog });
  await expect(printForm.getByRole('combobox', { name: 'Label format' })).not.toHaveValue('');
  await printForm.getByRole('textbox', { name: 'Copies' }).fill('2');
  const downloading = page.waitForEvent('download');
  await printForm.getByRole('button', { name: 'Print label' }).click();
  const label = await downloading;
  expect(label.suggestedFilename()).toMatch(/\.pdf$/);
  await expect(page.getByText('2 labels ready')).toBeVisible();
  await expect(printForm).toHaveCount(0);
  const pdf = readFileSync((await label.path())!);
  const reader = labelReader('machine-page-label-');
  try {
    const links = reader.decode(pdf, 'qrcode');
    expect(links).toHaveLength(2);
    expect(links[1]).toBe(links[0]);
    const code = parseCode(links[0]!);
    expect(code?.kind).toBe('machine');
    expect(links[0]).toBe(scanLink(E2E_BASE_URL, 'machine', code!.token));
    const resolved = await page.request.get(`/api/v1/scan/resolve?code=${encodeURIComponent(links[0]!)}`);
    expect(await resolved.json()).toMatchObject({
      kind: 'machine',
      machine: { name: 'CNC Lathe', assetTag: 'LT-001' },
    });
    const [text] = reader.pageTexts(pdf);
    expect(text!.trim().split('\n')[0]).toContain('LT-001');
    expect(text).toContain('CNC Lathe');
  } finally {
    reader.dispose();
  }

  // A second machine with the same tag in another case: refused on the field, from the server.
  await page.goto('/maintenance/machines');
  const clash = await addMachine(page, 'Lathe copy', 'lt-001');
  await expect(clash.getByText('Another machine already has this asset tag.')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await addMachine(page, 'Surface Grinder', 'GR-002');
  await expect(page.getByRole('heading', { name: 'Surface Grinder', level: 1 })).toBeVisible();

  // The list: both by name; narrowed on the server by status and by search.
  await page.goto('/maintenance/machines');
  const rows = page.getByRole('table', { name: 'Machines' }).getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('CNC Lathe');
  await expect(rows.nth(1)).toContainText('Down');
  await expectAccessible(page, 'the list of machines');
  await takeHelpScreenshot(page, 'machines-1280');
  const filter = page.getByRole('combobox', { name: 'Status' });
  await filter.click();
  await page.getByRole('option', { name: 'Running' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Surface Grinder');
  await filter.click();
  await page.getByRole('option', { name: 'All statuses' }).click();
  await page.getByRole('textbox', { name: 'Search machines' }).fill('haas');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('CNC Lathe');
});

test('on a 360 px phone the machines are cards, without sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await setUp(page);
  await page.goto('/maintenance/machines');
  await addMachine(page, 'Hydraulic Press', 'PR-100', { withDetails: true });
  await expect(page.getByRole('heading', { name: 'Hydraulic Press', level: 1 })).toBeVisible();
  await expectAccessible(page, 'a machine on a phone');
  await page.goto('/maintenance/machines');
  await expect(page.getByRole('article', { name: 'Hydraulic Press' })).toContainText('PLANT / BAY2');
  await expectAccessible(page, 'the machines as cards');
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  await takeHelpScreenshot(page, 'machines-360');
});
