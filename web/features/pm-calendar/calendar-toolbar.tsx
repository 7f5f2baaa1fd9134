// The PM calendar's controls: the period shown with previous / today / next, month or week, and the filters (one
// machine, my work). Plain buttons and inputs, so the keyboard reaches each in order.
import { Button, Group, SegmentedControl, Switch, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { MachineSelect, type TMachineOption } from '../../components/machine-select.tsx';
import type { TCalendarView } from './calendar-range.ts';

export interface TToolbarProps {
  view: TCalendarView;
  title: string;
  machine: TMachineOption | null;
  mine: boolean;
  onView: (view: TCalendarView) => void;
  onShift: (by: -1 | 1) => void;
  onToday: () => void;
  onMachine: (machine: TMachineOption | null) => void;
  onMine: (mine: boolean) => void;
}

export function CalendarToolbar(props: TToolbarProps) {
  const unit = props.view === 'month' ? 'month' : 'week';
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Group gap="xs" wrap="wrap" align="center">
        <Button
          variant="default"
          onClick={() => props.onShift(-1)}
          aria-label={`Previous ${unit}`}
          leftSection={<IconChevronLeft size={16} aria-hidden />}
        >
          Previous
        </Button>
        <Button variant="default" onClick={props.onToday}>
          Today
        </Button>
        <Button
          variant="default"
          onClick={() => props.onShift(1)}
          aria-label={`Next ${unit}`}
          rightSection={<IconChevronRight size={16} aria-hidden />}
        >
          Next
        </Button>
        <Title order={2} fz="xl" aria-live="polite">
          {props.title}
        </Title>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label="View"
          value={props.view}
          onChange={(v) => props.onView(v as TCalendarView)}
          data={[
            { value: 'month', label: 'Month' },
            { value: 'week', label: 'Week' },
          ]}
        />
        <MachineSelect
          filter
          value={props.machine}
          onChange={props.onMachine}
          w={{ base: '100%', xs: 240 }}
        />
        <Switch
          label="My work only"
          checked={props.mine}
          onChange={(e) => props.onMine(e.currentTarget.checked)}
          mb={8}
        />
      </Group>
    </Group>
  );
}
