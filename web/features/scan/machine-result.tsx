// A scanned machine's card (decision 060): which machine, where, and its status, with the two things a technician
// scans a machine for — reporting a breakdown, and starting the maintenance that is due on it.
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { TScanResult } from '#common/schemas/scan.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { ScanActions } from './scan-actions.tsx';

type TMachineResult = Extract<TScanResult, { kind: 'machine' }>;

export function MachineResult({ result, matched }: { result: TMachineResult; matched: string | null }) {
  const { machine } = result;
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Badge color="grape">Machine</Badge>
        {matched ? <Badge variant="outline">{matched}</Badge> : null}
        <StatusBadge of="machine" status={machine.status} />
      </Group>
      <Title order={3} style={{ overflowWrap: 'anywhere' }}>
        {machine.name}
      </Title>
      <Text c="dimmed" size="sm">
        {machine.assetTag}
        {machine.locationCode ? ` · ${machine.locationCode}` : ''}
      </Text>
      <ScanActions minWidth="12rem">
        <Button
          component={Link}
          to={`/maintenance/machine-fix?machine=${encodeURIComponent(machine.id)}`}
          size="lg"
          color="red"
        >
          Report a breakdown
        </Button>
        <Button
          component={Link}
          to={`/maintenance/pm-calendar?machine=${encodeURIComponent(machine.id)}&start=due`}
          size="lg"
          variant="default"
        >
          Start due maintenance
        </Button>
      </ScanActions>
    </Stack>
  );
}
