// A job's card on a phone reads its money as the headline figures above it do ("$1,753.03", not "1753.03"), names a
// budget or its absence, and shows maintenance parts when there are any, so the card's parts add up to its total.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TJobCostRow } from '#common/schemas/job-cost.ts';
import { JobCard } from './job-rows.tsx';

const ROW: TJobCostRow = {
  jobId: 'job-2',
  number: 2,
  name: 'Spare harnesses',
  customer: 'Northwind Packaging',
  status: 'open',
  laborHours: '54.78',
  laborCost: '1753.03',
  materialIssued: '0.00',
  materialConsumed: '0.00',
  maintenanceParts: '0.00',
  totalCost: '1753.03',
  budgetHours: '12.00',
  budgetCost: '900.00',
  hoursVariance: '42.78',
  hoursPercentUsed: '456.5',
  costVariance: '853.03',
  costPercentUsed: '194.8',
  overBudget: true,
};

function show(row: TJobCostRow) {
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <JobCard row={row} href="/job-cost-report?job=job-2" />
      </MemoryRouter>
    </MantineProvider>,
  );
  return screen.getByRole('article', { name: `JOB-00000${row.number}` });
}

describe('a job’s card', () => {
  it('writes its money as money', () => {
    const card = show(ROW);
    expect(card).toHaveTextContent('Labor 54.78 h of 12.00 · $1,753.03');
    expect(card).toHaveTextContent('Material $0.00 issued + $0.00 consumed');
    expect(card).toHaveTextContent('Total $1,753.03 of $900.00');
    expect(card).toHaveTextContent('194.8% used · over budget');
    expect(card).not.toHaveTextContent('maintenance');
  });

  it('says when a job has no budget, and adds its maintenance parts', () => {
    const card = show({
      ...ROW,
      number: 3,
      laborCost: '10.00',
      maintenanceParts: '4.37',
      totalCost: '14.37',
      budgetHours: null,
      budgetCost: null,
      hoursVariance: null,
      hoursPercentUsed: null,
      costVariance: null,
      costPercentUsed: null,
      overBudget: false,
    });
    expect(card).toHaveTextContent('Material $0.00 issued + $0.00 consumed + $4.37 maintenance parts');
    expect(card).toHaveTextContent('Total $14.37 · no budget');
    expect(card).not.toHaveTextContent('used');
  });
});
