// Rename a plan or switch it off (admins). A plan is never deleted — inspections keep naming the version they used —
// so "Active" off is how one stops new inspections using it.
import { Checkbox, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TPlanDetail, type TPlanUpdate, ZPlanUpdateSchema } from '#common/schemas/inspection-plans.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { qcKeys, updatePlan } from './api.ts';

export function PlanSettingsDialog({
  plan,
  opened,
  onClose,
}: {
  plan: TPlanDetail;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Rename or switch off ${plan.name}`}>
      {opened ? <PlanSettingsForm plan={plan} onClose={onClose} /> : null}
    </Modal>
  );
}

function PlanSettingsForm({ plan, onClose }: { plan: TPlanDetail; onClose: () => void }) {
  const client = useQueryClient();
  const form = useContractForm<{ name: string; active: boolean }, TPlanUpdate>({
    schema: ZPlanUpdateSchema,
    initialValues: { name: plan.name, active: plan.active },
  });
  const save = useMutation({
    mutationFn: (body: TPlanUpdate) => updatePlan(plan.id, body),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: qcKeys.all });
      void client.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', {
        title: 'Plan saved',
        message: `${saved.name}${saved.active ? '' : ' (switched off)'}`,
      });
      onClose();
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="Rename or switch off">
      <Stack>
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <Checkbox
          label="Active"
          description="Off: kept for the inspections that used it; new inspections do not use it"
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <FormFooter error={form.formError} onCancel={onClose} submitLabel="Save" pending={save.isPending} />
      </Stack>
    </form>
  );
}
