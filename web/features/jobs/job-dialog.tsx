// "New job" and "Edit job" (admins): name, customer, budget hours and cost (exact decimals, empty for none), notes.
import { Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type TJob, type TJobCreate, ZJobCreateSchema } from '#common/schemas/jobs.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { createJob, jobHref, jobKeys, updateJob } from './api.ts';

interface TJobValues extends Record<string, unknown> {
  name: string;
  customer: string;
  budgetHours: string;
  budgetCost: string;
  notes: string;
}

const bodyOf = (v: TJobValues) => ({
  name: v.name,
  customer: v.customer,
  budgetHours: v.budgetHours.trim() || null,
  budgetCost: v.budgetCost.trim() || null,
  notes: v.notes,
});

export function JobDialog({
  job,
  opened,
  onClose,
}: {
  job: TJob | null;
  opened: boolean;
  onClose: () => void;
}) {
  const title = job ? `Edit ${job.numberText}` : 'New job';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      {opened ? <JobForm job={job} title={title} onClose={onClose} /> : null}
    </Modal>
  );
}

function JobForm({ job, title, onClose }: { job: TJob | null; title: string; onClose: () => void }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const form = useContractForm<TJobValues, TJobCreate>({
    schema: ZJobCreateSchema,
    initialValues: {
      name: job?.name ?? '',
      customer: job?.customer ?? '',
      budgetHours: job?.budgetHours ?? '',
      budgetCost: job?.budgetCost ?? '',
      notes: job?.notes ?? '',
    },
    toBody: bodyOf,
  });
  const save = useMutation({
    mutationFn: (body: TJobCreate) => (job ? updateJob(job.id, body) : createJob(body)),
    onSuccess: async (saved) => {
      client.setQueryData(jobKeys.job(saved.id), saved);
      await client.invalidateQueries({ queryKey: jobKeys.all });
      onClose();
      if (!job) navigate(jobHref(saved.id));
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label={title}>
      <Stack>
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label="Customer"
          description="Leave empty for the shop's own job"
          {...form.getInputProps('customer')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="Budget hours" inputMode="decimal" {...form.getInputProps('budgetHours')} />
          <TextInput label="Budget cost ($)" inputMode="decimal" {...form.getInputProps('budgetCost')} />
        </SimpleGrid>
        <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel={job ? 'Save' : 'Create job'}
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
