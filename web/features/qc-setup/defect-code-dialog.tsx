// Add a defect code or change one (admins): code, name, category, severity, and whether it is offered. A code is
// never deleted — inspection results and scrap keep naming it — so "Active" off is how one leaves the pickers.
import { Checkbox, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEFECT_SEVERITIES,
  type TDefectCode,
  type TDefectCodeInput,
  type TDefectSeverity,
  ZDefectCodeInputSchema,
} from '#common/schemas/defect-codes.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { createDefectCode, qcKeys, updateDefectCode } from './api.ts';
import { SEVERITY_LABELS } from './labels.ts';

export function DefectCodeDialog({
  target,
  onClose,
}: {
  target: TDefectCode | 'new' | null;
  onClose: () => void;
}) {
  const editing = target && target !== 'new' ? target : null;
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={editing ? `Edit ${editing.code}` : 'Add a defect code'}
    >
      {target ? <DefectCodeForm key={editing?.id ?? 'new'} editing={editing} onClose={onClose} /> : null}
    </Modal>
  );
}

function DefectCodeForm({ editing, onClose }: { editing: TDefectCode | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useContractForm<
    { code: string; name: string; category: string; severity: TDefectSeverity; active: boolean },
    TDefectCodeInput
  >({
    schema: ZDefectCodeInputSchema,
    initialValues: {
      code: editing?.code ?? '',
      name: editing?.name ?? '',
      category: editing?.category ?? '',
      severity: editing?.severity ?? 'major',
      active: editing?.active ?? true,
    },
  });
  const save = useMutation({
    mutationFn: (body: TDefectCodeInput) =>
      editing ? updateDefectCode(editing.id, body) : createDefectCode(body),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: qcKeys.defectCodes });
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', {
        title: editing ? 'Defect code saved' : 'Defect code added',
        message: `${saved.code} · ${saved.name}${saved.active ? '' : ' (switched off)'}`,
      });
      onClose();
    },
    onError: form.showFailure,
  });
  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutate(body))}
      noValidate
      aria-label={editing ? 'Edit defect code' : 'Add a defect code'}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Code"
            description="Short and unique, e.g. SCR-01"
            required
            autoComplete="off"
            data-autofocus
            {...form.getInputProps('code')}
          />
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="Category" placeholder="Surface, Dimension…" {...form.getInputProps('category')} />
          <Select
            label="Severity"
            allowDeselect={false}
            data={DEFECT_SEVERITIES.map((s) => ({ value: s, label: SEVERITY_LABELS[s] }))}
            {...form.getInputProps('severity')}
          />
        </SimpleGrid>
        <Checkbox
          label="Active"
          description="Off: kept for the results that name it, no longer offered to inspectors and the floor"
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel={editing ? 'Save' : 'Add defect code'}
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
