// The week's days (decision 082): each day's total as the server counted it and the entries that touch it — times on
// the company's clock, the job, the step or activity, where it came from, and Edit and Delete while the week is open.
// An approved week's entries show a lock instead.
import { ActionIcon, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { TIME_ACTIVITY_LABELS, type TTimeEntry, type TWeek } from '#common/schemas/time.ts';
import { APP_LOCALE } from '#common/time/format.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { useNow } from './use-now.ts';
import { entryDetail, hoursLabel, weekDays } from './week-grid.ts';

const SOURCE_LABELS: Record<TTimeEntry['source'], string | null> = {
  clock: null,
  manual: 'Typed',
  floor: 'Build floor',
  kiosk: 'Kiosk',
};

export function WeekDays({
  week,
  onEdit,
  onDelete,
}: {
  week: TWeek;
  onEdit: (entry: TTimeEntry) => void;
  onDelete: (entry: TTimeEntry) => void;
}) {
  const clock = useCompanyClock();
  // A running entry shows under the days from its start to now; a minute's tick carries it past midnight.
  const now = useNow(
    week.entries.some((e) => e.endedAt === null),
    60_000,
  );
  return (
    <Stack gap="sm">
      {weekDays(week, now).map((day) => {
        const name = `${weekdayOf(day.date)} ${clock.calendarDate(day.date)}`;
        return (
          <Paper key={day.date} withBorder p="sm" radius="md" component="section" aria-label={name}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} component="h3" m={0} size="md">
                {name}
              </Text>
              <Text fw={600}>{hoursLabel(day.hours)}</Text>
            </Group>
            {day.entries.length === 0 ? (
              <Text size="sm" c="dimmed">
                No time.
              </Text>
            ) : (
              <Stack gap={6} mt={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {day.entries.map((entry) => (
                  <EntryRow
                    key={entry.id}
                    entry={entry}
                    day={day.date}
                    onEdit={() => onEdit(entry)}
                    onDelete={() => onDelete(entry)}
                  />
                ))}
              </Stack>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

/** "Mon": the weekday of a calendar date, in the app's locale as its dates are (a date has no zone: read at noon UTC). */
function weekdayOf(date: string): string {
  return new Intl.DateTimeFormat(APP_LOCALE, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

function EntryRow({
  entry,
  day,
  onEdit,
  onDelete,
}: {
  entry: TTimeEntry;
  day: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const clock = useCompanyClock();
  // An end or a start on another day says which day.
  const at = (instant: string) =>
    clock.date(instant) === clock.calendarDate(day) ? clock.time(instant) : clock.dateTime(instant);
  const span = `${at(entry.startedAt)}–${entry.endedAt ? at(entry.endedAt) : 'running'}`;
  const detail = entryDetail(entry, (a) => TIME_ACTIVITY_LABELS[a]);
  const source = SOURCE_LABELS[entry.source];
  const what = `${span} ${entry.jobNumber}`;
  return (
    <li aria-label={what}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600}>
              {span}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {entry.jobNumber} · {entry.jobName}
            </Text>
            {source ? (
              <Badge size="sm" variant="light" color="gray">
                {source}
              </Badge>
            ) : null}
          </Group>
          {detail ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {detail}
            </Text>
          ) : null}
          {entry.reason ? (
            <Text size="sm" c="dimmed" fs="italic" style={{ overflowWrap: 'anywhere' }}>
              {entry.reason}
            </Text>
          ) : null}
        </div>
        {entry.locked ? (
          <IconLock size={18} aria-label="Locked: the week is approved" role="img" />
        ) : entry.endedAt ? (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${what}`} onClick={onEdit}>
              <IconPencil size={18} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Delete ${what}`}
              onClick={onDelete}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
    </li>
  );
}
