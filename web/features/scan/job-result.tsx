// A scanned job's card (decision 083): which job, for whom, its status, and the clock — clock in, switch to it, or
// clock out of it — beside opening the job itself.
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { TScanResult } from '#common/schemas/scan.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { ClockButtons } from './clock-buttons.tsx';
import { ScanActions } from './scan-actions.tsx';

type TJobResult = Extract<TScanResult, { kind: 'job' }>;

export function JobResult({ result, matched }: { result: TJobResult; matched: string | null }) {
  const { job } = result;
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Badge color="indigo">Job</Badge>
        {matched ? <Badge variant="outline">{matched}</Badge> : null}
        <StatusBadge of="job" status={job.status} />
      </Group>
      <Title order={3}>{job.numberText}</Title>
      <Text style={{ overflowWrap: 'anywhere' }}>
        {job.name}
        {job.customer ? ` · ${job.customer}` : ''}
      </Text>
      <ScanActions minWidth="12rem">
        <ClockButtons job={job} />
        <Button component={Link} to={`/jobs?id=${encodeURIComponent(job.id)}`} size="lg" variant="default">
          Open job
        </Button>
      </ScanActions>
    </Stack>
  );
}
