// "Add time" and "Edit time" (decision 082): time typed afterwards, or corrected, with the reason it needs. The day is
// picked from the calendar (the shared DateField) and the times are typed on the company's clock; the instants sent
// are made by the date library (clock-times.ts). A refusal is shown by the form: an overlap names the entry in the way
// beside Start and above the buttons, an approved week says so.
import { Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type TEntryEdit,
  type TManualEntry,
  type TTimeEntry,
  ZEntryEditSchema,
  ZManualEntrySchema,
} from '#common/schemas/time.ts';
import { isCalendarDate } from '#common/time/calendar.ts';
import { DateField } from '../../components/date-field.tsx';
import { FormFooter } from '../../components/form-footer.tsx';
import { JobPicker, type TJobOption } from '../../components/job-picker.tsx';
import type { ApiError } from '../../lib/api-client.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { toast } from '../../lib/toast.ts';
import { addEntry, editEntry, timeKeys } from './api.ts';
import { ACTIVITY_OPTIONS } from './clock-in-form.tsx';
import { dateAndTimeOf, isTimeOfDay, spanOf } from './clock-times.ts';

interface TEntryValues extends Record<string, unknown> {
  job: TJobOption | null;
  activity: string | null;
  date: string;
  start: string;
  end: string;
  reason: string;
}

/** What the dialog is for: a new entry for a person, or a correction of an entry. */
export type TEntryTarget =
  | { kind: 'add'; userId: string; userName: string; date: string }
  | { kind: 'edit'; entry: TTimeEntry };

export function EntryDialog({ target, onClose }: { target: TEntryTarget | null; onClose: () => void }) {
  const title = target?.kind === 'edit' ? 'Edit time' : 'Add time';
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} size="md">
      {target ? <EntryForm target={target} title={title} onClose={onClose} /> : null}
    </Modal>
  );
}

function EntryForm({ target, title, onClose }: { target: TEntryTarget; title: string; onClose: () => void }) {
  const client = useQueryClient();
  const clock = useCompanyClock();
  const zone = clock.timeZone;
  const entry = target.kind === 'edit' ? target.entry : null;
  const from = entry ? dateAndTimeOf(entry.startedAt, zone) : null;
  const to = entry?.endedAt ? dateAndTimeOf(entry.endedAt, zone) : null;
  const toBody = (v: TEntryValues) => {
    const { startedAt, endedAt } = spanOf(v.date, v.start, v.end, zone);
    const activity = (v.activity || null) as TManualEntry['activity'] | null;
    return entry
      ? { jobId: v.job?.value ?? '', activity, startedAt, endedAt, reason: v.reason }
      : {
          userId: target.kind === 'add' ? target.userId : undefined,
          jobId: v.job?.value ?? '',
          ...(activity ? { activity } : {}),
          startedAt,
          endedAt,
          reason: v.reason,
        };
  };
  const form = useContractForm<TEntryValues, TManualEntry | TEntryEdit>({
    schema: entry ? ZEntryEditSchema : ZManualEntrySchema,
    initialValues: {
      job: entry ? { value: entry.jobId, label: `${entry.jobNumber} · ${entry.jobName}` } : null,
      activity: entry?.activity ?? null,
      date: from?.date ?? (target.kind === 'add' ? target.date : ''),
      start: from?.time ?? '',
      end: to?.time ?? '',
      reason: '',
    },
    toBody,
    paths: { jobId: 'job', startedAt: 'start', endedAt: 'end' },
    rules: (v) => ({
      date: !isCalendarDate(v.date) && 'Pick the day',
      start: !isTimeOfDay(v.start) && 'Type the start as HH:MM',
      end: !isTimeOfDay(v.end) && 'Type the end as HH:MM',
    }),
    // The server's whole sentence ("Overlaps 8:00 AM–10:30 AM on JOB-000003", "The week of … is approved") by the buttons.
    wholeMessage: (failure: ApiError) => failure.status === 409,
  });
  const save = useMutation({
    mutationFn: (body: TManualEntry | TEntryEdit) =>
      entry ? editEntry(entry.id, body as TEntryEdit) : addEntry(body as TManualEntry),
    onSuccess: async (saved) => {
      toast('success', {
        title: entry ? 'Time corrected' : 'Time added',
        message: `${saved.jobNumber}, ${clock.dateTime(saved.startedAt)}–${saved.endedAt ? clock.time(saved.endedAt) : ''}`,
      });
      onClose();
      await client.invalidateQueries({ queryKey: timeKeys.all });
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label={title}>
      <Stack gap="sm">
        {target.kind === 'add' ? <Text size="sm">For {target.userName}</Text> : null}
        <JobPicker
          label="Job"
          description="The open job the time went to"
          required
          // The dialog opens on its first field, not on its close button.
          autoFocus
          value={form.values.job}
          onChange={(job) => form.setFieldValue('job', job)}
          error={form.errorOf('job')}
        />
        <Select
          label="Activity"
          placeholder="Any"
          data={ACTIVITY_OPTIONS}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('activity')}
        />
        <DateField
          label="Day"
          required
          max="today"
          value={form.values.date}
          onChange={(date) => form.setFieldValue('date', date)}
          error={form.errorOf('date')}
        />
        <SimpleGrid cols={2}>
          <TextInput label="Start" type="time" required {...form.getInputProps('start')} />
          <TextInput
            label="End"
            type="time"
            required
            description="Earlier than the start: the next day"
            {...form.getInputProps('end')}
          />
        </SimpleGrid>
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          description={entry ? 'Why it is corrected (kept on the audit trail)' : 'Why it was not clocked'}
          {...form.getInputProps('reason')}
        />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel={entry ? 'Save' : 'Add time'}
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
