// "Add plan" (admins): the item, the stage it is inspected at, and a name. It gets an empty draft version 1 and its
// page opens. A receipt or final plan is one per item; step plans are for items built in Assembly Setup.
import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  INSPECTION_STAGES,
  STAGE_LABELS,
  type TInspectionStage,
  type TPlanCreate,
  ZPlanCreateSchema,
} from '#common/schemas/inspection-plans.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { ItemSelect, type TItemOption } from '../../components/item-pickers.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { createPlan, qcKeys } from './api.ts';

const STAGE_HELP: Record<TInspectionStage, string> = {
  receipt: 'Goods received from a supplier are inspected before they are used.',
  step: 'A step of the recipe is inspected on the floor; link it to the step in Assembly Setup.',
  final: 'Finished goods are inspected before they leave.',
};

export function NewPlanDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (planId: string) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add an inspection plan" size="md">
      {opened ? <NewPlanForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function NewPlanForm({ onClose, onCreated }: { onClose: () => void; onCreated: (planId: string) => void }) {
  const client = useQueryClient();
  const form = useContractForm({
    schema: ZPlanCreateSchema,
    initialValues: { item: null as TItemOption | null, stage: 'receipt' as TInspectionStage, name: '' },
    toBody: (v): TPlanCreate => ({ itemId: v.item?.value ?? '', stage: v.stage, name: v.name }),
    paths: { itemId: 'item' },
    rules: (v) => ({ item: !v.item && 'Choose the item inspected' }),
  });
  const save = useMutation({
    mutationFn: createPlan,
    onSuccess: async (made) => {
      await client.invalidateQueries({ queryKey: qcKeys.all });
      void client.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', {
        title: 'Plan added',
        message: `${made.item.partNumber} · ${made.name}: draft version 1`,
      });
      onCreated(made.id);
    },
    onError: form.showFailure,
  });
  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutate(body))}
      noValidate
      aria-label="Add an inspection plan"
    >
      <Stack>
        <ItemSelect
          label="Item inspected"
          value={form.values.item}
          onChange={(item) => form.setFieldValue('item', item)}
          error={form.errorOf('item')}
          autoFocus
        />
        <Select
          label="Stage"
          required
          allowDeselect={false}
          data={INSPECTION_STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] }))}
          {...form.getInputProps('stage')}
        />
        <Text size="sm" c="dimmed">
          {STAGE_HELP[form.values.stage]}
        </Text>
        <TextInput
          label="Name"
          required
          placeholder={form.values.stage === 'step' ? 'Torque check' : 'Incoming inspection'}
          {...form.getInputProps('name')}
        />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel="Add plan"
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
