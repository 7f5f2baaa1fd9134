// The report's figures and charts say the numbers the API sent, as the API wrote them: the four totals, each period's
// good and scrap on the company's calendar, work orders against their due dates, scrap by reason, and minutes per
// unit against standard per assembly; a rate with nothing to divide by is a dash, never 0 %.
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TProductionFigures, TProductionReport } from '#common/schemas/production-report.ts';
import { tableRows } from '../../components/charts/testing.ts';
import { CompanyClockProvider } from '../../lib/company-clock.tsx';
import { ReportCharts, ReportFigures } from './report-charts.tsx';

const NONE: TProductionFigures = {
  completed: 0,
  onTime: 0,
  late: 0,
  noDueDate: 0,
  onTimePercent: null,
  goodQuantity: '0',
  scrapQuantity: '0',
  scrapPercent: null,
  actualMinutesPerUnit: null,
  standardMinutesPerUnit: null,
  plannedMaterialCost: '0',
  actualMaterialCost: '0',
  materialVariance: '0',
  materialVariancePercent: null,
};

const REPORT: TProductionReport = {
  from: '2026-03-09',
  to: '2026-03-10',
  granularity: 'day',
  assemblyId: null,
  timeZone: 'America/New_York',
  totals: {
    completed: 3,
    onTime: 1,
    late: 1,
    noDueDate: 1,
    onTimePercent: '50.0',
    goodQuantity: '8',
    scrapQuantity: '1.5',
    scrapPercent: '15.8',
    actualMinutesPerUnit: '7.63',
    standardMinutesPerUnit: '2.88',
    plannedMaterialCost: '7.5',
    actualMaterialCost: '5.5',
    materialVariance: '-2',
    materialVariancePercent: '-26.7',
  },
  periods: [
    {
      start: '2026-03-09',
      end: '2026-03-09',
      ...NONE,
      completed: 3,
      goodQuantity: '8',
      scrapQuantity: '1.5',
    },
    { start: '2026-03-10', end: '2026-03-10', ...NONE },
  ],
  scrapReasons: [
    { reason: 'Cracked weld', quantity: '1' },
    { reason: 'Bent pin', quantity: '0.5' },
  ],
  items: [
    {
      assemblyId: 'a1',
      partNumber: 'FRAME',
      name: 'Frame',
      unitOfMeasure: 'ea',
      ...NONE,
      completed: 3,
      actualMinutesPerUnit: '7.63',
      standardMinutesPerUnit: '2.88',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
};

function renderReport(report: TProductionReport) {
  render(
    <MantineProvider>
      <CompanyClockProvider timeZone="America/New_York" locale="en-GB">
        <ReportFigures report={report} />
        <ReportCharts report={report} />
      </CompanyClockProvider>
    </MantineProvider>,
  );
}

async function chartTable(figure: string, table: string) {
  const shown = screen.getByRole('figure', { name: figure });
  await userEvent.click(within(shown).getByText('Show as a table'));
  return tableRows(within(shown).getByRole('table', { name: table }));
}

describe('the production report’s figures and charts', () => {
  it('writes the totals as the API sent them', () => {
    renderReport(REPORT);
    expect(screen.getByRole('region', { name: 'Completed' })).toHaveTextContent('38 good, 1.5 scrap');
    expect(screen.getByRole('region', { name: 'On time' })).toHaveTextContent(
      '50.0%1 of 2 with a due date; 1 without one',
    );
    expect(screen.getByRole('region', { name: 'Scrap rate' })).toHaveTextContent('15.8%');
    expect(screen.getByRole('region', { name: 'Minutes per unit' })).toHaveTextContent(
      '7.63 minStandard 2.88 min',
    );
    expect(screen.getByRole('region', { name: 'Material variance' })).toHaveTextContent(
      '-$2.00 (-26.7%) under planActual $5.50 of $7.50 planned',
    );
  });

  it('tables each period’s output on the company’s calendar, due dates, scrap by reason and minutes per unit', async () => {
    renderReport(REPORT);
    expect(await chartTable('Good and scrap per day', 'Output per day')).toEqual([
      ['Date', 'Good', 'Scrap'],
      ['9 Mar 2026', '8', '1.5'],
      ['10 Mar 2026', '0', '0'],
    ]);
    expect(
      await chartTable(
        'Work orders against their due dates: 1 on time, 1 late, 1 without a due date',
        'Work orders on time',
      ),
    ).toEqual([
      ['Against the due date', 'Work orders'],
      ['On time', '1'],
      ['Late', '1'],
      ['No due date', '1'],
    ]);
    expect(await chartTable('Scrap by reason, largest first', 'Scrap by reason')).toEqual([
      ['Reason', 'Scrap'],
      ['Cracked weld', '1'],
      ['Bent pin', '0.5'],
    ]);
    expect(
      await chartTable(
        'Minutes per unit, actual against standard, for the assemblies on this page',
        'Minutes per unit by assembly',
      ),
    ).toEqual([
      ['Assembly', 'Actual', 'Standard'],
      ['FRAME · Frame', '7.63', '2.88'],
    ]);
  });

  it('writes a rate with nothing to divide by as a dash and leaves out the charts with nothing to show', () => {
    renderReport({ ...REPORT, totals: { ...NONE, completed: 1, noDueDate: 1 }, scrapReasons: [], items: [] });
    expect(screen.getByRole('region', { name: 'On time' })).toHaveTextContent(
      '—0 of 0 with a due date; 1 without',
    );
    expect(screen.getByRole('region', { name: 'Scrap rate' })).toHaveTextContent('—');
    expect(screen.queryByRole('figure', { name: 'Scrap by reason, largest first' })).toBeNull();
  });
});
