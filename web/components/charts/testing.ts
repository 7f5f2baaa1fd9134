// For the chart kit's web tests: a table's rows as the texts of their cells, header row first.
import { within } from '@testing-library/react';

export function tableRows(table: HTMLElement): (string | null)[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}
