// "Complete" for a plan's occurrence, shared by the plan's page and the PM calendar: the checklist ticked task by
// task, the day it was done (today by the server's clock, never later), time spent, the meter reading when the plan
// runs on the meter (never below the machine's: the server's refusal lands on the field), notes, and the parts used,
// issued from stock through the ledger when it is saved (a part short in stock is refused on its row). Tasks left
// unticked are asked about first ("2 tasks not done: … Complete anyway?") and only then sent, confirmed (decision
// 067). With the Time area on, the job the PM is charged to (decision 085) is picked here too, as its card shows it:
// its parts' posting names that job, and a job closed since is refused at the field with the server's words. The
// contract is the server's (common/schemas/maintenance-occurrences.ts).
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { featureFlagsOf } from '#common/label-config.ts';
import {
  skippedTasksOf,
  type TCompleteOccurrenceInput,
  type TOccurrenceDetail,
  ZCompleteOccurrenceSchema,
} from '#common/schemas/maintenance-occurrences.ts';
import { api } from '../../lib/api-client.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { clockStoppedBy } from '../../lib/running-clock.ts';
import { configOf, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { DateField } from '../date-field.tsx';
import { FormFooter } from '../form-footer.tsx';
import { JobPicker, type TJobOption } from '../job-picker.tsx';
import { QueryStatus } from '../query-status.tsx';
import { PartsUsedRows, partsBodyOf, partsPathsOf, partsRulesOf, type TPartRow } from './parts-used-rows.tsx';

const path = (id: string) => `/api/v1/maintenance/occurrences/${encodeURIComponent(id)}`;
export const getOccurrence = (id: string, signal?: AbortSignal) =>
  api<TOccurrenceDetail>(path(id), { signal });
export const completeOccurrence = (id: string, body: TCompleteOccurrenceInput) =>
  api<TOccurrenceDetail>(`${path(id)}/complete`, { method: 'POST', body });
export const occurrenceKey = (id: string) => ['maintenance-occurrence', id] as const;

/** Completes occurrence `occurrenceId`; `onCompleted` gets it as completed (refresh what shows it). */
export function CompleteOccurrenceDialog({
  occurrenceId,
  title,
  onClose,
  onCompleted,
}: {
  /** null: closed. */
  occurrenceId: string | null;
  title: string;
  onClose: () => void;
  onCompleted: (done: TOccurrenceDetail) => void | Promise<void>;
}) {
  return (
    <Modal opened={occurrenceId !== null} onClose={onClose} title={`Complete ${title}`} size="lg">
      {occurrenceId ? <Loaded id={occurrenceId} onClose={onClose} onCompleted={onCompleted} /> : null}
    </Modal>
  );
}

function Loaded({
  id,
  onClose,
  onCompleted,
}: {
  id: string;
  onClose: () => void;
  onCompleted: (done: TOccurrenceDetail) => void | Promise<void>;
}) {
  const occurrence = useQuery({
    queryKey: occurrenceKey(id),
    queryFn: ({ signal }) => getOccurrence(id, signal),
  });
  if (!occurrence.data)
    return (
      <QueryStatus query={occurrence} errorTitle="This work could not be loaded" loadingLabel="Loading" />
    );
  return <CompleteForm o={occurrence.data} onClose={onClose} onCompleted={onCompleted} />;
}

interface TValues extends Record<string, unknown> {
  completedOn: string;
  reading: string;
  minutesSpent: number | string;
  checklist: { done: boolean; note: string }[];
  notes: string;
  parts: TPartRow[];
  /** Named as the body's field, so the server's refusal of the job lands on the picker. */
  jobId: TJobOption | null;
}

function CompleteForm({
  o,
  onClose,
  onCompleted,
}: {
  o: TOccurrenceDetail;
  onClose: () => void;
  onCompleted: (done: TOccurrenceDetail) => void | Promise<void>;
}) {
  const clock = useCompanyClock();
  const client = useQueryClient();
  const { data: session } = useSession();
  // Jobs are the Time area's (decision 079): without it the completion leaves the job as it is.
  const timeOn = featureFlagsOf(configOf(session)).time;
  const form = useContractForm<TValues, TCompleteOccurrenceInput>({
    schema: ZCompleteOccurrenceSchema,
    initialValues: {
      completedOn: o.today,
      reading: '',
      minutesSpent: o.plan.estimatedMinutes || '',
      checklist: o.plan.checklist.map(() => ({ done: false, note: '' })),
      notes: '',
      parts: [],
      jobId: o.job ? { value: o.job.id, label: `${o.job.number} · ${o.job.name}` } : null,
    },
    toBody: (v) => ({
      completedOn: v.completedOn || null,
      reading: v.reading.trim() === '' ? null : v.reading,
      minutesSpent: v.minutesSpent === '' ? null : Number(v.minutesSpent),
      checklist: v.checklist,
      notes: v.notes,
      parts: partsBodyOf(v.parts),
      ...(timeOn ? { jobId: v.jobId?.value ?? null } : {}),
    }),
    paths: (v) => partsPathsOf(v.parts),
    rules: (v) => ({
      reading: o.plan.metered && v.reading.trim() === '' && 'Reading is required: read the machine’s meter',
      ...partsRulesOf(v.parts),
    }),
  });
  const save = useMutation({
    mutationFn: (body: TCompleteOccurrenceInput) => completeOccurrence(o.id, body),
    onSuccess: async (done) => {
      client.setQueryData(occurrenceKey(done.id), done);
      const skipped = skippedTasksOf(o.plan.checklist, done.checklist ?? []);
      const clockNote = await clockStoppedBy(client, { occurrenceId: o.id });
      toast('success', {
        title: 'Maintenance completed',
        message: `${o.plan.title} on ${o.machine.name}, ${done.onTime ? 'on time' : 'late'}${
          done.parts.length
            ? `; ${done.parts.length} part${done.parts.length === 1 ? '' : 's'} issued from stock`
            : ''
        }${skipped.length ? `; not done: ${skipped.join(', ')}` : ''}. The next one is open.${clockNote}`,
      });
      await onCompleted(done);
    },
    onError: form.showFailure,
  });
  // Tasks left unticked: the body waits here until "Complete anyway" sends it confirmed.
  const [asking, setAsking] = useState<{ body: TCompleteOccurrenceInput; skipped: string[] } | null>(null);
  const ticks = JSON.stringify(form.values.checklist.map((task) => task.done));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a tick changes what would be skipped, so ask again
  useEffect(() => setAsking(null), [ticks]);
  const submit = (body: TCompleteOccurrenceInput) => {
    const skipped = skippedTasksOf(o.plan.checklist, body.checklist ?? []);
    if (skipped.length > 0) setAsking({ body, skipped });
    else save.mutate(body);
  };
  const due = [
    o.dueOn ? `due ${clock.calendarDate(o.dueOn)}` : null,
    o.dueReading ? `at ${o.dueReading} h` : null,
  ]
    .filter(Boolean)
    .join(' or ');
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Complete maintenance">
      <Stack>
        <Text size="sm" c="dimmed">
          {o.machine.name} ({o.machine.assetTag}), {due}.
        </Text>
        {o.plan.checklist.length > 0 ? (
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={600} size="sm">
              Checklist
            </Text>
            {o.plan.checklist.map((task, i) => (
              <Checkbox
                // biome-ignore lint/suspicious/noArrayIndexKey: the plan's tasks are fixed while the dialog is open
                key={i}
                label={task.text}
                {...form.getInputProps(`checklist.${i}.done`, { type: 'checkbox' })}
              />
            ))}
          </Stack>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DateField
            label="Done on"
            required
            max={o.today}
            value={form.values.completedOn}
            onChange={(d) => form.setFieldValue('completedOn', d)}
            error={form.errorOf('completedOn')}
          />
          <NumberInput
            label="Time spent (minutes)"
            min={0}
            allowDecimal={false}
            {...form.getInputProps('minutesSpent')}
          />
          {o.plan.metered ? (
            <TextInput
              label="Meter reading (hours)"
              description={`Now ${o.machine.meterReading} h; never below it`}
              required
              inputMode="decimal"
              {...form.getInputProps('reading')}
            />
          ) : null}
        </SimpleGrid>
        <Textarea
          label="Notes"
          description="Optional"
          autosize
          minRows={2}
          {...form.getInputProps('notes')}
        />
        {timeOn ? (
          <JobPicker
            label="Charged to job"
            description="Optional: the open job its parts and time are charged to"
            value={form.values.jobId}
            onChange={(job) => form.setFieldValue('jobId', job)}
            error={form.errorOf('jobId')}
          />
        ) : null}
        <PartsUsedRows form={form} />
        {asking ? (
          <SkippedTasksQuestion
            skipped={asking.skipped}
            pending={save.isPending}
            onConfirm={() => save.mutate({ ...asking.body, skippedTasksConfirmed: true })}
            onBack={() => setAsking(null)}
          />
        ) : null}
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel="Complete"
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}

/** "2 tasks not done: … Complete anyway?", focused when it appears so a keyboard user answers it next. */
function SkippedTasksQuestion({
  skipped,
  pending,
  onConfirm,
  onBack,
}: {
  skipped: string[];
  pending: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  const title = `${skipped.length} task${skipped.length === 1 ? '' : 's'} not done`;
  return (
    <Alert color="orange" title={title} role="alertdialog" aria-label={title}>
      <Stack gap="xs">
        <Text size="sm">
          {skipped.join(', ')}. Complete anyway? The tasks not done are recorded with the work and show in the
          maintenance logs.
        </Text>
        <Group gap="xs">
          <Button ref={confirm} color="orange" loading={pending} onClick={onConfirm}>
            Complete anyway
          </Button>
          <Button variant="default" onClick={onBack}>
            Back to the checklist
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
