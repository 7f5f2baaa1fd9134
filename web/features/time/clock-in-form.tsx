// Clock in, or switch, by choosing (decision 082): the open job (the shared JobPicker), and optionally one of its
// work-order steps under way or the kind of work. The steps are the job's own (GET /api/v1/time/jobs/:id/steps), so a
// step of another job cannot be chosen; the contract is the server's (ZClockInSchema).
import { Button, Group, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  type TClockIn,
  TIME_ACTIVITIES,
  TIME_ACTIVITY_LABELS,
  ZClockInSchema,
} from '#common/schemas/time.ts';
import { JobPicker, type TJobOption } from '../../components/job-picker.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { jobSteps, timeKeys } from './api.ts';
import { useClockMove } from './use-clock-move.ts';

interface TClockInValues extends Record<string, unknown> {
  job: TJobOption | null;
  stepRunId: string | null;
  activity: string | null;
}

export const ACTIVITY_OPTIONS = TIME_ACTIVITIES.map((a) => ({ value: a, label: TIME_ACTIVITY_LABELS[a] }));

const bodyOf = (v: TClockInValues): TClockIn => ({
  jobId: v.job?.value ?? '',
  ...(v.stepRunId ? { stepRunId: v.stepRunId } : {}),
  ...(v.activity ? { activity: v.activity as TClockIn['activity'] } : {}),
});

export function ClockInForm({ how, onDone }: { how: 'in' | 'switch'; onDone?: () => void }) {
  const form = useContractForm<TClockInValues, TClockIn>({
    schema: ZClockInSchema,
    initialValues: { job: null, stepRunId: null, activity: null },
    toBody: bodyOf,
    paths: { jobId: 'job' },
  });
  const move = useClockMove({
    onDone: () => {
      form.reset();
      onDone?.();
    },
    onFailed: form.showFailure,
  });
  const jobId = form.values.job?.value ?? null;
  const steps = useQuery({
    queryKey: timeKeys.steps(jobId ?? ''),
    queryFn: ({ signal }) => jobSteps(jobId ?? '', signal),
    enabled: jobId !== null,
    staleTime: 0,
  });
  const stepOptions = (steps.data?.steps ?? []).map((s) => ({ value: s.stepRunId, label: s.label }));
  const title = how === 'in' ? 'Clock in' : 'Switch';

  return (
    <form onSubmit={form.onSubmit((body) => move.mutate({ how, body }))} noValidate aria-label={title}>
      <Stack gap="sm">
        <JobPicker
          label="Job"
          description="The open job your time goes to"
          required
          value={form.values.job}
          onChange={(job) => {
            form.setFieldValue('job', job);
            form.setFieldValue('stepRunId', null);
          }}
          error={form.errorOf('job')}
        />
        {jobId ? (
          <Select
            label="Work-order step"
            description={
              steps.isPending
                ? 'Looking for its steps under way…'
                : stepOptions.length
                  ? 'Optional: a step under way on this job'
                  : 'No step of this job is under way'
            }
            placeholder="No step"
            data={stepOptions}
            disabled={stepOptions.length === 0}
            clearable
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('stepRunId')}
          />
        ) : null}
        <Select
          label="Activity"
          description="Optional: the kind of work"
          placeholder="Any"
          data={ACTIVITY_OPTIONS}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('activity')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={move.isPending}>
            {how === 'in' ? 'Clock in' : 'Switch to this'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
