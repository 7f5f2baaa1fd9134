// "Your clock" (decision 082): the running clock as the server keeps it (GET /api/v1/time/clock) — job, step or
// activity, since when, and the elapsed time ticking from the server's start instant — with Switch and Clock out; or,
// when it is stopped, the clock-in form. A reload, a closed tab or the floor moving the clock shows what the server
// holds, because that is the only place it lives.
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerStopFilled, IconSwitchHorizontal } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TIME_ACTIVITY_LABELS, type TTimeEntry } from '#common/schemas/time.ts';
import { QueryStatus } from '../../components/query-status.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { getClock, timeKeys } from './api.ts';
import { ClockInForm } from './clock-in-form.tsx';
import { elapsedText, elapsedWords, secondsSince } from './clock-times.ts';
import { useClockMove } from './use-clock-move.ts';
import { useNow } from './use-now.ts';

export function ClockPanel() {
  // Always asked again on arrival: the floor or a scan card may have moved the clock since.
  const clock = useQuery({
    queryKey: timeKeys.clock,
    queryFn: ({ signal }) => getClock(signal),
    staleTime: 0,
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="your-clock">
      <Title order={2} size="h3" id="your-clock" mb="sm">
        Your clock
      </Title>
      <QueryStatus
        query={clock}
        errorTitle="Your clock could not be loaded"
        loadingLabel="Loading your clock"
      />
      {clock.data ? clock.data.entry ? <Running entry={clock.data.entry} /> : <Stopped /> : null}
    </Paper>
  );
}

function Stopped() {
  return (
    <Stack gap="sm">
      <Text>Your clock is stopped. Choose a job to clock in, or scan its label below.</Text>
      <ClockInForm how="in" />
    </Stack>
  );
}

function Running({ entry }: { entry: TTimeEntry }) {
  const clock = useCompanyClock();
  const now = useNow(true);
  const [switching, setSwitching] = useState(false);
  const out = useClockMove();
  const seconds = secondsSince(entry.startedAt, now);
  const detail = entry.stepLabel ?? (entry.activity ? TIME_ACTIVITY_LABELS[entry.activity] : null);
  const today = clock.date(now) === clock.date(entry.startedAt);
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Badge color="green" variant="light">
          Running
        </Badge>
        {entry.source === 'floor' ? (
          <Badge color="gray" variant="light">
            From the build floor
          </Badge>
        ) : null}
      </Group>
      <div>
        <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }} data-testid="clock-job">
          {entry.jobNumber} · {entry.jobName}
        </Text>
        {detail ? (
          <Text style={{ overflowWrap: 'anywhere' }} data-testid="clock-detail">
            {detail}
          </Text>
        ) : null}
        <Text c="dimmed" size="sm">
          Since {today ? clock.time(entry.startedAt) : clock.dateTime(entry.startedAt)}
        </Text>
      </div>
      <Text
        role="timer"
        aria-label={`Running for ${elapsedWords(seconds)}`}
        fz={40}
        fw={700}
        ff="monospace"
        lh={1.1}
      >
        {elapsedText(seconds)}
      </Text>
      <Group gap="sm" wrap="wrap">
        <Button
          variant={switching ? 'filled' : 'default'}
          leftSection={<IconSwitchHorizontal size={18} />}
          aria-expanded={switching}
          onClick={() => setSwitching((s) => !s)}
        >
          Switch…
        </Button>
        <Button
          color="red"
          leftSection={<IconPlayerStopFilled size={18} />}
          loading={out.isPending}
          onClick={() => out.mutate({ how: 'out' })}
        >
          Clock out
        </Button>
      </Group>
      {switching ? <ClockInForm how="switch" onDone={() => setSwitching(false)} /> : null}
    </Stack>
  );
}
