// The job cost drill-down's tables (from `sm` up; a phone gets drill-cards.tsx): a job's people, its work orders, and
// the time entries and ledger lines behind them. Money is written as the report's headline figures are (drill-text.ts).
import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import type {
  TJobCostEntry,
  TJobCostLine,
  TJobCostPerson,
  TJobCostWorkOrder,
} from '#common/schemas/job-cost-drill.ts';
import type { TListColumn } from '../../components/data-list/types.ts';
import type { TCompanyClock } from '../../lib/company-clock.tsx';
import { formatMoney } from '../../lib/format-money.ts';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { entryOnText, lineReferenceText, lineWhatText, rateText } from './drill-text.ts';

/** The person or work order the entries and lines are narrowed to, with how to name it. */
export interface TDrillFilter {
  userId?: string;
  workOrderId?: string;
  label?: string;
}

/** A button that opens the entries or the ledger lines of a person or a work order. */
export type TOpenDrill = (tab: 'entries' | 'lines', filter: TDrillFilter) => ReactNode;

const bold = () => ({ fw: 600 });
const nowrap = () => ({ style: { whiteSpace: 'nowrap' as const } });

export function peopleColumns(open: TOpenDrill): TListColumn<TJobCostPerson>[] {
  return [
    { id: 'name', header: 'Person', cell: (r) => r.name, cellProps: bold },
    { id: 'entries', header: 'Entries', numeric: true, cell: (r) => String(r.entries) },
    { id: 'hours', header: 'Hours', numeric: true, cell: (r) => r.laborHours },
    {
      id: 'cost',
      header: 'Labor cost',
      numeric: true,
      cell: (r) => formatMoney(r.laborCost),
      cellProps: nowrap,
    },
    {
      id: 'open',
      header: 'Open',
      headerHidden: true,
      cell: (r) => open('entries', { userId: r.userId, label: r.name }),
    },
  ];
}

export function workOrderColumns(open: TOpenDrill): TListColumn<TJobCostWorkOrder>[] {
  const money = (value: (r: TJobCostWorkOrder) => string) => (r: TJobCostWorkOrder) => formatMoney(value(r));
  return [
    { id: 'number', header: 'Work order', cell: (r) => r.number, cellProps: bold },
    { id: 'part', header: 'Builds', cell: (r) => r.partNumber },
    { id: 'hours', header: 'Labor hours', numeric: true, cell: (r) => r.laborHours },
    { id: 'labor', header: 'Labor cost', numeric: true, cell: money((r) => r.laborCost), cellProps: nowrap },
    {
      id: 'material',
      header: 'Consumed',
      numeric: true,
      cell: money((r) => r.materialConsumed),
      cellProps: nowrap,
    },
    { id: 'total', header: 'Total', numeric: true, cell: money((r) => r.totalCost), cellProps: nowrap },
    {
      id: 'open',
      header: 'Open',
      headerHidden: true,
      cell: (r) => (
        <Group gap={4} wrap="nowrap">
          {open('entries', { workOrderId: r.workOrderId, label: r.number })}
          {open('lines', { workOrderId: r.workOrderId, label: r.number })}
        </Group>
      ),
    },
  ];
}

export function entryColumns(clock: TCompanyClock): TListColumn<TJobCostEntry>[] {
  return [
    { id: 'who', header: 'Person', cell: (r) => r.userName, cellProps: bold },
    { id: 'from', header: 'Started', cell: (r) => clock.dateTime(r.startedAt) },
    { id: 'to', header: 'Ended', cell: (r) => clock.dateTime(r.endedAt) },
    { id: 'hours', header: 'Hours', numeric: true, cell: (r) => r.hours },
    { id: 'rate', header: 'Rate', numeric: true, cell: (r) => rateText(r.rate), cellProps: nowrap },
    { id: 'cost', header: 'Cost', numeric: true, cell: (r) => formatMoney(r.cost), cellProps: nowrap },
    { id: 'on', header: 'On', cell: (r) => entryOnText(r) },
  ];
}

export function lineColumns(clock: TCompanyClock): TListColumn<TJobCostLine>[] {
  return [
    { id: 'at', header: 'Posted', cell: (r) => clock.dateTime(r.postedAt) },
    { id: 'what', header: 'What', cell: lineWhatText },
    { id: 'part', header: 'Part', cell: (r) => `${r.partNumber} · ${r.itemName}` },
    { id: 'qty', header: 'Quantity', numeric: true, cell: (r) => formatQuantity(r.quantity) },
    {
      id: 'unit',
      header: 'Unit cost',
      numeric: true,
      cell: (r) => formatMoney(r.unitCost),
      cellProps: nowrap,
    },
    { id: 'cost', header: 'Cost', numeric: true, cell: (r) => formatMoney(r.cost), cellProps: nowrap },
    { id: 'ref', header: 'Reference', cell: lineReferenceText },
  ];
}
