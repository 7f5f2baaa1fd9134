// A trend's numbers for a reader who cannot see the lines: one row per day or month, written on the company's
// clock, one column per series, a gap written as a dash.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CompanyClockProvider } from '../../lib/company-clock.tsx';
import { tableRows } from './testing.ts';
import { TrendChart } from './trend-chart.tsx';

function Wrap({ zone, children }: { zone: string; children: React.ReactNode }) {
  return (
    <MantineProvider>
      <CompanyClockProvider timeZone={zone} locale="en-GB">
        {children}
      </CompanyClockProvider>
    </MantineProvider>
  );
}

describe('TrendChart', () => {
  it('lists hours per day for each series, the days as the calendar dates they are', async () => {
    render(
      <Wrap zone="Pacific/Honolulu">
        <TrendChart
          caption="Hours per day, last 3 days"
          tableLabel="Hours per day"
          time="day"
          series={[
            { name: 'worked', label: 'Worked' },
            { name: 'planned', label: 'Planned' },
          ]}
          points={[
            { at: '2026-11-23', values: { worked: 7.5, planned: 8 } },
            { at: '2026-11-24', values: { worked: null, planned: 8 } },
            { at: '2026-11-25', values: { worked: 9.25, planned: 8 } },
          ]}
          valueFormatter={(hours) => `${hours} h`}
        />
      </Wrap>,
    );
    expect(screen.getByRole('figure', { name: 'Hours per day, last 3 days' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Show as a table'));
    const table = screen.getByRole('table', { name: 'Hours per day' });
    expect(table).toHaveAccessibleDescription('Hours per day, last 3 days');
    expect(tableRows(table)).toEqual([
      ['Date', 'Worked', 'Planned'],
      ['23 Nov 2026', '7.5 h', '8 h'],
      ['24 Nov 2026', '—', '8 h'],
      ['25 Nov 2026', '9.25 h', '8 h'],
    ]);
  });

  it('writes monthly buckets as months', async () => {
    render(
      <Wrap zone="Asia/Tokyo">
        <TrendChart
          caption="MTBF per month"
          tableLabel="MTBF per month"
          time="month"
          series={[{ name: 'mtbf', label: 'MTBF (hours)' }]}
          points={[
            { at: '2026-11', values: { mtbf: 412.5 } },
            { at: '2026-12', values: { mtbf: 1200 } },
          ]}
        />
      </Wrap>,
    );
    await userEvent.click(screen.getByText('Show as a table'));
    expect(tableRows(screen.getByRole('table', { name: 'MTBF per month' }))).toEqual([
      ['Month', 'MTBF (hours)'],
      ['Nov 2026', '412.5'],
      ['Dec 2026', '1,200'],
    ]);
  });

  it('writes instants on the company’s clock: the same instant is a different day in Tokyo and Hawaii', async () => {
    const points = [{ at: '2026-11-24T23:30:00Z', values: { scans: 4 } }];
    const chart = (
      <TrendChart
        caption="Scans"
        tableLabel="Scans"
        time="instant"
        series={[{ name: 'scans', label: 'Scans' }]}
        points={points}
      />
    );
    render(
      <>
        <Wrap zone="Asia/Tokyo">{chart}</Wrap>
        <Wrap zone="Pacific/Honolulu">{chart}</Wrap>
      </>,
    );
    for (const disclosure of screen.getAllByText('Show as a table')) await userEvent.click(disclosure);
    const [tokyo, hawaii] = screen.getAllByRole('table', { name: 'Scans' });
    expect(tableRows(tokyo!)[1]).toEqual(['25 Nov 2026, 08:30', '4']);
    expect(tableRows(hawaii!)[1]).toEqual(['24 Nov 2026, 13:30', '4']);
  });
});
