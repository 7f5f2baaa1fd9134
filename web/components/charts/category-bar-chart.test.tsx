// Bars per category with their numbers for a reader who cannot see them: a generated table with the category's
// long name, or the caller's own list behind the caller's own words.
import { List, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CategoryBarChart, rowsHeight } from './category-bar-chart.tsx';
import { tableRows } from './testing.ts';

describe('CategoryBarChart', () => {
  it('tables each category’s long name and the value of every series, under the series’ headers', async () => {
    render(
      <MantineProvider>
        <CategoryBarChart
          caption="Sign-ins per hour: 5 failed, 1 rate limited in all."
          stacked
          integers
          bars={[
            { key: 'a', label: '09:00', longLabel: '24 Nov 2026, 09:00', values: { failed: 4, limited: 1 } },
            { key: 'b', label: '10:00', longLabel: '24 Nov 2026, 10:00', values: { failed: 1, limited: 0 } },
          ]}
          series={[
            { name: 'failed', label: 'Failed sign-ins', header: 'Failed', color: 'red.7' },
            { name: 'limited', label: 'Rate limited' },
          ]}
          tableLabel="Sign-in failures per bucket"
          categoryHeader="Hour"
          disclosure="Show the numbers as a table"
        />
      </MantineProvider>,
    );
    expect(
      screen.getByRole('figure', { name: 'Sign-ins per hour: 5 failed, 1 rate limited in all.' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByText('Show the numbers as a table'));
    const table = screen.getByRole('table', { name: 'Sign-in failures per bucket' });
    expect(tableRows(table)).toEqual([
      ['Hour', 'Failed', 'Rate limited'],
      ['24 Nov 2026, 09:00', '4', '1'],
      ['24 Nov 2026, 10:00', '1', '0'],
    ]);
    expect(screen.getByRole('region', { name: 'Sign-in failures per bucket' })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('shows the caller’s own list instead of a table, behind the caller’s words', async () => {
    render(
      <MantineProvider>
        <CategoryBarChart
          caption="The 2 largest differences by value at unit cost"
          layout="rows"
          bars={[
            { key: '1', label: 'WID-42 @ BIN-9', values: { value: -7.5 } },
            { key: '2', label: 'BOLT-1 @ BIN-9', values: { value: 3 } },
          ]}
          series={[{ name: 'value', label: 'Value' }]}
          disclosure="Show these differences as a list"
          table={
            <List>
              <List.Item>WID-42 at BIN-9: -3 ea, -$7.50</List.Item>
              <List.Item>BOLT-1 at BIN-9: +1 ea, +$3.00</List.Item>
            </List>
          }
        />
      </MantineProvider>,
    );
    const figure = screen.getByRole('figure', { name: 'The 2 largest differences by value at unit cost' });
    const details = figure.querySelector('details');
    expect(details).not.toHaveAttribute('open');
    await userEvent.click(screen.getByText('Show these differences as a list'));
    expect(details).toHaveAttribute('open');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'WID-42 at BIN-9: -3 ea, -$7.50',
      'BOLT-1 at BIN-9: +1 ea, +$3.00',
    ]);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('gives each category of a rows chart a row, a grouped one a bar per series, and room for legend and axis', () => {
    // Two assemblies, actual and standard side by side, with the legend: two rows of two bars.
    expect(rowsHeight(2, 2, false, true)).toBe(2 * 44 + 30 + 40);
    // Stacked or single series: one bar a row.
    expect(rowsHeight(3, 2, true, true)).toBe(3 * 34 + 30 + 40);
    expect(rowsHeight(3, 1, false, false)).toBe(3 * 34 + 30);
  });
});
