// The Job Cost Report's table: one row per job (a page of them from the server, sorted there), written with the
// same cells as the CSV (common/job-cost/job-cost-table.ts), so the file is the screen; and a job's card on a phone,
// whose money reads as the headline figures' ("$1,753.03").
// A job over its budget shows its variance and budget used in the status colour of trouble.
import { Anchor, Card, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { JOB_COST_HEADER, jobCostCells } from '#common/job-cost/job-cost-table.ts';
import type { TJobCostFigures, TJobCostRow, TJobCostSort } from '#common/schemas/job-cost.ts';
import type { TListColumn } from '../../components/data-list/types.ts';
import { formatMoney } from '../../lib/format-money.ts';

/** Over budget reads red; within it, as any figure. */
export const overColor = (row: { overBudget: boolean }) => (row.overBudget ? 'red.9' : undefined);

/**
 * What is over: the cost ("Over budget") or only the hours ("Hours over budget") — a job can be well within its money
 * and past its hours, and "over budget" beside "61.3% used" would read as a mistake. Null within both.
 */
export function overBudgetWords(f: Pick<TJobCostFigures, 'overBudget' | 'costVariance'>): string | null {
  if (!f.overBudget) return null;
  const costOver = f.costVariance !== null && !f.costVariance.startsWith('-') && f.costVariance !== '0.00';
  return costOver ? 'Over budget' : 'Hours over budget';
}

/** Which header sorts the list by which key of the contract. */
const SORTS: Partial<Record<(typeof JOB_COST_HEADER)[number], TJobCostSort>> = {
  Job: 'number',
  Name: 'name',
  'Labor hours': 'laborHours',
  'Labor cost': 'laborCost',
  'Maintenance parts': 'maintenance',
  'Total cost': 'total',
  'Cost variance': 'variance',
  'Cost used': 'percentUsed',
};
const NUMERIC_FROM = JOB_COST_HEADER.indexOf('Labor hours');
const WARNED = new Set(['Hours used', 'Cost variance', 'Cost used']);

export const jobHref = (row: TJobCostRow, period: { from: string; to: string }) =>
  `/job-cost-report?${new URLSearchParams({ job: row.jobId, from: period.from, to: period.to })}`;

/** The columns, each the CSV's column of the same name. */
export function jobColumns(): TListColumn<TJobCostRow, TJobCostSort>[] {
  return JOB_COST_HEADER.map((header, index) => ({
    id: header,
    header,
    cell: (row: TJobCostRow) => jobCostCells(row)[index],
    ...(SORTS[header] ? { sort: SORTS[header] } : {}),
    ...(index >= NUMERIC_FROM ? { numeric: true } : {}),
    cellProps: (row: TJobCostRow) => ({
      ...(index === 0 ? { fw: 600 } : {}),
      ...(WARNED.has(header) && row.overBudget ? { c: 'red.9', fw: 600 } : {}),
      style: { whiteSpace: index >= NUMERIC_FROM ? 'nowrap' : undefined },
    }),
  }));
}

/** A job on a phone: its figures as money, as the headline figures above the cards write them. */
export function JobCard({ row, href }: { row: TJobCostRow; href: string }) {
  const cells = jobCostCells(row);
  const cell = (header: (typeof JOB_COST_HEADER)[number]) => cells[JOB_COST_HEADER.indexOf(header)];
  const over = overBudgetWords(row);
  const used =
    row.costPercentUsed === null
      ? over
      : `${row.costPercentUsed}% used${over ? ` · ${over.toLowerCase()}` : ''}`;
  return (
    <Card component="article" withBorder padding="sm" aria-label={cell('Job')}>
      <Anchor component={Link} to={href} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {cell('Job')} · {row.name}
      </Anchor>
      <Text size="sm" c="dimmed">
        {[row.customer, cell('Status')].filter(Boolean).join(' · ')}
      </Text>
      <Group justify="space-between" wrap="wrap" mt={4} gap="xs">
        <Text size="sm">
          Labor {row.laborHours} h{row.budgetHours === null ? '' : ` of ${row.budgetHours}`} ·{' '}
          {formatMoney(row.laborCost)}
        </Text>
        <Text size="sm">
          Material {formatMoney(row.materialIssued)} issued + {formatMoney(row.materialConsumed)} consumed
          {/* Shown when there are any, so the card's parts still add up to its total. */}
          {row.maintenanceParts === '0.00' ? '' : ` + ${formatMoney(row.maintenanceParts)} maintenance parts`}
        </Text>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={600}>
          Total {formatMoney(row.totalCost)}
          {row.budgetCost === null ? ' · no budget' : ` of ${formatMoney(row.budgetCost)}`}
        </Text>
        {used ? (
          <Text size="sm" fw={600} c={overColor(row)}>
            {used}
          </Text>
        ) : null}
      </Group>
    </Card>
  );
}
