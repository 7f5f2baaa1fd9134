// A plan's open occurrence in a few words: its due date (and/or reading) with its state today as a badge.
import { Group, Text } from '@mantine/core';
import type { TOccurrenceSummary } from '#common/schemas/maintenance-occurrences.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate } from '../../components/when.tsx';
import { formatHours } from './schedule-words.ts';

export function NextDue({ open, active }: { open: TOccurrenceSummary | null; active: boolean }) {
  if (!open) return <Text size="sm">—</Text>;
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" component="span">
        {open.dueOn ? <OnDate date={open.dueOn} /> : null}
        {open.dueOn && open.dueReading ? ' or ' : null}
        {open.dueReading ? `at ${formatHours(open.dueReading)}` : null}
      </Text>
      {active && open.state ? <StatusBadge of="pmState" status={open.state} size="sm" /> : null}
      {active ? null : (
        <Text size="xs" c="dimmed" component="span">
          (switched off)
        </Text>
      )}
    </Group>
  );
}
