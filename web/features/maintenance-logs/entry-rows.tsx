// The Maintenance Logs' entries: each completed PM and resolved repair (a page from the server, newest first) as a
// table row, and as a card on a phone. Days are the company's as the server sends them.
import { Card, Group, Text } from '@mantine/core';
import type { TMaintenanceLogEntry } from '#common/schemas/maintenance-logs.ts';
import type { TListColumn } from '../../components/data-list/types.ts';
import { OnDate } from '../../components/when.tsx';

const KIND = { pm: 'Preventive', repair: 'Repair' } as const;
const minutes = (value: number | null) => (value === null ? '—' : `${value} min`);

/** A PM: on time or late; a repair: how long the machine was down. */
export function outcomeText(e: TMaintenanceLogEntry): string {
  if (e.kind === 'pm') return e.onTime ? 'On time' : 'Late';
  return e.downtimeMinutes === null ? '—' : `${minutes(e.downtimeMinutes)} down`;
}

const detailText = (e: TMaintenanceLogEntry) =>
  [
    e.cause && `Cause: ${e.cause}`,
    e.action && (e.kind === 'pm' ? `Notes: ${e.action}` : `Action: ${e.action}`),
    // Completed with tasks left unticked, which the completion confirmed (decision 067).
    e.skippedTasks.length > 0 && `Not done: ${e.skippedTasks.join(', ')}`,
  ]
    .filter(Boolean)
    .join(' · ');

export const ENTRY_COLUMNS: TListColumn<TMaintenanceLogEntry>[] = [
  { id: 'doneOn', header: 'Done on', cell: (e) => <OnDate date={e.doneOn} /> },
  { id: 'kind', header: 'Kind', cell: (e) => KIND[e.kind] },
  { id: 'machine', header: 'Machine', cell: (e) => `${e.machine.name} · ${e.machine.assetTag}` },
  {
    id: 'work',
    header: 'Work',
    cell: (e) => e.title,
    detail: (e) =>
      detailText(e) ? (
        <Text size="xs" c="dimmed">
          {detailText(e)}
        </Text>
      ) : null,
    cellProps: () => ({ fw: 600 }),
  },
  { id: 'by', header: 'Done by', cell: (e) => e.doneBy },
  { id: 'minutes', header: 'Time', numeric: true, cell: (e) => minutes(e.minutes) },
  { id: 'outcome', header: 'Outcome', cell: outcomeText },
  { id: 'parts', header: 'Parts', numeric: true, cell: (e) => String(e.parts) },
];

export function EntryCard({ row: e }: { row: TMaintenanceLogEntry }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={`${KIND[e.kind]}: ${e.title}`}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {e.title}
        </Text>
        <Text size="sm" c="dimmed">
          {KIND[e.kind]} · <OnDate date={e.doneOn} />
        </Text>
      </Group>
      <Text size="sm">
        {e.machine.name} · {e.machine.assetTag} — {outcomeText(e)}, {minutes(e.minutes)} by {e.doneBy || '—'}
        {e.parts > 0 ? `, ${e.parts} ${e.parts === 1 ? 'part' : 'parts'}` : ''}
      </Text>
      {detailText(e) && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {detailText(e)}
        </Text>
      )}
    </Card>
  );
}
