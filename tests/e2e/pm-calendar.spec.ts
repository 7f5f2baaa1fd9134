// The PM calendar (/maintenance/pm-calendar, issue 22, decision 059) as far as this slice reaches without the plans
// screen: an admin switches Maintenance on, opens the calendar to the company's month (six Monday-first weeks, empty,
// said in words, with its legend), moves a month on and back and to the week view by keyboard alone, makes a calendar
// link that a calendar app (page.request, no session) reads as iCalendar, replaces it (the old one 404) and revokes
// it (404); on a 360 px phone the calendar is an agenda without sideways scroll. axe clean at each state. The
// calendar with real occurrences comes with the plans slice (the lead's spec after the merge).
import { expect, type Page, test } from '@playwright/test';
import { addMonths, todayIn } from '../../common/time/calendar.ts';
import { expectAccessible } from './support/axe.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { switchMaintenanceOn } from './support/maintenance.ts';
import { signUpCompany } from './support/session.ts';

const ZONE = 'America/New_York';
const visitorAddress = () =>
  `198.27.${Math.floor(Math.random() * 254) + 1}.${Math.floor(Math.random() * 254) + 1}`;

test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress() });
});

/** "November 2026" for a day, as the screen writes a month. */
const monthName = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

/** A new company whose admin switched Maintenance on, with one machine. */
async function setUp(page: Page) {
  await signUpCompany(page, 'pmcal', { timezone: ZONE });
  await switchMaintenanceOn(page);
  const machine = await page.request.post('/api/v1/machines', {
    data: { name: 'Press 4', assetTag: 'PR-4' },
  });
  expect(machine.ok(), await machine.text()).toBe(true);
}

/** The path of a feed link (the server writes it with its APP_URL). */
const pathOf = (url: string) => new URL(url).pathname;

test('the month and week views, moved by keyboard, and a calendar link made, read, replaced and revoked', async ({
  page,
  request,
}) => {
  await setUp(page);
  await page.goto('/maintenance/pm-calendar');
  // The screen's first load fetches its chunk and three requests; on a loaded CI machine that outlasts 7 s.
  await expect(page.getByRole('heading', { name: 'PM calendar', level: 1 })).toBeVisible({ timeout: 30_000 });
  const today = todayIn(ZONE);
  const thisMonth = monthName(today);
  const grid = page.getByRole('table', { name: thisMonth });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('columnheader')).toHaveText(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  await expect(grid.getByRole('row')).toHaveCount(7);
  await expect(grid.locator('[aria-current="date"]')).toContainText('Today');
  await expect(page.getByText('No preventive work in these weeks.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'What the colours mean' })).toContainText('Overdue');
  await expectAccessible(page, 'an empty month');
  await takeHelpScreenshot(page, 'pm-calendar-1280');

  // By keyboard alone: next month, back to today, then the week view.
  await page.getByRole('button', { name: 'Next month' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: monthName(addMonths(today, 1)) })).toBeVisible();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Today' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('table', { name: thisMonth })).toBeVisible();
  await page.getByRole('radio', { name: 'Month' }).focus();
  await page.keyboard.press('ArrowRight');
  const week = page.getByRole('table', { name: /^Week of / });
  await expect(week).toBeVisible();
  await expect(week.getByRole('row')).toHaveCount(2);
  await expect(page.getByText('No preventive work this week.')).toBeVisible();
  await expectAccessible(page, 'an empty week');

  // The calendar feed: made (shown once), read with no session as iCalendar.
  const feed = page.getByRole('region', { name: 'Calendar feed' });
  await expect(feed).toContainText('You have no calendar link.');
  await feed.getByRole('button', { name: 'Make my calendar link' }).click();
  const link = feed.getByRole('textbox', { name: 'Your calendar link' });
  await expect(link).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const first = await link.inputValue();
  await expect(feed).toContainText('Your link was made');
  await expectAccessible(page, 'a new calendar link');
  await feed.scrollIntoViewIfNeeded();
  await takeHelpScreenshot(page, 'pm-calendar-feed-1280');
  // A calendar app: its own requests, no session cookie.
  const calendarApp = request;
  const read = await calendarApp.get(pathOf(first));
  expect(read.status()).toBe(200);
  expect(read.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await read.text()).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);

  // Replaced: the old link is gone, the new one works; revoked: gone too.
  await feed.getByRole('button', { name: 'Make a new link' }).click();
  await expect(link).not.toHaveValue(first);
  const second = await link.inputValue();
  expect((await calendarApp.get(pathOf(first))).status()).toBe(404);
  expect((await calendarApp.get(pathOf(second))).status()).toBe(200);
  await feed.getByRole('button', { name: 'Revoke link' }).click();
  await expect(feed).toContainText('You have no calendar link.');
  await expect(link).toHaveCount(0);
  expect((await calendarApp.get(pathOf(second))).status()).toBe(404);
});

test('on a 360 px phone the calendar is an agenda, without sideways scroll', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await setUp(page);
  await page.goto('/maintenance/pm-calendar');
  // The screen's first load fetches its chunk and three requests; on a loaded CI machine that outlasts 7 s.
  await expect(page.getByRole('heading', { name: 'PM calendar', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.locator('li[aria-current="date"]')).toContainText('No preventive work today.');
  await expectAccessible(page, 'the agenda on a phone');
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  await takeHelpScreenshot(page, 'pm-calendar-360');
});

test('a busy day shows its first three and “N more”, which lists the whole day with its counts', async ({
  page,
}) => {
  await setUp(page);
  const machines = await (await page.request.get('/api/v1/machines')).json();
  const today = todayIn(ZONE);
  for (const title of ['Bleed air', 'Check belts', 'Drain coolant', 'Grease rams']) {
    const plan = await page.request.post('/api/v1/maintenance/plans', {
      data: {
        machineId: machines.items[0].id,
        title,
        checklist: [{ text: 'Do it' }],
        mode: 'fixed',
        startOn: today,
        calendarEvery: 1,
        calendarUnit: 'month',
      },
    });
    expect(plan.ok(), await plan.text()).toBe(true);
  }
  await page.goto('/maintenance/pm-calendar');
  // Today's cell: the first three in the calendar's order (same state and machine: by plan), and one more.
  const cell = page.locator('td[aria-current="date"]');
  await expect(cell.getByRole('button', { name: /^Due: Press 4 — / })).toHaveText([
    /Bleed air/,
    /Check belts/,
    /Drain coolant/,
  ]);
  await cell.getByRole('button', { name: /^1 more on .+: show all the day’s work$/ }).click();
  const day = page.getByRole('dialog', { name: /^Work on / });
  await expect(day.getByText('4 pieces of work: 4 due')).toBeVisible();
  await expect(day.getByRole('button', { name: /^Due: Press 4 — / })).toHaveCount(4);
  await expectAccessible(page, 'the whole list of a busy day');
  // Its details open over it; closing them comes back to the day.
  await day.getByRole('button', { name: 'Due: Press 4 — Grease rams' }).click();
  const details = page.getByRole('dialog', { name: 'Grease rams' });
  await expect(details.getByRole('button', { name: 'Complete' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(day.getByText('4 pieces of work: 4 due')).toBeVisible();
});
