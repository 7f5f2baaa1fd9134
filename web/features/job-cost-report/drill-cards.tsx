// The job cost drill-down on a phone (below `sm`; wider screens get drill-columns.tsx): each person, work order, time
// entry and ledger line as a card holding every figure of its table row, labelled, with money as the report's
// headline figures write it, so nothing sits in a box scrolled sideways at 360 px.
import { Card, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type {
  TJobCostEntry,
  TJobCostLine,
  TJobCostPerson,
  TJobCostWorkOrder,
} from '#common/schemas/job-cost-drill.ts';
import type { TCompanyClock } from '../../lib/company-clock.tsx';
import { formatMoney } from '../../lib/format-money.ts';
import { formatQuantity } from '../../lib/format-quantity.ts';
import type { TOpenDrill } from './drill-columns.tsx';
import {
  entriesText,
  entryOnText,
  entrySpanText,
  hoursText,
  lineReferenceText,
  lineWhatText,
  rateText,
} from './drill-text.ts';

const wrap = { overflowWrap: 'anywhere' } as const;

/** A card: its title and the figure it comes to on the first line, then its lines, then its buttons. */
function DrillCard(props: {
  label: string;
  title: string;
  figure?: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={props.label}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fw={600} style={wrap}>
          {props.title}
        </Text>
        {props.figure ? (
          <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
            {props.figure}
          </Text>
        ) : null}
      </Group>
      {props.children}
      {props.actions ? (
        <Group gap="xs" mt={4}>
          {props.actions}
        </Group>
      ) : null}
    </Card>
  );
}

export function PersonCard({ row, open }: { row: TJobCostPerson; open: TOpenDrill }) {
  return (
    <DrillCard
      label={row.name}
      title={row.name}
      actions={open('entries', { userId: row.userId, label: row.name })}
    >
      <Text size="sm">
        {entriesText(row.entries)} · Hours {row.laborHours}
      </Text>
      <Text size="sm">Labor cost {formatMoney(row.laborCost)}</Text>
    </DrillCard>
  );
}

export function WorkOrderCard({ row, open }: { row: TJobCostWorkOrder; open: TOpenDrill }) {
  const filter = { workOrderId: row.workOrderId, label: row.number };
  return (
    <DrillCard
      label={row.number}
      title={`${row.number} · builds ${row.partNumber}`}
      actions={
        <>
          {open('entries', filter)}
          {open('lines', filter)}
        </>
      }
    >
      <Text size="sm">
        Labor {hoursText(row.laborHours)} · {formatMoney(row.laborCost)}
      </Text>
      <Text size="sm">Consumed {formatMoney(row.materialConsumed)}</Text>
      <Text size="sm" fw={600}>
        Total {formatMoney(row.totalCost)}
      </Text>
    </DrillCard>
  );
}

export function EntryCard({ row, clock }: { row: TJobCostEntry; clock: TCompanyClock }) {
  return (
    <DrillCard
      label={`${row.userName}, ${clock.dateTime(row.startedAt)}`}
      title={row.userName}
      figure={formatMoney(row.cost)}
    >
      <Text size="sm">{entrySpanText(clock, row)}</Text>
      <Text size="sm">
        {[`${hoursText(row.hours)} at ${rateText(row.rate)}`, entryOnText(row, '')]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </DrillCard>
  );
}

export function LineCard({ row, clock }: { row: TJobCostLine; clock: TCompanyClock }) {
  return (
    <DrillCard
      label={`${row.partNumber}, ${clock.dateTime(row.postedAt)}`}
      title={`${row.partNumber} · ${row.itemName}`}
      figure={formatMoney(row.cost)}
    >
      <Text size="sm" style={wrap}>
        {[lineWhatText(row), lineReferenceText(row)].filter(Boolean).join(' · ')}
      </Text>
      <Text size="sm">
        Quantity {formatQuantity(row.quantity)} at {formatMoney(row.unitCost)} ·{' '}
        {clock.dateTime(row.postedAt)}
      </Text>
    </DrillCard>
  );
}
