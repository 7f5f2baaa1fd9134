// The job a repair or a PM is charged to (decision 085), shared by the breakdown's page and the PM screens (the PM
// calendar's details and a plan's page) while the Time area is on: picked with the shared JobPicker while the work is
// open (its parts' posting and its time then land on that job), read-only once done. A refusal (a job closed or held
// since the list was read, time already on the old job) is the server's message at the field, the pick kept so one
// sees what was refused. With a job, "Clock in on this repair / PM" starts the person's clock on it as maintenance — or
// switches a clock already running elsewhere — and the card then says the clock runs here.
import { Button, Card, Group, Text, Title, type TitleOrder } from '@mantine/core';
import { IconClockPlay } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TChargedJob } from '#common/schemas/maintenance-job.ts';
import type { TRunningClock } from '#common/schemas/time.ts';
import { api } from '../../lib/api-client.ts';
import { messageOf } from '../../lib/api-errors.ts';
import { clockRunsOn, getRunningClock, runningClockKey, type TClockWork } from '../../lib/running-clock.ts';
import { toast } from '../../lib/toast.ts';
import { JobPicker, type TJobOption } from '../job-picker.tsx';

/** What the clock is spent on: a repair or a PM (the server sets the activity to maintenance). */
export type TMaintenanceTarget = TClockWork;

const optionOf = (job: TChargedJob): TJobOption | null =>
  job ? { value: job.id, label: `${job.number} · ${job.name}` } : null;

export function MaintenanceJobCard<TSaved extends { job: TChargedJob }>({
  headingId,
  headingOrder = 2,
  what,
  noun,
  job,
  open,
  target,
  charge,
  onCharged,
}: {
  /** The card's heading id (it names the region). */
  headingId: string;
  headingOrder?: TitleOrder;
  /** The work as toasts name it: "Breakdown 12", "Monthly lubrication". */
  what: string;
  /** "repair" or "PM": the clock button's and the status line's word. */
  noun: string;
  job: TChargedJob;
  /** Open work takes a job; done work keeps the one its parts were posted to. */
  open: boolean;
  target: TMaintenanceTarget;
  /** Sends the job (null: none) and answers the work as saved. */
  charge: (jobId: string | null) => Promise<TSaved>;
  onCharged: (saved: TSaved) => void;
}) {
  const client = useQueryClient();
  const [picked, setPicked] = useState<TJobOption | null>(optionOf(job));
  const clock = useQuery({
    // The running clock, to know whether clocking onto the work starts or switches it.
    queryKey: runningClockKey,
    queryFn: ({ signal }) => getRunningClock(signal),
    enabled: open && job !== null,
  });
  const save = useMutation({
    mutationFn: charge,
    onSuccess: (saved) => {
      onCharged(saved);
      setPicked(optionOf(saved.job));
      toast('success', {
        title: saved.job ? `${what} charged to ${saved.job.number}` : `${what} charged to no job`,
        message: saved.job
          ? 'Its parts and its time land on this job.'
          : 'Its parts and time are charged to no job.',
      });
    },
  });
  const clockIn = useMutation({
    mutationFn: () =>
      api<TRunningClock>(`/api/v1/time/${clock.data?.entry ? 'switch' : 'clock-in'}`, {
        method: 'POST',
        body: { jobId: job?.id, ...target },
      }),
    onSuccess: (running) => {
      client.setQueryData(runningClockKey, running);
      void client.invalidateQueries({ queryKey: ['time'] });
      toast('success', { title: 'Clock running', message: `On ${job?.number}: maintenance of ${what}.` });
    },
    onError: (error) => toast('error', { title: 'The clock did not start', message: messageOf(error) }),
  });
  const onThis = clockRunsOn(clock.data, target);

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} fz="lg" id={headingId} mb="xs">
        Job
      </Title>
      {open ? (
        <JobPicker
          label="Charged to job"
          description="Optional: the open job its parts and time are charged to"
          value={picked}
          error={save.error ? messageOf(save.error) : undefined}
          onChange={(next) => {
            setPicked(next);
            save.mutate(next?.value ?? null);
          }}
        />
      ) : (
        <Text size="sm">{job ? `${job.number} · ${job.name}` : 'Charged to no job.'}</Text>
      )}
      {open && job ? (
        <Group mt="sm">
          {onThis ? (
            <Text size="sm" role="status">
              Your clock runs on this {noun} ({job.number}).
            </Text>
          ) : (
            <Button
              variant="light"
              leftSection={<IconClockPlay size={16} />}
              loading={clockIn.isPending}
              disabled={clock.isPending}
              onClick={() => clockIn.mutate()}
            >
              Clock in on this {noun}
            </Button>
          )}
        </Group>
      ) : null}
    </Card>
  );
}
