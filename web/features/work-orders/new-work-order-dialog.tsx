// "New work order": the assembly (only released ones can be chosen), how many, when it is due and where the output
// goes. It is made planned, to the assembly's current released revision; its page opens to release it.
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { type TWorkOrderCreate, ZWorkOrderCreateSchema } from '#common/schemas/work-orders.ts';
import { AssemblySelect, type TAssemblyOption } from '../../components/assembly-picker.tsx';
import { DateField } from '../../components/date-field.tsx';
import { FormFooter } from '../../components/form-footer.tsx';
import { LocationSelect } from '../../components/location-select.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { workOrderPath } from '../../lib/work-order-links.ts';
import { createWorkOrder, workOrderKeys } from './api.ts';

export function NewWorkOrderDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New work order" size="md">
      {opened ? <NewWorkOrderForm onClose={onClose} /> : null}
    </Modal>
  );
}

/** The form's values: the picked assembly and location with their labels, text for the rest ('' for nothing). */
interface TValues extends Record<string, unknown> {
  assembly: TAssemblyOption | null;
  quantity: string;
  dueOn: string;
  outputLocationId: string | null;
  outputLocationCode: string | null;
}

function NewWorkOrderForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useContractForm<TValues, TWorkOrderCreate>({
    schema: ZWorkOrderCreateSchema,
    initialValues: {
      assembly: null,
      quantity: '',
      dueOn: '',
      outputLocationId: null,
      outputLocationCode: null,
    },
    toBody: (v) =>
      ({
        assemblyId: v.assembly?.value ?? '',
        quantity: v.quantity,
        ...(v.dueOn ? { dueOn: v.dueOn } : {}),
        ...(v.outputLocationId ? { outputLocationId: v.outputLocationId } : {}),
      }) as TWorkOrderCreate,
    paths: { assemblyId: 'assembly', outputLocationId: 'outputLocationId' },
  });
  const save = useMutation({
    mutationFn: createWorkOrder,
    onSuccess: async (made) => {
      await client.invalidateQueries({ queryKey: workOrderKeys.all });
      onClose();
      navigate(workOrderPath(made.id));
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="New work order">
      <Stack>
        <Text size="sm" c="dimmed">
          It is made planned, to the assembly’s released revision; release it on its page to reserve the
          components.
        </Text>
        <AssemblySelect
          value={form.values.assembly}
          onChange={(a) => form.setFieldValue('assembly', a)}
          error={form.errorOf('assembly')}
        />
        <TextInput label="Quantity" inputMode="decimal" required {...form.getInputProps('quantity')} />
        <DateField
          label="Due date"
          clearable
          value={form.values.dueOn}
          onChange={(v) => form.setFieldValue('dueOn', v)}
          error={form.errorOf('dueOn')}
        />
        <LocationSelect
          label="Output location"
          description="Where the finished units are put away (optional)"
          value={form.values.outputLocationId}
          selectedLabel={form.values.outputLocationCode}
          onChange={(id, code) => {
            form.setFieldValue('outputLocationId', id);
            form.setFieldValue('outputLocationCode', code);
          }}
          error={form.errorOf('outputLocationId')}
        />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel="Create work order"
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
