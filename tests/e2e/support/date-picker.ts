// Picks calendar dates in the app's date fields (web/components/date-field.tsx) as a person does: opens the calendar,
// goes month by month with its "Next month" and "Previous month" buttons, and clicks the day by its name.
import { expect, type Locator, type Page } from '@playwright/test';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const monthIndex = (year: number, month: number) => year * 12 + month;

/** "30 June 2027": how the calendar names a day. */
const dayName = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
};

/** In the open calendar, goes to the month of `date` (YYYY-MM-DD) and clicks its day. */
async function clickDay(calendar: Locator, date: string): Promise<void> {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const header = calendar.getByRole('button', { name: 'Choose the month' });
  const [shownMonth = '', shownYear = ''] = (await header.innerText()).trim().split(' ');
  let shown = monthIndex(Number(shownYear), MONTHS.indexOf(shownMonth) + 1);
  const target = monthIndex(year, month);
  while (shown !== target) {
    const forward = shown < target;
    await calendar.getByRole('button', { name: forward ? 'Next month' : 'Previous month' }).click();
    shown += forward ? 1 : -1;
    const y = Math.floor((shown - 1) / 12);
    await expect(header).toHaveText(`${MONTHS[(shown - 1) % 12]} ${y}`);
  }
  // The days of the next and previous months shown around this one carry the same names.
  await calendar.locator(`button[aria-label="${dayName(date)}"]:not([data-outside])`).click();
}

/** The calendar a date field opened. */
const openCalendar = (page: Page) => page.getByRole('dialog').filter({ has: page.getByText(/^(Mo|Su)$/) });

/** Sets the date field `field` (the button its label names) to `date` (YYYY-MM-DD). */
export async function pickDate(page: Page, field: Locator, date: string): Promise<void> {
  await field.click();
  const calendar = openCalendar(page);
  await clickDay(calendar, date);
  await expect(calendar).toHaveCount(0);
}

/** Sets the period field `field` to the days `from` to `to` (YYYY-MM-DD). */
export async function pickPeriod(page: Page, field: Locator, from: string, to: string): Promise<void> {
  await field.click();
  const calendar = openCalendar(page);
  await clickDay(calendar, from);
  await clickDay(calendar, to);
  await expect(calendar).toHaveCount(0);
}
