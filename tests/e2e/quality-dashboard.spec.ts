// The Quality Dashboard (/quality, decision 074) for a quality lead in New York: a final plan of WIDGET (a pass/fail
// check and a length measured once per unit) released through the API as QC Setup does, six one-unit lots inspected
// and finished through the API as QC Instructions does — three failing "Looks right" (two scratches, one dent) —
// read back as the cards (FPY 3 of 6, numerator and denominator), the Pareto and its table, the tables by item (its
// failed inspections one click away, opening in QC Instructions) and over time, and the length's individuals chart with its capability; the periods switched to days by keyboard and an
// earlier month showing "No data"; a table's CSV downloaded and compared with the screen; on a 360 px phone without
// sideways scrolling; axe clean. Takes the help article's screenshots.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { addDays, startOfMonth, todayIn } from '../../common/time/calendar.ts';
import { expectAccessible } from './support/axe.ts';
import { apiPost, makeBin, makeItem, receiveLot } from './support/build-api.ts';
import { pickPeriod } from './support/date-picker.ts';
import { takeHelpScreenshot } from './support/help-screenshots.ts';
import { signUpCompany } from './support/session.ts';
import { visitorAddress } from './support/visitor.ts';

const ZONE = 'America/New_York';
// Sign-up, a plan and six inspections through the API, then the screen read several times: 360 s on a busy machine.
test.describe.configure({ timeout: 360_000 });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(31) });
});

async function apiPut(page: Page, url: string, data: object) {
  const response = await page.request.put(url, { data });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** Lengths of the six units, and which fail "Looks right" under which code. */
const UNITS: Array<{ length: string; fails?: 'SCR' | 'DNT' }> = [
  { length: '50.00' },
  { length: '50.20', fails: 'SCR' },
  { length: '49.90' },
  { length: '50.10', fails: 'DNT' },
  { length: '50.00', fails: 'SCR' },
  { length: '50.05' },
];

async function setUp(page: Page) {
  const bin = await makeBin(page);
  const widget = await makeItem(page, { partNumber: 'WIDGET', name: 'Widget', lotTracked: true });
  const codes = {
    SCR: (await apiPost(page, '/api/v1/defect-codes', { code: 'SCR', name: 'Scratch' })).id as string,
    DNT: (await apiPost(page, '/api/v1/defect-codes', { code: 'DNT', name: 'Dent' })).id as string,
  };
  const plan = await apiPost(page, '/api/v1/inspection-plans', {
    itemId: widget,
    stage: 'final',
    name: 'Final',
  });
  const versionId: string = plan.versions[0].id;
  const version = await apiPut(page, `/api/v1/inspection-plan-versions/${versionId}`, {
    sampling: 'all',
    checks: [
      { kind: 'pass_fail', name: 'Looks right' },
      { kind: 'measurement', name: 'Length', lowerLimit: '49', upperLimit: '51', unit: 'mm' },
    ],
  });
  const [looks, length] = version.checks.map((c: { id: string }) => c.id) as [string, string];
  await apiPost(page, `/api/v1/inspection-plan-versions/${versionId}/release`);
  for (const [n, unit] of UNITS.entries()) {
    const lot = await receiveLot(page, widget, bin, '1', `W-${n + 1}`);
    const inspection = await apiPost(page, '/api/v1/inspections', { lotId: lot.lines[0].lotId });
    const id: string = inspection.id;
    await apiPost(page, `/api/v1/inspections/${id}/results`, {
      checkId: looks,
      unitNo: 1,
      passed: !unit.fails,
      ...(unit.fails ? { defectCodeId: codes[unit.fails] } : {}),
    });
    await apiPost(page, `/api/v1/inspections/${id}/results`, {
      checkId: length,
      unitNo: 1,
      value: unit.length,
    });
    await apiPost(page, `/api/v1/inspections/${id}/finish`);
  }
  return { widget };
}

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function downloadCsv(page: Page, sectionName: string): Promise<string[][]> {
  const downloading = page.waitForEvent('download');
  await section(page, sectionName).getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^quality-pareto-\d{4}-\d{2}-\d{2}-to-/);
  return parse(readFileSync((await download.path())!, 'utf8'), { bom: true });
}

test('a quality lead reads the month’s inspections, their Pareto and a control chart, and exports a table', async ({
  page,
}) => {
  await signUpCompany(page, 'qdash', { timezone: ZONE });
  await setUp(page);
  const today = todayIn(ZONE);

  await page.goto('/quality');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Quality Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  await expect(card(page, 'First pass yield')).toContainText('50.0%');
  await expect(card(page, 'First pass yield')).toContainText(
    '3 units of 6 units inspected passed first time',
  );
  await expect(card(page, 'Defects per unit')).toContainText('0.500');
  await expect(card(page, 'Defects per unit')).toContainText('3 defects ÷ 6 units');
  await expect(card(page, 'DPMO')).toContainText('250,000');
  await expect(card(page, 'DPMO')).toContainText('12 opportunities');
  await expect(page.getByRole('figure', { name: /^Defects by code/ })).toBeVisible();
  const pareto = page.getByRole('table', { name: 'Defects by code' }).last();
  await expect(pareto.getByRole('row').nth(1)).toContainText('SCR');
  await expect(pareto.getByRole('row').nth(1)).toContainText('2');
  await expect(pareto.getByRole('row').nth(2)).toContainText('DNT');
  await expect(page.getByRole('table', { name: 'By item' })).toContainText('WIDGET');
  await page.evaluate(() => window.scrollTo(0, 0));
  // The pointer off the charts, so no tooltip covers the picture.
  await page.mouse.move(0, 0);
  await takeHelpScreenshot(page, 'quality-dashboard-1280');
  // The inspections behind the item's yield: its three failed ones, each opening in QC Instructions.
  await page.getByRole('button', { name: 'Failed inspections of WIDGET' }).click();
  const behind = page.getByRole('dialog', { name: 'Failed inspections of WIDGET' });
  await expect(behind.getByRole('link')).toHaveCount(3);
  await behind.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/quality\/qc-display\?inspection=/);
  await page.goBack();
  await expect(card(page, 'First pass yield')).toContainText('50.0%');
  await expect(behind).toBeHidden();

  // The length's control chart: one reading per inspection, so individuals and moving ranges.
  const chart = page.getByRole('region', { name: 'Control chart of a measured check' });
  await expect(chart.getByRole('combobox', { name: 'Measured check' })).toHaveValue(/Length \(6 readings\)/);
  await expect(
    chart.getByRole('figure', { name: /^Individuals chart: each reading of Length/ }),
  ).toBeVisible();
  await expect(chart.getByRole('figure', { name: /^Moving range chart/ })).toBeVisible();
  await expect(chart.getByRole('region', { name: 'Capability' })).toContainText(
    'against the limits 49 to 51',
  );
  await expect(chart.getByRole('region', { name: 'Capability' })).toContainText('Cpk');
  // The rules are the individuals chart's alone, and the panel says so.
  await expect(chart.getByRole('region', { name: 'Western Electric rule breaks' })).toContainText(
    'Checked on the individuals chart (the readings) only, not on the moving range chart',
  );
  await expectAccessible(page, 'the month’s quality dashboard');

  // The Pareto's CSV is the table on the screen.
  const rows = await downloadCsv(page, 'Defects by code');
  const onScreen = await pareto
    .getByRole('row')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
    );
  expect(rows).toEqual(onScreen);

  // By keyboard: the periods become days, one row a day in the table over time.
  const periods = page.getByRole('combobox', { name: 'Periods' });
  await periods.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(periods).toHaveValue('Days');
  const days = Number(today.slice(8));
  await expect(
    page.getByRole('table', { name: 'First pass yield and defects over time' }).last().getByRole('row'),
  ).toHaveCount(days + 1);

  // An earlier month has nothing: "No data", not 0 %.
  const before = addDays(startOfMonth(today), -1);
  await pickPeriod(page, page.getByRole('button', { name: 'Period' }), startOfMonth(before), before);
  await expect(card(page, 'First pass yield')).toContainText('No data');
  await expect(page.getByText('No defect was found in this period')).toBeVisible();
  await expect(chart).toContainText('No measured check has readings in this period.');
});

test('the dashboard on a 360 px phone: nothing scrolls sideways, axe clean', async ({ page }) => {
  await signUpCompany(page, 'qdashphone', { timezone: ZONE });
  await setUp(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/quality');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(card(page, 'First pass yield')).toContainText('50.0%');
  await expect(page.getByRole('figure', { name: /^Individuals chart/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'the quality dashboard on a phone');
  await page.evaluate(() => window.scrollTo(0, 0));
  await takeHelpScreenshot(page, 'quality-dashboard-360');
});
