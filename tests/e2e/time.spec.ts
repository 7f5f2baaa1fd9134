// Time Tracking (/time, decisions 080 and 082) on a 390 px phone: clock in by typing a job's code, and the clock
// still runs after a reload and after the tab is closed and a new one opened (it lives on the server), its elapsed
// time ticking; a scanner's burst (the keyboard wedge, nothing focused) switches it to another job; starting a
// work-order step on the build floor switches it to that step; clocking out stops it. Time typed afterwards that
// overlaps is refused with the server's reason beside the form. At 1280 px an admin approves a week, which locks it:
// its entries lose Edit and Delete and time added to it is refused; being the company's only admin, they approve
// their own week as self-approved, and once a second admin joins their own week is no longer theirs to approve.
// Nothing runs off a 360 px screen; axe finds nothing serious. The spec takes the help article's screenshots.
import { expect, type Page, test } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { addDays, startOfWeek, todayIn } from '../../common/time/calendar.ts';
import { expectAccessible } from './support/axe.ts';
import { apiPost, makeBin, makePart, receivePart, releaseAssembly } from './support/build-api.ts';
import { pickDate } from './support/date-picker.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { inviteUser, signUpCompany } from './support/session.ts';
import { post, visitorAddress } from './support/visitor.ts';
import { wedgeScan } from './support/wedge.ts';

test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(94) });
});

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The company's zone and today in it (the day the week view and the forms are on). */
async function companyToday(page: Page): Promise<{ zone: string; today: string }> {
  const session = await (await page.request.get('/api/v1/session')).json();
  const zone: string = session.timeZone ?? 'UTC';
  return { zone, today: todayIn(zone) };
}

const yourClock = (page: Page) => page.getByRole('region', { name: 'Your clock' });

/** A released work order of a two-step harness, made from an order linked to `jobId`; its id. */
async function jobWorkOrder(page: Page, jobId: string): Promise<string> {
  const bin = await makeBin(page, 'TIME');
  const wire = await makePart(page, 'TW-1', 'Wire');
  await receivePart(page, wire, bin, '50');
  const harness = await makePart(page, 'TH-1', 'Harness');
  const assembly = await releaseAssembly(
    page,
    harness,
    [{ componentItemId: wire, quantity: '2', consumption: 'backflush' }],
    [
      { title: 'Cut and crimp', setupMinutes: '5', runMinutes: '4' },
      { title: 'Test continuity', setupMinutes: '0', runMinutes: '2' },
    ],
  );
  const order = await apiPost(page, '/api/v1/build-orders', {
    customer: 'Brook Foods',
    lines: [{ assemblyId: assembly.assemblyId, quantity: '2' }],
  });
  await apiPost(page, `/api/v1/build-orders/${order.id}/status`, { status: 'open' });
  await apiPost(page, `/api/v1/jobs/${jobId}/orders`, { orderId: order.id });
  const workOrder = await apiPost(page, '/api/v1/work-orders', {
    assemblyId: assembly.assemblyId,
    quantity: '2',
    outputLocationId: bin,
    orderLineId: order.lines[0].id,
  });
  await apiPost(page, `/api/v1/work-orders/${workOrder.id}/status`, { status: 'released' });
  return workOrder.id;
}

test('on a 390 px phone the clock survives a reload and a closed tab, follows a scan and the floor, and refuses an overlap', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpCompany(page, 'time');
  const pump = await post(page, '/api/v1/jobs', { name: 'Pump skid', customer: 'Brook Foods' }, 201);
  const gearbox = await post(page, '/api/v1/jobs', { name: 'Gearbox rebuild' }, 201);
  const workOrderId = await jobWorkOrder(page, gearbox.id);
  const { zone, today } = await companyToday(page);
  // Typed yesterday, 08:00–10:00: the entry a later typed one overlaps.
  const yesterday = addDays(today, -1);
  await post(
    page,
    '/api/v1/time/entries',
    {
      jobId: pump.id,
      startedAt: instantIn(yesterday, '08:00', zone),
      endedAt: instantIn(yesterday, '10:00', zone),
      reason: 'Forgot to clock in',
    },
    201,
  );

  await page.goto('/time');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Time Tracking', level: 1 })).toBeVisible();
  await expect(yourClock(page).getByText('Your clock is stopped.')).toBeVisible();

  // Clock in by typing the job's code (what its label carries).
  const byCode = page.getByRole('form', { name: 'Clock in by code' });
  await byCode.getByRole('textbox', { name: 'Job or work-order code' }).fill('JOB-000001');
  await byCode.getByRole('button', { name: 'Go' }).click();
  await expect(page.getByText('Clocked in: JOB-000001')).toBeVisible();
  await expect(yourClock(page).getByText('JOB-000001 · Pump skid')).toBeVisible();
  const timer = yourClock(page).getByRole('timer');
  await expect(timer).toHaveText(/^0:00:\d\d$/);

  // A reload asks the server: still running, and ticking.
  await page.reload();
  await expect(yourClock(page).getByText('JOB-000001 · Pump skid')).toBeVisible();
  const shown = await yourClock(page).getByRole('timer').innerText();
  await expect(yourClock(page).getByRole('timer')).not.toHaveText(shown);
  await fitsWidth(page, 390);
  await expectAccessible(page, 'the running clock on a phone');
  await takeHelpScreenshot(page, 'time-390');

  // The tab is closed and another opened: the clock ran on without it.
  await page.close();
  const next = await context.newPage();
  await next.setViewportSize({ width: 390, height: 844 });
  await next.goto('/time');
  await expect(yourClock(next).getByText('JOB-000001 · Pump skid')).toBeVisible();
  await expect(yourClock(next).getByText('Running', { exact: true })).toBeVisible();

  // A scanner's burst with nothing focused switches the clock to the scanned job.
  await next.getByRole('heading', { name: 'Time Tracking', level: 1 }).click();
  await wedgeScan(next, 'JOB-000002');
  await expect(next.getByText('Switched: JOB-000002')).toBeVisible();
  await expect(yourClock(next).getByText('JOB-000002 · Gearbox rebuild')).toBeVisible();

  // Starting a step of the job's work order on the build floor moves the clock onto that step.
  await next.goto(`/build/work-order?id=${workOrderId}&view=floor`);
  await next.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(next.getByRole('button', { name: 'Finish…' })).toBeVisible();
  await next.goto('/time');
  await expect(yourClock(next).getByText('JOB-000002 · Gearbox rebuild')).toBeVisible();
  await expect(yourClock(next).getByText(/^WO-\d{6} · 1\. Cut and crimp$/)).toBeVisible();
  await expect(yourClock(next).getByText('From the build floor')).toBeVisible();

  // Clock out: stopped, and the week shows today's three stretches.
  await yourClock(next).getByRole('button', { name: 'Clock out' }).click();
  await expect(next.getByText('Clocked out: JOB-000002')).toBeVisible();
  await expect(yourClock(next).getByText('Your clock is stopped.')).toBeVisible();

  // Time typed afterwards that overlaps yesterday's is refused, the entry in the way named beside the form.
  await next.getByRole('button', { name: 'Add time' }).click();
  const form = next.getByRole('form', { name: 'Add time' });
  await form.getByRole('combobox', { name: 'Job' }).click();
  await next.getByRole('option', { name: /JOB-000001 · Pump skid/ }).click();
  await pickDate(next, form.getByRole('button', { name: 'Day' }), yesterday);
  await form.getByLabel('Start').fill('09:00');
  await form.getByLabel('End').fill('11:00');
  await form.getByRole('textbox', { name: 'Reason' }).fill('Was on the skid all morning');
  await form.getByRole('button', { name: 'Add time' }).click();
  // The server's words for the time in the way are the screen's: "8:00 AM", as the week lists it.
  await expect(form.getByRole('alert')).toHaveText('Overlaps 8:00 AM–10:00 AM on JOB-000001');
  await expectAccessible(next, 'the refused entry on a phone');
  // Moved after the entry in the way, it is taken.
  await form.getByLabel('Start').fill('10:00');
  await form.getByRole('button', { name: 'Add time' }).click();
  await expect(next.getByText('Time added')).toBeVisible();
  await expect(form).toHaveCount(0);

  await next.setViewportSize({ width: 360, height: 740 });
  await fitsWidth(next, 360);
  await expectAccessible(next, 'the week at 360 px');
});

test('an admin approves a week on a desk screen, and its time is locked', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpCompany(page, 'timedesk');
  const job = await post(page, '/api/v1/jobs', { name: 'Conveyor guard', customer: 'Acme Mills' }, 201);
  const { zone, today } = await companyToday(page);
  const monday = startOfWeek(addDays(today, -7));
  for (const [day, from, to] of [
    [0, '07:30', '12:00'],
    [0, '12:30', '16:00'],
    [2, '08:00', '11:15'],
    [3, '22:00', '23:30'],
  ] as const) {
    const date = addDays(monday, day);
    await post(
      page,
      '/api/v1/time/entries',
      {
        jobId: job.id,
        activity: day === 2 ? 'setup' : 'run',
        startedAt: instantIn(date, from, zone),
        endedAt: instantIn(date, to, zone),
        reason: 'Typed from the paper timesheet',
      },
      201,
    );
  }
  await page.goto(`/time?week=${monday}`);
  await page.getByRole('button', { name: 'Decline' }).click();
  // 4.5 + 3.5 hours on Monday, 3.25 on Wednesday, 1.5 on Thursday night.
  await expect(page.getByText('12.75 h', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Mon / })).toContainText('8 h');
  await expect(page.getByRole('region', { name: /^Wed / })).toContainText('3.25 h');
  await expect(page.getByRole('region', { name: /^Tue / })).toContainText('No time.');
  await expectAccessible(page, 'the week on a desk');
  // The week, not the clock above it, fills the shot.
  await page.evaluate(() => {
    document.getElementById('week-title')?.scrollIntoView();
    // Below the sticky header and its section bar.
    window.scrollBy(0, -110);
  });
  await takeHelpScreenshot(page, 'time-week-1280');

  // Approval locks the week, so it is asked once more.
  await page.getByRole('button', { name: 'Approve week' }).click();
  const approving = page.getByRole('dialog', { name: 'Approve the week' });
  await expect(approving).toContainText('Its time is then locked');
  // The sign-up's admin is the company's only active admin: their own week is theirs to approve, and it is said so.
  await expect(approving).toContainText('the audit trail records it as self-approved');
  await expectAccessible(page, 'the approval asked once more');
  await approving.getByRole('button', { name: 'Approve week' }).click();
  await expect(page.getByText('Week approved')).toBeVisible();
  await expect(page.getByText('Approved: this week is locked')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Locked: the week is approved' })).toHaveCount(4);

  // Time added into the approved week is refused with the server's reason.
  await page.getByRole('button', { name: 'Add time' }).click();
  const form = page.getByRole('form', { name: 'Add time' });
  await form.getByRole('combobox', { name: 'Job' }).click();
  await page.getByRole('option', { name: /JOB-000001/ }).click();
  await pickDate(page, form.getByRole('button', { name: 'Day' }), addDays(monday, 1));
  await form.getByLabel('Start').fill('08:00');
  await form.getByLabel('End').fill('09:00');
  await form.getByRole('textbox', { name: 'Reason' }).fill('Missed a morning');
  await form.getByRole('button', { name: 'Add time' }).click();
  await expect(form.getByRole('alert')).toContainText('is approved: its time cannot change.');
  await expectAccessible(page, 'the approved week refusing time');
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Approved by mistake: the admin reopens it with a reason, and its time can be changed again.
  await page.getByRole('button', { name: 'Reopen week' }).click();
  const reopening = page.getByRole('dialog', { name: 'Reopen the week' });
  await reopening.getByRole('button', { name: 'Reopen week' }).click();
  await expect(reopening.getByText('Reason is required')).toBeVisible();
  await reopening.getByRole('textbox', { name: 'Reason' }).fill('Approved before the Friday fix');
  await reopening.getByRole('button', { name: 'Reopen week' }).click();
  await expect(page.getByText('Week reopened')).toBeVisible();
  await expect(page.getByText('Approved: this week is locked')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(4);
  // With a second admin, one's own week is theirs to approve: the screen says so instead of offering Approve.
  await inviteUser(page, 'admin', { firstName: 'Bea', lastName: 'Second' });
  await page.reload();
  await expect(page.getByText('Your own week: another admin must approve it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve week' })).toHaveCount(0);
  await expectAccessible(page, 'one’s own week with another admin');
  // The week after next has not started: nothing to approve there yet.
  await page.getByRole('button', { name: 'Next week' }).click();
  await page.getByRole('button', { name: 'Next week' }).click();
  const comingMonday = addDays(monday, 14);
  await expect(page).toHaveURL(new RegExp(`week=${comingMonday}`));
  const coming = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${comingMonday}T12:00:00Z`),
  );
  await expect(page.getByRole('heading', { name: `Week of ${coming}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve week' })).toHaveCount(0);
});

test('on a 390 px phone the Add time dialog keeps the keyboard: a day picked with the keys leaves the focus in it, and a scanner does not clock in behind it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpCompany(page, 'timekeys');
  await post(page, '/api/v1/jobs', { name: 'Pump skid' }, 201);
  await page.goto('/time');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(yourClock(page).getByText('Your clock is stopped.')).toBeVisible();
  const inDialog = () =>
    page.evaluate(() => document.activeElement?.closest('[aria-modal="true"]')?.getAttribute('role') ?? null);

  // Opened from the keyboard, on its first field.
  await page.getByRole('button', { name: 'Add time' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Add time' });
  const job = form.getByRole('combobox', { name: 'Job' });
  await expect(job).toBeFocused();
  await page.keyboard.type('Pump');
  await expect(page.getByRole('option', { name: /JOB-000001 · Pump skid/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(job).toHaveValue('JOB-000001 · Pump skid');

  // Past Activity to Day; Enter opens the calendar on today, the left arrow goes to yesterday, Enter picks it.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const day = form.getByRole('button', { name: 'Day' });
  await expect(day).toBeFocused();
  const todayText = await day.innerText();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: 'Day' });
  await expect(calendar).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(calendar).toHaveCount(0);
  await expect(day).not.toHaveText(todayText);
  // The focus is back on Day, inside the dialog (it was on <body>, and Tab walked the page behind).
  await expect(day).toBeFocused();
  expect(await inDialog()).toBe('dialog');
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Start')).toBeFocused();

  // A scanner's burst while the dialog is open, even with the focus fallen to <body>, clocks nothing in behind it.
  await wedgeScan(page, 'JOB-000001');
  await page.waitForTimeout(1000);
  await expect(page.getByText(/Clocked in|Nothing was clocked in/)).toHaveCount(0);
  await expect(form).toBeVisible();
  await expect(yourClock(page).getByText('Your clock is stopped.')).toBeVisible();

  // With the dialog closed the same burst clocks in: the scanner was there to be reached.
  await form.getByRole('button', { name: 'Cancel' }).click();
  // Gone, its closing transition too (a burst that comes in while it closes is dropped whole).
  await expect(page.getByRole('dialog', { name: 'Add time' })).toHaveCount(0);
  await wedgeScan(page, 'JOB-000001');
  await expect(page.getByText('Clocked in: JOB-000001')).toBeVisible();
});

/** The instant (UTC ISO) of `time` (HH:MM) on `date` in `zone`, through the date library as the screen does. */
function instantIn(date: string, time: string, zone: string): string {
  return Temporal.PlainDate.from(date)
    .toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from(time) })
    .toInstant()
    .toString();
}
