// "Add plan" and "Edit plan": the machine, title, checklist, schedule, window and assignee, checked with the contract
// the server checks (common/schemas/maintenance-plans.ts), with a live preview of the next five due dates; the
// server's refusals (another company's machine or person) land on their fields.
import { Grid, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPlanDetail, TPlanInput } from '#common/schemas/maintenance-plans.ts';
import { ZPlanInputSchema } from '#common/schemas/maintenance-plans.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { MachineSelect } from '../../components/machine-select.tsx';
import { RemoteSelect } from '../../components/remote-select.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { toast } from '../../lib/toast.ts';
import { createPlan, planKeys, searchPeople, updatePlan } from './api.ts';
import { ChecklistEditor } from './checklist-editor.tsx';
import { DuePreview } from './due-preview.tsx';
import { initialValues, previewOf, type TPlanValues, toBody } from './plan-form-values.ts';
import { ScheduleFields } from './schedule-fields.tsx';

/** Adds a plan (no `plan`) or edits one; `onSaved` gets the plan as saved. */
export function PlanDialog({
  opened,
  plan,
  onClose,
  onSaved,
}: {
  opened: boolean;
  plan?: TPlanDetail | undefined;
  onClose: () => void;
  onSaved: (saved: TPlanDetail) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={plan ? `Edit ${plan.title}` : 'Add plan'} size="xl">
      {opened ? <PlanForm plan={plan} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function PlanForm({
  plan,
  onClose,
  onSaved,
}: {
  plan?: TPlanDetail | undefined;
  onClose: () => void;
  onSaved: (saved: TPlanDetail) => void;
}) {
  const client = useQueryClient();
  const clock = useCompanyClock();
  const form = useContractForm<TPlanValues, TPlanInput>({
    schema: ZPlanInputSchema,
    initialValues: initialValues(plan, clock.today()),
    toBody,
    paths: (v) => ({
      ...Object.fromEntries(v.checklist.map((_t, i) => [`checklist.${i}.text`, `checklist.${i}.text`])),
    }),
  });
  const save = useMutation({
    mutationFn: (body: TPlanInput) => (plan ? updatePlan(plan.id, body) : createPlan(body)),
    onSuccess: async (saved) => {
      client.setQueryData(planKeys.one(saved.id), saved);
      await client.invalidateQueries({ queryKey: planKeys.all });
      const next = saved.open?.dueOn ? ` Next due ${clock.calendarDate(saved.open.dueOn)}.` : '';
      toast('success', { title: plan ? 'Plan saved' : 'Plan added', message: `${saved.title}.${next}` });
      onSaved(saved);
    },
    onError: form.showFailure,
  });
  const v = form.values;
  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutate(body))}
      noValidate
      aria-label={plan ? 'Edit plan' : 'Add plan'}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MachineSelect
                value={v.machineId ? { value: v.machineId, label: v.machineLabel ?? '' } : null}
                onChange={(machine) => {
                  form.setFieldValue('machineId', machine?.value ?? null);
                  form.setFieldValue('machineLabel', machine?.label ?? null);
                }}
                error={form.errorOf('machineId')}
              />
              <TextInput label="Title" required data-autofocus {...form.getInputProps('title')} />
            </SimpleGrid>
            <ScheduleFields form={form} />
            <ChecklistEditor form={form} />
            <RemoteSelect
              label="Assignee"
              description="Who does the work (optional)."
              placeholder="Search people"
              noun="people"
              value={v.assigneeId}
              selectedLabel={v.assigneeName}
              onChange={(id, name) => {
                form.setFieldValue('assigneeId', id);
                form.setFieldValue('assigneeName', name);
              }}
              error={form.errorOf('assigneeId')}
              queryKey={planKeys.people}
              search={async (q, signal) => {
                const page = await searchPeople(q, signal);
                return { total: page.total, items: page.items.map((p) => ({ value: p.id, label: p.name })) };
              }}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <DuePreview dates={previewOf(v, plan)} metered={v.scheduleBy !== 'calendar'} />
        </Grid.Col>
        <Grid.Col span={12}>
          <FormFooter
            error={form.formError}
            onCancel={onClose}
            submitLabel={plan ? 'Save plan' : 'Add plan'}
            pending={save.isPending}
          />
        </Grid.Col>
      </Grid>
    </form>
  );
}
