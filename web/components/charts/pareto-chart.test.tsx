// A Pareto chart's numbers, for a reader who cannot see the bars: the categories in the chart's order with their
// counts and running shares, and the vital few named in words, all under the chart's caption.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ParetoChart } from './pareto-chart.tsx';
import { tableRows } from './testing.ts';

const DEFECTS = [
  { label: 'Burr', count: 10 },
  { label: 'Scratch', count: 50 },
  { label: 'Dent', count: 25 },
  { label: 'Crack', count: 15 },
];

function renderPareto(categories = DEFECTS) {
  render(
    <MantineProvider>
      <ParetoChart
        caption="Defects by cause, 1–30 November"
        tableLabel="Defects by cause"
        categoryHeader="Defect"
        countLabel="Defects"
        categories={categories}
      />
    </MantineProvider>,
  );
}

describe('ParetoChart', () => {
  it('names the figure by its caption and hides the drawing from assistive technology', () => {
    renderPareto();
    const figure = screen.getByRole('figure', { name: 'Defects by cause, 1–30 November' });
    expect(figure.querySelector('[data-chart-drawing]')).toHaveAttribute('aria-hidden', 'true');
  });

  it('lists the categories largest first with count, share and cumulative share behind "Show as a table"', async () => {
    renderPareto();
    await userEvent.click(screen.getByText('Show as a table'));
    const table = screen.getByRole('table', { name: 'Defects by cause' });
    expect(table).toHaveAccessibleDescription('Defects by cause, 1–30 November');
    expect(tableRows(table)).toEqual([
      ['Defect', 'Defects', 'Share', 'Cumulative share'],
      ['Scratch', '50', '50%', '50%'],
      ['Dent', '25', '25%', '75%'],
      ['Crack', '15', '15%', '90%'],
      ['Burr', '10', '10%', '100%'],
    ]);
    expect(screen.getByText('The vital few, 80% of the total: Scratch, Dent, Crack.')).toBeInTheDocument();
  });

  it('says nothing was counted, with zero shares rather than NaN, when every count is zero', async () => {
    renderPareto([
      { label: 'Burr', count: 0 },
      { label: 'Dent', count: 0 },
    ]);
    await userEvent.click(screen.getByText('Show as a table'));
    expect(screen.getByText('Nothing was counted.')).toBeInTheDocument();
    expect(tableRows(screen.getByRole('table', { name: 'Defects by cause' })).slice(1)).toEqual([
      ['Burr', '0', '0%', '0%'],
      ['Dent', '0', '0%', '0%'],
    ]);
  });
});
