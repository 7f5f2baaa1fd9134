// Deleting an entry (decision 082): the reason is required and kept on the audit trail; an approved week refuses it.
import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TTimeEntry, ZEntryDeleteSchema } from '#common/schemas/time.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { toast } from '../../lib/toast.ts';
import { deleteEntry, timeKeys } from './api.ts';

export function DeleteEntryDialog({ entry, onClose }: { entry: TTimeEntry | null; onClose: () => void }) {
  return (
    <Modal opened={entry !== null} onClose={onClose} title="Delete time" size="md">
      {entry ? <DeleteForm entry={entry} onClose={onClose} /> : null}
    </Modal>
  );
}

function DeleteForm({ entry, onClose }: { entry: TTimeEntry; onClose: () => void }) {
  const client = useQueryClient();
  const clock = useCompanyClock();
  const form = useContractForm<{ reason: string }>({
    schema: ZEntryDeleteSchema,
    initialValues: { reason: '' },
    wholeMessage: () => true,
  });
  const span = `${clock.dateTime(entry.startedAt)}–${entry.endedAt ? clock.time(entry.endedAt) : 'now'}`;
  const remove = useMutation({
    mutationFn: (reason: string) => deleteEntry(entry.id, reason),
    onSuccess: async () => {
      toast('success', { title: 'Time deleted', message: `${entry.jobNumber}, ${span}` });
      onClose();
      await client.invalidateQueries({ queryKey: timeKeys.all });
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((v) => remove.mutate(v.reason))} noValidate aria-label="Delete time">
      <Stack gap="sm">
        <Text>
          {entry.jobNumber} · {entry.jobName}, {span}
        </Text>
        <Textarea
          label="Reason"
          description="Why it goes (kept on the audit trail)"
          required
          autosize
          minRows={2}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel="Delete"
          submitColor="red"
          pending={remove.isPending}
        />
      </Stack>
    </form>
  );
}
