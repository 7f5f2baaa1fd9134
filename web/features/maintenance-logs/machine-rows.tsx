// The Maintenance Logs' table of machines: each machine's figures over the period (a page of them from the server),
// its card on a phone, and a button that narrows the screen to it, so its own charts and entries show.
import { Button, Card, Group, Text } from '@mantine/core';
import type { TMaintenanceMachineRow } from '#common/schemas/maintenance-logs.ts';
import type { TListColumn } from '../../components/data-list/types.ts';
import { complianceText, hours, percent } from './figures.tsx';

const name = (row: TMaintenanceMachineRow) => `${row.machine.name} · ${row.machine.assetTag}`;

export function machineColumns(
  choose: (row: TMaintenanceMachineRow) => void,
): TListColumn<TMaintenanceMachineRow>[] {
  return [
    { id: 'machine', header: 'Machine', cell: name, cellProps: () => ({ fw: 600 }) },
    { id: 'failures', header: 'Failures', numeric: true, cell: (r) => String(r.failures) },
    { id: 'mtbf', header: 'MTBF', numeric: true, cell: (r) => hours(r.mtbfHours) },
    { id: 'mttr', header: 'MTTR', numeric: true, cell: (r) => hours(r.mttrHours) },
    {
      id: 'availability',
      header: 'Availability',
      numeric: true,
      cell: (r) => percent(r.availabilityPercent),
    },
    { id: 'downtime', header: 'Down', numeric: true, cell: (r) => hours(r.downtimeHours) },
    { id: 'compliance', header: 'PMs on time', cell: complianceText },
    {
      id: 'show',
      header: 'Charts',
      headerHidden: true,
      cell: (r) => (
        <Button variant="subtle" size="compact-sm" onClick={() => choose(r)} aria-label={`Show ${name(r)}`}>
          Show
        </Button>
      ),
    },
  ];
}

export function MachineCard({
  row,
  choose,
}: {
  row: TMaintenanceMachineRow;
  choose: (row: TMaintenanceMachineRow) => void;
}) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={name(row)}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name(row)}
        </Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => choose(row)}
          aria-label={`Show ${name(row)}`}
        >
          Show
        </Button>
      </Group>
      <Text size="sm">
        MTBF {hours(row.mtbfHours)} · MTTR {hours(row.mttrHours)} · availability{' '}
        {percent(row.availabilityPercent)}
      </Text>
      <Text size="sm" c="dimmed">
        {row.failures} {row.failures === 1 ? 'failure' : 'failures'}, {hours(row.downtimeHours)} down · PMs on
        time {complianceText(row)}
      </Text>
    </Card>
  );
}
