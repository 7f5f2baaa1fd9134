// The PM calendar on a phone: the days of the view that have work (and today), as a list of headed days with full-
// width chips, where a seven-column grid would not fit 360 px.
import { Stack, Text, Title } from '@mantine/core';
import type { TCalendarDay, TCalendarEntry } from '#common/schemas/maintenance-calendar.ts';
import { dayTitle } from './day-format.ts';
import { EntryChip } from './entry-chip.tsx';

export function AgendaList({
  days,
  today,
  onOpen,
}: {
  days: TCalendarDay[];
  today: string;
  onOpen: (entry: TCalendarEntry) => void;
}) {
  const shown = days.filter((d) => d.entries.length > 0 || d.date === today);
  return (
    <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {shown.map((day) => (
        <li key={day.date} aria-current={day.date === today ? 'date' : undefined}>
          <Title order={3} fz="md" mb={4}>
            {dayTitle(day.date)}
            {day.date === today ? ' · Today' : ''}
          </Title>
          {day.entries.length === 0 ? (
            <Text size="sm" c="dimmed">
              No preventive work today.
            </Text>
          ) : (
            <Stack gap={6}>
              {day.entries.map((entry) => (
                <EntryChip key={entry.key} entry={entry} onOpen={onOpen} />
              ))}
            </Stack>
          )}
        </li>
      ))}
    </Stack>
  );
}
