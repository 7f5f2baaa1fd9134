// A control chart's numbers for a reader who cannot see the drawing: the limits in words, every measurement in
// order, and which lie beyond a limit, so the signals are not only red diamonds.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CompanyClockProvider } from '../../lib/company-clock.tsx';
import { ControlChart } from './control-chart.tsx';
import { tableRows } from './testing.ts';

describe('ControlChart', () => {
  it('states the limits and marks each point above or below them in the table', async () => {
    render(
      <MantineProvider>
        <ControlChart
          caption="Bore diameter, individuals chart"
          tableLabel="Bore diameter by sample"
          valueLabel="Diameter (mm)"
          points={[
            { at: '1', value: 10.02 },
            { at: '2', value: 10.31 },
            { at: '3', value: null },
            { at: '4', value: 9.7 },
            { at: '5', value: 10.25 },
          ]}
          limits={{ centre: 10, upper: 10.25, lower: 9.75 }}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('figure', { name: 'Bore diameter, individuals chart' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('Show as a table'));
    expect(
      screen.getByText(
        'Centre line 10, upper control limit 10.25, lower control limit 9.75. 2 points are beyond the limits.',
      ),
    ).toBeInTheDocument();
    expect(tableRows(screen.getByRole('table', { name: 'Bore diameter by sample' }))).toEqual([
      ['Sample', 'Diameter (mm)', 'Beyond the limits'],
      ['1', '10.02', ''],
      ['2', '10.31', 'Above the upper control limit'],
      ['3', '—', ''],
      ['4', '9.7', 'Below the lower control limit'],
      // On the limit is within it.
      ['5', '10.25', ''],
    ]);
  });

  it('leaves out a missing limit and says when no point is beyond', async () => {
    render(
      <MantineProvider>
        <ControlChart
          caption="Defects per unit"
          tableLabel="Defects per unit by day"
          points={[{ at: '1', value: 3 }]}
          limits={{ centre: 2, upper: 6.2, lower: null }}
        />
      </MantineProvider>,
    );
    await userEvent.click(screen.getByText('Show as a table'));
    expect(
      screen.getByText('Centre line 2, upper control limit 6.2. No point is beyond the limits.'),
    ).toBeInTheDocument();
  });

  it('writes sample times on the company’s clock', async () => {
    render(
      <MantineProvider>
        <CompanyClockProvider timeZone="Asia/Tokyo" locale="en-GB">
          <ControlChart
            caption="Torque"
            tableLabel="Torque by sample"
            time="instant"
            points={[{ at: '2026-11-24T23:30:00Z', value: 5 }]}
            limits={{ centre: 5, upper: 6, lower: 4 }}
          />
        </CompanyClockProvider>
      </MantineProvider>,
    );
    await userEvent.click(screen.getByText('Show as a table'));
    expect(tableRows(screen.getByRole('table', { name: 'Torque by sample' }))).toEqual([
      ['Time', 'Value', 'Beyond the limits'],
      ['25 Nov 2026, 08:30', '5', ''],
    ]);
  });
});
