// Clock in by scanning (decision 082): a job's or a work order's label read by the camera (the scan screen's
// scanner, handed in by the page), by a USB or Bluetooth scanner anywhere on the page (the keyboard wedge), or typed. The code names a job
// (and, for a work order, the step running on it: scan-target.ts); the clock is moved there at once — clocked in, or
// switched when it runs on something else. What went wrong is said under the field and in a toast.
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { TRunningClock } from '#common/schemas/time.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { useKeyboardWedge } from '../../lib/keyboard-wedge.ts';
import { toast } from '../../lib/toast.ts';
import { getClock, timeKeys } from './api.ts';
import { clockTargetOf, type TClockTarget } from './scan-target.ts';
import { useClockMove } from './use-clock-move.ts';

export function ScanClockIn({
  camera,
  feedback = () => undefined,
}: {
  /** The scan screen's camera, handed in by the page (a feature does not reach into another): it calls `scan`. */
  camera: (scan: (code: string) => void) => ReactNode;
  /** A beep or a buzz for a scan that did or did not clock in. */
  feedback?: (found: boolean) => void;
}) {
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const move = useClockMove({
    onDone: () => feedback(true),
    onFailed: (error) => {
      setProblem(messageOf(error));
      feedback(false);
    },
  });

  const find = useMutation({
    mutationFn: (code: string) => clockTargetOf(code),
    onMutate: () => setProblem(null),
    onSuccess: async (target: TClockTarget) => {
      const running = (await client.fetchQuery({
        queryKey: timeKeys.clock,
        queryFn: ({ signal }) => getClock(signal),
        staleTime: 0,
      })) as TRunningClock;
      const entry = running.entry;
      if (entry && entry.jobId === target.jobId && entry.stepRunId === target.stepRunId) {
        toast('info', { title: `Already clocked in: ${entry.jobNumber}`, message: target.jobText });
        return;
      }
      const body = { jobId: target.jobId, ...(target.stepRunId ? { stepRunId: target.stepRunId } : {}) };
      move.mutate({ how: entry ? 'switch' : 'in', body });
    },
    onError: (error) => {
      const message = error instanceof Error ? error.message : String(error);
      setProblem(message);
      feedback(false);
      toast('error', { title: 'Nothing was clocked in', message });
    },
  });
  const go = (code: string) => {
    const trimmed = code.trim();
    if (trimmed) find.mutate(trimmed);
  };
  useKeyboardWedge(go);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(typed);
    setTyped('');
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="scan-clock">
      <Stack gap="sm">
        <Title order={2} size="h3" id="scan-clock">
          Clock in by scanning
        </Title>
        <Text size="sm" c="dimmed">
          Scan a job’s or a work order’s label with the camera or a scanner, or type its code (JOB-000042). A
          work order clocks you in to its job, on the step running on it. A running clock is switched.
        </Text>
        {camera(go)}
        <form onSubmit={submit} aria-label="Clock in by code">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Job or work-order code"
              placeholder="JOB-000042"
              value={typed}
              onChange={(e) => {
                setTyped(e.currentTarget.value);
                setProblem(null);
              }}
              error={problem ? true : undefined}
              style={{ flex: 1, minWidth: 0 }}
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
            />
            <Button type="submit" loading={find.isPending || move.isPending}>
              Go
            </Button>
          </Group>
        </form>
        {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
      </Stack>
    </Paper>
  );
}
