// "Add machine" and "Edit machine": name, asset tag, where it stands in the location tree, make, model, serial and
// the day it went into service, checked with the contract the server checks (common/schemas/machines.ts); a taken
// asset tag comes back from the server onto its field.
import { Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type TMachineDetail, type TMachineInput, ZMachineInputSchema } from '#common/schemas/machines.ts';
import { DateField } from '../../components/date-field.tsx';
import { FormFooter } from '../../components/form-footer.tsx';
import { LocationSelect } from '../../components/location-select.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { createMachine, machineKeys, updateMachine } from './api.ts';

/** Adds a machine (no `machine`) or edits one; `onSaved` gets the machine as saved. */
export function MachineDialog({
  opened,
  machine,
  onClose,
  onSaved,
}: {
  opened: boolean;
  machine?: TMachineDetail | undefined;
  onClose: () => void;
  onSaved: (saved: TMachineDetail) => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={machine ? `Edit ${machine.name}` : 'Add machine'}
      size="lg"
    >
      {opened ? <MachineForm machine={machine} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

interface TValues extends Record<string, unknown> {
  name: string;
  assetTag: string;
  locationId: string | null;
  locationCode: string | null;
  make: string;
  model: string;
  serial: string;
  commissionedOn: string;
}

function MachineForm({
  machine,
  onClose,
  onSaved,
}: {
  machine?: TMachineDetail | undefined;
  onClose: () => void;
  onSaved: (saved: TMachineDetail) => void;
}) {
  const client = useQueryClient();
  const form = useContractForm<TValues, TMachineInput>({
    schema: ZMachineInputSchema,
    initialValues: {
      name: machine?.name ?? '',
      assetTag: machine?.assetTag ?? '',
      locationId: machine?.location?.id ?? null,
      locationCode: machine?.location?.code ?? null,
      make: machine?.make ?? '',
      model: machine?.model ?? '',
      serial: machine?.serial ?? '',
      commissionedOn: machine?.commissionedOn ?? '',
    },
    toBody: (v) => ({
      name: v.name,
      assetTag: v.assetTag,
      locationId: v.locationId,
      make: v.make,
      model: v.model,
      serial: v.serial,
      commissionedOn: v.commissionedOn || null,
    }),
    paths: { locationId: 'locationId' },
  });
  const save = useMutation({
    mutationFn: (body: TMachineInput) => (machine ? updateMachine(machine.id, body) : createMachine(body)),
    onSuccess: async (saved) => {
      client.setQueryData(machineKeys.one(saved.id), saved);
      await client.invalidateQueries({ queryKey: machineKeys.all });
      onSaved(saved);
    },
    onError: form.showFailure,
  });
  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutate(body))}
      noValidate
      aria-label={machine ? 'Edit machine' : 'Add machine'}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
          <TextInput
            label="Asset tag"
            description="Unique in your company"
            required
            {...form.getInputProps('assetTag')}
          />
        </SimpleGrid>
        <LocationSelect
          label="Location"
          description="Where it stands (optional)"
          value={form.values.locationId}
          selectedLabel={form.values.locationCode}
          onChange={(id, code) => {
            form.setFieldValue('locationId', id);
            form.setFieldValue('locationCode', code);
          }}
          error={form.errorOf('locationId')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Make" {...form.getInputProps('make')} />
          <TextInput label="Model" {...form.getInputProps('model')} />
          <TextInput label="Serial number" {...form.getInputProps('serial')} />
        </SimpleGrid>
        <DateField
          label="Commissioning date"
          clearable
          value={form.values.commissionedOn}
          onChange={(v) => form.setFieldValue('commissionedOn', v)}
          error={form.errorOf('commissionedOn')}
        />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel={machine ? 'Save machine' : 'Add machine'}
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
