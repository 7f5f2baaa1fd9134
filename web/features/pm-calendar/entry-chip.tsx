// One piece of work on the PM calendar: its state in words (never colour alone), the machine and the plan, tinted by
// the state's tone with the text at the theme's own colour (axe's contrast rule holds on every tint). Forecasts have a
// dashed edge, overdue work carried to today says so. A button: Enter or a tap opens its details.
import { Text, UnstyledButton } from '@mantine/core';
import type { TCalendarEntry } from '#common/schemas/maintenance-calendar.ts';
import { statusStyle, type TStatusTone } from '#common/statuses.ts';

export const TONE_COLOR: Record<TStatusTone, string> = {
  neutral: 'gray',
  info: 'blue',
  success: 'green',
  warning: 'orange',
  danger: 'red',
};

/** What the chip says, in words, also as its accessible name. */
export function entryWords(entry: TCalendarEntry): string {
  const state = statusStyle('pmWork', entry.state).label;
  const extra = entry.carriedToToday
    ? ', still open from an earlier day'
    : entry.basis === 'meter'
      ? ', by meter'
      : '';
  return `${state}${extra}: ${entry.machine.name} — ${entry.plan.title}`;
}

export function EntryChip({
  entry,
  onOpen,
}: {
  entry: TCalendarEntry;
  onOpen: (entry: TCalendarEntry) => void;
}) {
  const style = statusStyle('pmWork', entry.state);
  const color = TONE_COLOR[style.tone];
  return (
    <UnstyledButton
      onClick={() => onOpen(entry)}
      aria-label={entryWords(entry)}
      data-state={entry.state}
      w="100%"
      px={6}
      py={2}
      style={{
        display: 'block',
        borderRadius: 'var(--mantine-radius-sm)',
        background: `var(--mantine-color-${color}-light)`,
        borderLeft: `4px ${entry.kind === 'forecast' ? 'dashed' : 'solid'} var(--mantine-color-${color}-filled)`,
      }}
    >
      <Text size="xs" fw={700} c="var(--mantine-color-text)">
        {style.label}
        {entry.carriedToToday ? ' · still open' : entry.basis === 'meter' ? ' · meter' : ''}
      </Text>
      <Text size="xs" c="var(--mantine-color-text)" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {entry.machine.name} — {entry.plan.title}
      </Text>
    </UnstyledButton>
  );
}

/** The legend: every state's chip colour beside its word and what it means. */
export const STATE_MEANINGS: Array<[TCalendarEntry['state'], string]> = [
  ['scheduled', 'open, not yet within its lead time'],
  ['due-soon', 'within its lead time'],
  ['due', 'its date or meter reading reached'],
  ['overdue', 'past its grace period'],
  ['forecast', 'not opened yet: when it falls if earlier work is done on time'],
  ['completed', 'done'],
  ['missed', 'a date that passed while earlier work was still open'],
];
