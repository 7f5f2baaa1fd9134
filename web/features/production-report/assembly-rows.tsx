// The Production Report's table: one row per assembly built in the period (a page of them from the server), and its
// card on a phone. Numbers are written as the API sends them, so the screen and the CSV read the same.
import { Card, Group, Text } from '@mantine/core';
import type { TProductionAssemblyRow, TProductionFigures } from '#common/schemas/production-report.ts';
import type { TListColumn } from '../../components/data-list/types.ts';
import { formatMoney } from '../../lib/format-money.ts';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { formatMoneyVariance, VARIANCE_COLORS, varianceSide } from '../../lib/format-variance.ts';

/** A percentage as the report writes it, "—" when there is nothing to divide by. */
export const percent = (value: string | null) => (value === null ? '—' : `${value}%`);
/** Minutes per unit, "—" when nothing was made. */
export const minutes = (value: string | null) => (value === null ? '—' : `${value} min`);

/** "2 of 3" on time, with the no-due-date ones said apart. */
export function onTimeText(f: TProductionFigures): string {
  const due = f.onTime + f.late;
  const base = due === 0 ? 'none due' : `${f.onTime} of ${due} (${percent(f.onTimePercent)})`;
  return f.noDueDate > 0 ? `${base}, ${f.noDueDate} without a due date` : base;
}

/** The material usage variance (decision 064): actual against planned material cost, in words and sign. */
export const materialVariance = (f: TProductionFigures) =>
  formatMoneyVariance(f.materialVariance, f.materialVariancePercent);

export const ASSEMBLY_COLUMNS: TListColumn<TProductionAssemblyRow>[] = [
  {
    id: 'assembly',
    header: 'Assembly',
    cell: (a) => `${a.partNumber} · ${a.name}`,
    cellProps: () => ({ fw: 600 }),
  },
  { id: 'completed', header: 'Completed', numeric: true, cell: (a) => String(a.completed) },
  { id: 'onTime', header: 'On time', cell: onTimeText },
  {
    id: 'good',
    header: 'Good',
    numeric: true,
    cell: (a) => formatQuantity(a.goodQuantity, a.unitOfMeasure),
  },
  {
    id: 'scrap',
    header: 'Scrap',
    numeric: true,
    cell: (a) => formatQuantity(a.scrapQuantity, a.unitOfMeasure),
  },
  { id: 'scrapPercent', header: 'Scrap rate', numeric: true, cell: (a) => percent(a.scrapPercent) },
  { id: 'actual', header: 'Actual per unit', numeric: true, cell: (a) => minutes(a.actualMinutesPerUnit) },
  {
    id: 'standard',
    header: 'Standard per unit',
    numeric: true,
    cell: (a) => minutes(a.standardMinutesPerUnit),
  },
  {
    id: 'material',
    header: 'Material, actual',
    numeric: true,
    cell: (a) => formatMoney(a.actualMaterialCost),
    detail: (a) => `planned ${formatMoney(a.plannedMaterialCost)}`,
  },
  {
    id: 'materialVariance',
    header: 'Material variance',
    numeric: true,
    cell: materialVariance,
    cellProps: (a) => ({ c: VARIANCE_COLORS[varianceSide(a.materialVariance)] }),
  },
];

export function AssemblyCard({ row }: { row: TProductionAssemblyRow }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={row.partNumber}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {row.partNumber} · {row.name}
      </Text>
      <Text size="sm">
        {row.completed} completed · on time {onTimeText(row)}
      </Text>
      <Group justify="space-between" wrap="wrap" mt={4}>
        <Text size="sm">
          Good {formatQuantity(row.goodQuantity, row.unitOfMeasure)} · scrap{' '}
          {formatQuantity(row.scrapQuantity, row.unitOfMeasure)} ({percent(row.scrapPercent)})
        </Text>
        <Text size="sm" c="dimmed">
          {minutes(row.actualMinutesPerUnit)} a unit, standard {minutes(row.standardMinutesPerUnit)}
        </Text>
      </Group>
      <Text size="sm" mt={4}>
        Material {formatMoney(row.actualMaterialCost)} of {formatMoney(row.plannedMaterialCost)} planned:{' '}
        <Text span c={VARIANCE_COLORS[varianceSide(row.materialVariance)]} inherit>
          {materialVariance(row)}
        </Text>
      </Text>
    </Card>
  );
}
