// "Clock in" on a scanned job or work order (decision 083): one tap moves the signed-in person's own clock onto the
// job — clock in when none runs, "Switch to this job" when it runs on another, and "Clock out" when it already runs
// on this one. A job that takes no time (held or closed) says so instead of offering a tap the server would refuse.
import { Button, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { JOB_STATUS_LABELS } from '#common/schemas/jobs.ts';
import type { TScanJob } from '#common/schemas/scan.ts';
import type { TRunningClock } from '#common/schemas/time.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { toast } from '../../lib/toast.ts';
import { clockIn, clockOut, getRunningClock, runningClockKey, switchClock } from './clock-api.ts';

type TMove = 'in' | 'switch' | 'out';

const DONE: Record<TMove, (job: string) => string> = {
  in: (job) => `Clocked in to ${job}`,
  switch: (job) => `Switched to ${job}`,
  out: (job) => `Clocked out of ${job}`,
};

/**
 * The clock's buttons for `job`. A job's own card says "Clock in" and "Switch to this job"; a work order's names its
 * job (`named`: "Clock in to JOB-000004"), since the work order is not what the clock runs on.
 */
export function ClockButtons({ job, named = false }: { job: TScanJob; named?: boolean }) {
  const queryClient = useQueryClient();
  const clock = useCompanyClock();
  const running = useQuery({ queryKey: runningClockKey, queryFn: ({ signal }) => getRunningClock(signal) });
  const move = useMutation({
    mutationFn: (how: TMove): Promise<TRunningClock> =>
      how === 'out' ? clockOut() : (how === 'in' ? clockIn : switchClock)({ jobId: job.id }),
    onSuccess: (answer, how) => {
      queryClient.setQueryData(runningClockKey, answer);
      void queryClient.invalidateQueries({ queryKey: ['time'] });
      toast('success', { title: DONE[how](job.numberText), message: job.name });
    },
    onError: (error) =>
      toast('error', {
        title: 'The clock did not move',
        message: error instanceof Error ? error.message : '',
      }),
  });

  if (job.status !== 'open')
    return (
      <Text size="sm" c="dimmed">
        {job.numberText} is {JOB_STATUS_LABELS[job.status].toLowerCase()}: it takes no time until it is open.
      </Text>
    );
  if (running.isPending) return null;
  const entry = running.data?.entry ?? null;
  if (entry?.jobId === job.id)
    return (
      <>
        <Text size="sm">
          Your clock runs on {job.numberText} since {clock.time(entry.startedAt)}.
        </Text>
        <Button
          size="lg"
          color="red"
          variant="light"
          loading={move.isPending}
          onClick={() => move.mutate('out')}
        >
          Clock out
        </Button>
      </>
    );
  const how: TMove = entry ? 'switch' : 'in';
  return (
    <Button size="lg" loading={move.isPending} onClick={() => move.mutate(how)}>
      {how === 'switch'
        ? `Switch to ${named ? job.numberText : 'this job'}`
        : named
          ? `Clock in to ${job.numberText}`
          : 'Clock in'}
    </Button>
  );
}
