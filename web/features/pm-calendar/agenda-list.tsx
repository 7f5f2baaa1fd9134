// The PM calendar on a phone: the days of the view that have work (and today), as a list of headed days with full-
// width chips, where a seven-column grid would not fit 360 px. A busy day shows its first chips and "N more", which
// opens the day's whole list.
import { Button, Stack, Text, Title } from '@mantine/core';
import type { TCalendarDay, TCalendarEntry } from '#common/schemas/maintenance-calendar.ts';
import { dayTitle } from './day-format.ts';
import { EntryChip } from './entry-chip.tsx';

export function AgendaList({
  days,
  today,
  onOpen,
  onShowDay,
}: {
  days: TCalendarDay[];
  today: string;
  onOpen: (entry: TCalendarEntry) => void;
  onShowDay: (date: string) => void;
}) {
  const shown = days.filter((d) => d.total > 0 || d.date === today);
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
              {day.total > day.entries.length ? (
                <Button
                  variant="light"
                  onClick={() => onShowDay(day.date)}
                  aria-label={`${day.total - day.entries.length} more on ${dayTitle(day.date)}: show all the day’s work`}
                >
                  {day.total - day.entries.length} more
                </Button>
              ) : null}
            </Stack>
          )}
        </li>
      ))}
    </Stack>
  );
}
