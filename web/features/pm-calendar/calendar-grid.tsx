// The month and week views of the PM calendar on a desk or tablet: a table of Monday-to-Sunday weeks whose cells list
// the day's work as chips. A cell shows the first chips the server sent (the most urgent, `perDay` of CHIPS_PER_DAY)
// and "N more" for the rest of its count, which opens the day's whole list (day-panel.tsx, decision 062). Today is
// marked in words; days of the neighbouring months are dimmed.
import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TCalendarDay, TCalendarEntry } from '#common/schemas/maintenance-calendar.ts';
import type { TCalendarView } from './calendar-range.ts';
import { inMonthOf } from './calendar-range.ts';
import { dayOfMonth, dayTitle, weekdayShort } from './day-format.ts';
import { EntryChip } from './entry-chip.tsx';

/** How many chips a day shows before "N more": the `perDay` the page asks the server for. */
export const CHIPS_PER_DAY = { month: 3, week: 12, agenda: 5 } as const;

interface TGridProps {
  view: TCalendarView;
  days: TCalendarDay[];
  anchor: string;
  today: string;
  title: string;
  onOpen: (entry: TCalendarEntry) => void;
  onShowDay: (date: string) => void;
}

function DayCell({ day, props }: { day: TCalendarDay; props: TGridProps }) {
  const isToday = day.date === props.today;
  const outside = props.view === 'month' && !inMonthOf(day.date, props.anchor);
  const shown = day.entries.slice(0, CHIPS_PER_DAY[props.view]);
  const more = day.total - shown.length;
  return (
    <Table.Td
      aria-current={isToday ? 'date' : undefined}
      style={{
        verticalAlign: 'top',
        width: `${100 / 7}%`,
        minWidth: 0,
        height: props.view === 'month' ? 120 : 320,
        outline: isToday ? '2px solid var(--mantine-color-blue-filled)' : undefined,
        outlineOffset: -2,
      }}
    >
      <Stack gap={4}>
        <Text size="sm" fw={isToday ? 700 : 500} c={outside ? 'dimmed' : undefined}>
          <VisuallyHidden>{dayTitle(day.date)}</VisuallyHidden>
          <span aria-hidden>{dayOfMonth(day.date)}</span>
          {isToday ? ' · Today' : ''}
        </Text>
        {shown.map((entry) => (
          <EntryChip key={entry.key} entry={entry} onOpen={props.onOpen} />
        ))}
        {more > 0 ? (
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => props.onShowDay(day.date)}
            aria-label={`${more} more on ${dayTitle(day.date)}: show all the day’s work`}
          >
            {more} more
          </Button>
        ) : null}
      </Stack>
    </Table.Td>
  );
}

export function CalendarGrid(props: TGridProps) {
  const weeks: TCalendarDay[][] = [];
  for (let i = 0; i < props.days.length; i += 7) weeks.push(props.days.slice(i, i + 7));
  return (
    <Table withTableBorder withColumnBorders layout="fixed" aria-label={props.title}>
      <Table.Thead>
        <Table.Tr>
          {(weeks[0] ?? []).map((day) => (
            <Table.Th key={day.date} scope="col">
              {props.view === 'week'
                ? `${weekdayShort(day.date)} ${dayOfMonth(day.date)}`
                : weekdayShort(day.date)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {weeks.map((week) => (
          <Table.Tr key={week[0]!.date}>
            {week.map((day) => (
              <DayCell key={day.date} day={day} props={props} />
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
