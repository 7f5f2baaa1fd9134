// Issue 22's journey, on the maintenance server (its own: mail over real SMTP, its clock a file this test moves, the
// scheduler passing every second; tests/e2e/support/server.ts). An admin switches Maintenance on, adds a machine, names
// who gets maintenance e-mails and adds a monthly fixed plan with a 3-day lead time. Nothing is sent while the due
// date is far; the app's clock moves to the lead date and the reminder arrives at the SMTP server. The work is
// completed from the PM calendar with a part from stock (stock goes down). On a 390 px phone, the machine's printed
// label (its QR read by zbarimg) opens the machine's card; "Report a breakdown" reports it (the alert arrives too) and
// it is resolved. The logs then show MTBF, MTTR and compliance.
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { addDays, todayIn } from '../../common/time/calendar.ts';
import { labelReader } from '../setup/label-reader.ts';
import { resetAppClock, setAppClock } from './support/app-clock.ts';
import { pickDate } from './support/date-picker.ts';
import { countMail, SMTP_SINK, waitForMail } from './support/mail.ts';
import { E2E_MAINT_BASE_URL } from './support/server.ts';
import { signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';

// One long journey on a shared machine: a page after a save may take longer than the usual 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });
const ZONE = 'America/New_York';
const RECIPIENT = 'planner@journey.e2e.test';

test.use({ baseURL: E2E_MAINT_BASE_URL });
test.describe.configure({ timeout: 360_000 });

test.beforeEach(async ({ page }) => {
  resetAppClock();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(32) });
});
test.afterEach(() => resetAppClock());

/** Noon in New York on `date`, as an instant. */
const noonIn = (date: string) => `${date}T17:00:00Z`;

async function switchMaintenanceOn(page: Page) {
  await page.goto('/admin?tab=label-config');
  await page.getByRole('button', { name: 'Decline' }).click();
  const config = page.getByRole('form', { name: 'Company configuration' });
  await config.getByRole('switch', { name: /^Maintenance/ }).click();
  await config.getByRole('button', { name: 'Save configuration' }).click();
  await expect(page.getByText('Configuration saved')).toBeVisible();
}

/** A filter cartridge in stock: 4 in the stores bin. */
async function stockAPart(page: Page) {
  const site = await post(page, '/api/v1/locations', { kind: 'site', code: 'PLANT', name: 'Plant' });
  const bin = await post(page, '/api/v1/locations', {
    kind: 'bin',
    parentId: site.id,
    code: 'STORES',
    name: 'Stores',
  });
  const item = await post(page, '/api/v1/items', {
    partNumber: 'FLT-9',
    name: 'Oil filter',
    lotTracked: false,
  });
  await post(page, '/api/v1/stock/transactions', {
    idempotencyKey: crypto.randomUUID(),
    kind: 'receive',
    lines: [{ itemId: item.id, locationId: bin.id, quantity: '4' }],
  });
}

/** The item's on-hand quantity as the stock list shows it. */
const onHandOf = async (page: Page, partNumber: string) =>
  (await (await page.request.get(`/api/v1/stock?q=${partNumber}`)).json()).items[0].onHand as string;

test('a PM is reminded on its lead date, completed with a part, and a breakdown scanned, reported and resolved', async ({
  page,
}) => {
  const today = todayIn(ZONE);
  const due = addDays(today, 10);
  const lead = addDays(due, -3);
  await signUpCompany(page, 'journey', { timezone: ZONE, smtp: true });
  await switchMaintenanceOn(page);
  await stockAPart(page);

  // A machine, added on the Machines screen.
  await page.goto('/maintenance/machines');
  await page.getByRole('button', { name: 'Add machine' }).click();
  const machineForm = page.getByRole('form', { name: 'Add machine' });
  await machineForm.getByRole('textbox', { name: 'Name' }).fill('Compressor');
  await machineForm.getByRole('textbox', { name: 'Asset tag' }).fill('CP-1');
  await machineForm.getByRole('button', { name: 'Add machine' }).click();
  await expect(page.getByRole('heading', { name: 'Compressor', level: 1 })).toBeVisible();

  // Who gets the e-mails: an outside address; one day before due by the settings, so the plan's 3 days decide.
  await page.goto('/maintenance/email-settings');
  const mailForm = page.getByRole('form', { name: 'Maintenance e-mail settings' });
  const addresses = mailForm.getByRole('combobox', { name: 'Outside addresses' });
  await addresses.fill(RECIPIENT);
  await addresses.press('Enter');
  await mailForm.getByRole('textbox', { name: 'Days before due' }).fill('1');
  await mailForm.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Maintenance e-mail settings saved.')).toBeVisible();

  // A monthly fixed plan, first due in ten days, with a 3-day lead time.
  await page.goto('/maintenance/planned');
  await page.getByRole('button', { name: 'Add plan' }).click();
  const planForm = page.getByRole('form', { name: 'Add plan' });
  const machine = planForm.getByRole('combobox', { name: 'Machine' });
  await machine.click();
  await machine.fill('CP-1');
  await page.getByRole('option', { name: 'Compressor (CP-1)' }).click();
  await planForm.getByRole('textbox', { name: 'Title' }).fill('Change the oil filter');
  await pickDate(page, planForm.getByRole('button', { name: 'Start date' }), due);
  await planForm.getByRole('button', { name: 'Add task' }).click();
  await planForm.getByRole('textbox', { name: 'Task 1' }).fill('Drain and refill');
  await planForm.getByRole('textbox', { name: 'Lead days' }).fill('3');
  await planForm.getByRole('button', { name: 'Add plan' }).click();
  await expect(page.getByText('Plan added')).toBeVisible();

  // Ten days out nothing is sent; on the lead date the reminder reaches the SMTP server.
  const reminder = /^Maintenance due .*: Change the oil filter on Compressor$/;
  setAppClock(noonIn(addDays(lead, -1)));
  await expect.poll(() => countMail(RECIPIENT, reminder, SMTP_SINK), { timeout: 5_000 }).toBe(0);
  setAppClock(noonIn(lead));
  const mail = await waitForMail(RECIPIENT, reminder, SMTP_SINK);
  expect(mail.text).toContain('/maintenance/pm-calendar');
  expect(await countMail(RECIPIENT, reminder, SMTP_SINK)).toBe(1);

  // The browser's day is the app's too, so the screens' "today" and the server's agree.
  await page.clock.setFixedTime(new Date(noonIn(lead)));

  // Completed from the PM calendar, with the filter from stock.
  await page.goto('/maintenance/pm-calendar');
  await page.getByRole('button', { name: 'Due soon: Compressor — Change the oil filter' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Complete' }).click();
  const complete = page.getByRole('form', { name: 'Complete maintenance' });
  await complete.getByRole('checkbox', { name: 'Drain and refill' }).check();
  await complete.getByRole('button', { name: 'Add part' }).click();
  const part = complete.getByRole('group', { name: 'Part 1' });
  const item = part.getByRole('combobox', { name: 'Part 1', exact: true });
  await item.click();
  await item.fill('FLT');
  await page.getByRole('option', { name: 'FLT-9 · Oil filter' }).click();
  await part.getByRole('combobox', { name: 'Part 1 taken from' }).click();
  await page.getByRole('option', { name: 'PLANT / STORES — 4 ea' }).click();
  await part.getByRole('textbox', { name: 'Part 1 quantity' }).fill('1');
  await complete.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText(/1 part issued from stock/)).toBeVisible();
  expect(await onHandOf(page, 'FLT-9')).toMatch(/^3(\.0+)?$/);

  // On a phone: the machine's label, read by an independent decoder, opens its card; a breakdown is reported.
  await page.setViewportSize({ width: 390, height: 844 });
  const formats = await (await page.request.get('/api/v1/label-formats')).json();
  const machines = await (await page.request.get('/api/v1/machines?q=CP-1')).json();
  const label = await page.request.post('/api/v1/labels/print', {
    data: {
      formatId: formats.items[0].id,
      output: 'roll',
      dpi: 203,
      targets: [{ kind: 'machine', id: machines.items[0].id }],
    },
  });
  expect(label.ok()).toBe(true);
  const reader = labelReader('journey-label-');
  const [link] = reader.decode(Buffer.from(await label.body()), 'qrcode');
  reader.dispose();
  expect(link).toMatch(/\/s\/FBM/);
  await page.goto(new URL(link!).pathname);
  const card = page.getByRole('article', { name: /^Scan / });
  await expect(card.getByRole('heading', { name: 'Compressor' })).toBeVisible();
  await card.getByRole('link', { name: 'Report a breakdown' }).click();
  const report = page.getByRole('form', { name: 'Report breakdown' });
  await expect(report.getByRole('combobox', { name: 'Machine' })).toHaveValue(/Compressor \(CP-1\)/);
  await report.getByRole('textbox', { name: 'Problem' }).fill('Pressure drops under load');
  await report.getByRole('button', { name: 'Report breakdown' }).click();
  await expect(page.getByRole('heading', { name: 'Breakdown 1', level: 1 })).toBeVisible();
  await waitForMail(RECIPIENT, /^Breakdown #1 \(medium\): Compressor$/, SMTP_SINK);
  // Two hours on, the compressor is fixed: its 90 minutes of repair lie within its downtime (decision 067).
  setAppClock(`${lead}T19:00:00Z`);
  await page.getByRole('button', { name: 'Resolve' }).click();
  const resolve = page.getByRole('form', { name: 'Resolve breakdown' });
  await resolve.getByRole('textbox', { name: 'Cause' }).fill('Leaking valve seal');
  await resolve.getByRole('textbox', { name: 'Action taken' }).fill('Replaced the seal');
  await resolve.getByRole('textbox', { name: 'Repair time (minutes)' }).fill('90');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await expect(page.getByRole('region', { name: 'Resolution' })).toContainText('Replaced the seal');
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);

  // The logs: one failure, MTTR from the 90-minute repair, the PM done on time.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/maintenance/logs');
  await expect(page.getByRole('region', { name: 'MTTR' })).toContainText('1.5 h');
  await expect(page.getByRole('region', { name: 'MTBF' })).toContainText('over 1 failure');
  await expect(page.getByRole('region', { name: 'PM compliance' })).toContainText('No PM fell due; 1 done');
  const work = page.getByRole('table', { name: 'Work done' });
  await expect(work).toContainText('Change the oil filter');
  await expect(work).toContainText('#1 Pressure drops under load');
});
