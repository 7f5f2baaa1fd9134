// The job a repair is charged to (decision 085), on the breakdown's page while the Time area is on: picked with the
// shared JobPicker while the breakdown is open (its parts' posting and its time then land on that job), read-only once
// resolved. With a job, "Clock in on this repair" starts the technician's clock on it as maintenance — or switches a
// clock already running elsewhere — and the card then says the clock runs here.
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { IconClockPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TBreakdownDetail } from '#common/schemas/breakdowns.ts';
import type { TChargedJob } from '#common/schemas/maintenance-job.ts';
import { JobPicker, type TJobOption } from '../../components/job-picker.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { toast } from '../../lib/toast.ts';
import { breakdownKeys, chargeBreakdownJob, clockOntoBreakdown, getRunningClock } from './api.ts';
import { breakdownLabel } from './breakdown-format.ts';

const CLOCK_KEY = ['time', 'clock'] as const;
const optionOf = (job: TChargedJob): TJobOption | null =>
  job ? { value: job.id, label: `${job.number} · ${job.name}` } : null;

export function BreakdownJob({ b }: { b: TBreakdownDetail }) {
  const client = useQueryClient();
  const open = b.status !== 'resolved';
  const label = breakdownLabel(b.number);
  const [picked, setPicked] = useState<TJobOption | null>(optionOf(b.job));
  const clock = useQuery({
    queryKey: CLOCK_KEY,
    queryFn: ({ signal }) => getRunningClock(signal),
    enabled: open && b.job !== null,
  });
  const charge = useMutation({
    mutationFn: (jobId: string | null) => chargeBreakdownJob(b.id, jobId),
    onSuccess: (saved) => {
      client.setQueryData(breakdownKeys.one(saved.id), saved);
      toast('success', {
        title: saved.job ? `${label} charged to ${saved.job.number}` : `${label} charged to no job`,
        message: saved.job
          ? 'Its parts and its time land on this job.'
          : 'Its parts and time are charged to no job.',
      });
    },
    onError: (error) => {
      setPicked(optionOf(b.job)); // the server kept the job it had
      toast('error', { title: 'The job could not be changed', message: messageOf(error) });
    },
  });
  const clockIn = useMutation({
    mutationFn: () => clockOntoBreakdown(clock.data?.entry != null, { jobId: b.job!.id, breakdownId: b.id }),
    onSuccess: (running) => {
      client.setQueryData(CLOCK_KEY, running);
      void client.invalidateQueries({ queryKey: ['time'] });
      toast('success', { title: 'Clock running', message: `On ${b.job?.number}: maintenance of ${label}.` });
    },
    onError: (error) => toast('error', { title: 'The clock did not start', message: messageOf(error) }),
  });
  const onThis = clock.data?.entry?.breakdownId === b.id;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="breakdown-job">
      <Title order={2} fz="lg" id="breakdown-job" mb="xs">
        Job
      </Title>
      {open ? (
        <JobPicker
          label="Charged to job"
          description="Optional: the open job its parts and time are charged to"
          value={picked}
          onChange={(job) => {
            setPicked(job);
            charge.mutate(job?.value ?? null);
          }}
        />
      ) : (
        <Text size="sm">{b.job ? `${b.job.number} · ${b.job.name}` : 'Charged to no job.'}</Text>
      )}
      {open && b.job ? (
        <Group mt="sm">
          {onThis ? (
            <Text size="sm" role="status">
              Your clock runs on this repair ({b.job.number}).
            </Text>
          ) : (
            <Button
              variant="light"
              leftSection={<IconClockPlay size={16} />}
              loading={clockIn.isPending}
              disabled={clock.isPending}
              onClick={() => clockIn.mutate()}
            >
              Clock in on this repair
            </Button>
          )}
        </Group>
      ) : null}
    </Card>
  );
}
