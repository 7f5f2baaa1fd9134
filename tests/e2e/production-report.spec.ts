// The Production Report (/build/production-report, decision 052) for a planner in New York: three work orders run on
// the floor and completed through the API today — one on time, one late, one without a due date, one with scrap —
// read back as figures, charts and the table of assemblies for this month (the company's month, computed with
// todayIn, never the runner's UTC date); narrowed to one assembly and to an earlier period (the empty state says what
// fills the report); by weeks; the CSV downloaded and compared with the screen and the API; on 390 and 360 px phones,
// by keyboard, and axe clean at each state; at every width inside the page's margins, with both assemblies named on
// the minutes-per-unit chart. Takes the help article's screenshots.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { addDays, startOfMonth, todayIn } from '../../common/time/calendar.ts';
import { expectAccessible } from './support/axe.ts';
import { completeWorkOrder, makeBin, makePart, receivePart, releaseAssembly } from './support/build-api.ts';
import { pickPeriod } from './support/date-picker.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

const ZONE = 'America/New_York';
// The journey signs a company up and runs three work orders through the API first, then reads, filters and downloads
// the report several times: 240 s.
test.describe.configure({ timeout: 240_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(26) });
});

/**
 * FRAME (two steps: 5 + 3 min a unit and 2 + 1) and WHEEL (one step: 1 + 2), each built today: FRAME ×3 with one
 * scrapped, due today (on time); FRAME ×2 due yesterday (late); WHEEL ×4 without a due date.
 */
async function setUp(page: Page) {
  const today = todayIn(ZONE);
  const bin = await makeBin(page);
  const tube = await makePart(page, 'TUBE', 'Tube');
  const spoke = await makePart(page, 'SPOKE', 'Spoke');
  await receivePart(page, tube, bin, '100');
  await receivePart(page, spoke, bin, '100');
  const frame = await releaseAssembly(
    page,
    await makePart(page, 'FRAME', 'Frame'),
    [{ componentItemId: tube, quantity: '2' }],
    [
      { title: 'Weld', setupMinutes: '5', runMinutes: '3' },
      { title: 'Paint', setupMinutes: '2', runMinutes: '1' },
    ],
  );
  const wheel = await releaseAssembly(
    page,
    await makePart(page, 'WHEEL', 'Wheel'),
    [{ componentItemId: spoke, quantity: '1' }],
    [{ title: 'Lace', setupMinutes: '1', runMinutes: '2' }],
  );
  await completeWorkOrder(page, {
    assembly: frame,
    binId: bin,
    quantity: '3',
    good: '2',
    scrap: { quantity: '1', reason: 'Cracked weld' },
    dueOn: today,
  });
  await completeWorkOrder(page, {
    assembly: frame,
    binId: bin,
    quantity: '2',
    good: '2',
    dueOn: addDays(today, -1),
  });
  await completeWorkOrder(page, { assembly: wheel, binId: bin, quantity: '4', good: '4' });
  return { today };
}

const figure = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The page's side margin: the container's padding. */
const MARGIN = 16;

/**
 * Issue 29: the report touched the window's edges and cut the right chart's last tick. Every card, chart and table
 * of the report lies within the page's margins, every chart's axis text within its chart, and nothing scrolls
 * sideways.
 */
async function expectWithinMargins(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const outside = await page.getByRole('main').evaluate(
    (main, [margin, right]) => {
      const off: string[] = [];
      const edge = (r: DOMRect) => r.left < margin - 0.5 || r.right > right - margin + 0.5;
      for (const box of main.querySelectorAll('figure, section, article, table, h1')) {
        const r = box.getBoundingClientRect();
        if (r.width > 0 && edge(r))
          off.push(`${box.tagName} ${box.getAttribute('aria-label') ?? ''} ${r.left}–${r.right}`);
      }
      for (const chart of main.querySelectorAll('figure')) {
        const c = chart.getBoundingClientRect();
        for (const tick of chart.querySelectorAll(
          '.recharts-cartesian-axis-tick-value, .recharts-legend-item',
        )) {
          const r = tick.getBoundingClientRect();
          if (r.width > 0 && (r.left < c.left - 0.5 || r.right > c.right + 0.5))
            off.push(`tick "${tick.textContent}"`);
        }
      }
      return off;
    },
    [MARGIN, width] as const,
  );
  expect(outside).toEqual([]);
}

/** The names the minutes-per-unit chart writes beside its bars. */
const minutesChartNames = (page: Page) =>
  page
    .getByRole('figure', { name: /^Minutes per unit, actual against standard/ })
    .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
const table = (page: Page) => page.getByRole('table', { name: 'Production by assembly' });
const row = (page: Page, partNumber: string) => table(page).getByRole('row').filter({ hasText: partNumber });

/** The report's CSV as the Export CSV button downloads it, as records by column name. */
async function downloadCsv(page: Page): Promise<Array<Record<string, string>>> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^production-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-/);
  return parse(readFileSync((await download.path())!, 'utf8'), { columns: true, bom: true });
}

test('a planner reads the month’s production, narrows it, exports it and finds the same numbers', async ({
  page,
}) => {
  await signUpCompany(page, 'prodrep', { timezone: ZONE });
  const { today } = await setUp(page);
  const from = startOfMonth(today);

  await page.goto('/build/production-report');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Production Report', level: 1 })).toBeVisible();
  // This month on the company's clock: its first day to today in New York.
  await expect(page.getByRole('button', { name: 'Period' })).toContainText(' – ');
  await expect(figure(page, 'Completed')).toContainText('3');
  await expect(figure(page, 'Completed')).toContainText('8 good, 1 scrap');
  await expect(figure(page, 'On time')).toContainText('50.0%');
  await expect(figure(page, 'On time')).toContainText('1 of 2 with a due date; 1 without one');
  await expect(figure(page, 'Scrap rate')).toContainText('11.1%');
  // Standard: FRAME (7 + 4×3) + (7 + 4×2) and WHEEL 1 + 2×4, 43 minutes over 9 units.
  await expect(figure(page, 'Minutes per unit')).toContainText('Standard 4.78 min');
  await expect(row(page, 'FRAME')).toContainText('1 of 2 (50.0%)');
  await expect(row(page, 'FRAME')).toContainText('20.0%');
  await expect(row(page, 'FRAME')).toContainText('6.80 min');
  await expect(row(page, 'WHEEL')).toContainText('none due, 1 without a due date');
  await expect(row(page, 'WHEEL')).toContainText('2.25 min');
  await expect(page.getByRole('figure', { name: 'Good and scrap per day' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Scrap by reason, largest first' })).toBeVisible();
  // Both assemblies are named on the minutes-per-unit chart, and the report sits inside the page's margins.
  await expect(minutesChartNames(page)).toHaveText(['FRAME', 'WHEEL']);
  await expectWithinMargins(page);
  await expectAccessible(page, 'the month’s production report');
  await takeHelpScreenshot(page, 'production-report-1280');

  // The chart's numbers as a table: every day of the month so far, today's output last.
  const output = page.getByRole('figure', { name: 'Good and scrap per day' });
  await output.getByText('Show as a table').click();
  await expect(output.getByRole('row')).toHaveCount(Number(today.slice(8)) + 1);
  await expect(output.getByRole('row').last().getByRole('cell')).toHaveText(['8', '1']);
  await expectAccessible(page, 'the output chart’s table open');

  // The CSV holds the screen's numbers: today's period, each assembly and the totals, as the API sends them.
  const rows = await downloadCsv(page);
  const api = await (
    await page.request.get(`/api/v1/production-report?from=${from}&to=${today}&granularity=day`)
  ).json();
  const totals = rows.at(-1)!;
  expect(totals).toMatchObject({
    From: from,
    To: today,
    'Part number': 'All assemblies',
    Completed: '3',
    'On time': '1',
    Late: '1',
    'No due date': '1',
    'On time %': '50.0',
    Good: '8',
    Scrap: '1',
    'Scrap %': '11.1',
    'Actual min/unit': api.totals.actualMinutesPerUnit,
    'Standard min/unit': '4.78',
  });
  const frame = rows.find((r) => r['Part number'] === 'FRAME')!;
  expect(frame).toMatchObject({ Completed: '2', 'Scrap %': '20.0', 'Standard min/unit': '6.80' });
  await expect(row(page, 'FRAME')).toContainText(`${frame['Actual min/unit']} min`);
  expect(rows.find((r) => r.From === today && r['Part number'] === 'All assemblies')).toMatchObject({
    Completed: '3',
    Good: '8',
  });

  // One assembly: WHEEL alone.
  const assembly = page.getByRole('combobox', { name: 'Assembly' });
  await assembly.click();
  await assembly.fill('WHEEL');
  await page.getByRole('option', { name: /^WHEEL ·/ }).click();
  await expect(figure(page, 'Completed')).toContainText('4 good, 0 scrap');
  await expect(table(page).getByRole('row')).toHaveCount(2);
  const wheelRows = await downloadCsv(page);
  expect(wheelRows.at(-1)).toMatchObject({ Completed: '1', Good: '4', 'Standard min/unit': '2.25' });

  // By weeks, chosen by keyboard.
  const periods = page.getByRole('combobox', { name: 'Periods' });
  await periods.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(periods).toHaveValue('Weeks (Monday to Sunday)');
  await expect(page.getByRole('figure', { name: /^Good and scrap per week/ })).toBeVisible();

  // An earlier period, before anything was completed: the empty state says what fills the report.
  await pickPeriod(
    page,
    page.getByRole('button', { name: 'Period' }),
    addDays(today, -60),
    addDays(today, -45),
  );
  await expect(page.getByText(/No work orders were completed in this period/)).toBeVisible();
  await expect(page.getByText(/Run on the floor → Complete/)).toBeVisible();
  await expectAccessible(page, 'a period without completed work orders');
});

test('the report on a 390 and a 360 px phone: cards, inside the margins, axe clean', async ({ page }) => {
  await signUpCompany(page, 'prodphone', { timezone: ZONE });
  await setUp(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/build/production-report');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(figure(page, 'Completed')).toContainText('3');
  await expect(minutesChartNames(page)).toHaveText(['FRAME', 'WHEEL']);
  await expectWithinMargins(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(minutesChartNames(page)).toHaveText(['FRAME', 'WHEEL']);
  await expectWithinMargins(page);
  await expect(page.getByRole('article', { name: 'FRAME' })).toContainText('2 completed');
  await expect(page.getByRole('article', { name: 'WHEEL' })).toContainText('standard 2.25 min');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'the production report on a phone');
  await takeHelpScreenshot(page, 'production-report-360');
});
