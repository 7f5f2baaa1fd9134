// The two things done to a machine besides editing it: Change status (running, down, in maintenance, with why; kept
// in its history) and Record meter reading (hours, never below the latest). Both use the contract the server checks,
// and the server's refusals (the same status again, a reading below the latest) land on their fields.
import { Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MACHINE_STATUSES,
  type TMachineDetail,
  type TMachineStatus,
  type TMachineStatusChange,
  type TMeterReadingInput,
  ZMachineStatusChangeSchema,
  ZMeterReadingInputSchema,
} from '#common/schemas/machines.ts';
import { statusStyle } from '#common/statuses.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { changeMachineStatus, machineKeys, recordMeterReading } from './api.ts';
import { formatHours } from './meter-format.ts';

/** After a change: the machine's page shows what the server answered, and the list is read again. */
function useSaved(onClose: () => void) {
  const client = useQueryClient();
  return async (saved: TMachineDetail) => {
    client.setQueryData(machineKeys.one(saved.id), saved);
    await client.invalidateQueries({ queryKey: machineKeys.all });
    onClose();
  };
}

export function StatusDialog({
  opened,
  machine,
  onClose,
}: {
  opened: boolean;
  machine: TMachineDetail;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Change the status of ${machine.name}`}>
      {opened ? <StatusForm machine={machine} onClose={onClose} /> : null}
    </Modal>
  );
}

interface TStatusValues extends Record<string, unknown> {
  status: TMachineStatus;
  reason: string;
}

function StatusForm({ machine, onClose }: { machine: TMachineDetail; onClose: () => void }) {
  const saved = useSaved(onClose);
  // The first status it is not in: choosing its own status again would change nothing.
  const next = MACHINE_STATUSES.find((s) => s !== machine.status) ?? 'running';
  const form = useContractForm<TStatusValues, TMachineStatusChange>({
    schema: ZMachineStatusChangeSchema,
    initialValues: { status: next, reason: '' },
  });
  const save = useMutation({
    mutationFn: (body: TMachineStatusChange) => changeMachineStatus(machine.id, body),
    onSuccess: saved,
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="Change status">
      <Stack>
        <Text size="sm" c="dimmed">
          Now {statusStyle('machine', machine.status).label.toLowerCase()}. The change is kept in its status
          history with your name and the reason.
        </Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="machine-new-status">
            New status
          </Text>
          <SegmentedControl
            aria-labelledby="machine-new-status"
            fullWidth
            data={MACHINE_STATUSES.map((s) => ({
              value: s,
              label: statusStyle('machine', s).label,
              disabled: s === machine.status,
            }))}
            value={form.values.status}
            onChange={(v) => form.setFieldValue('status', v as TMachineStatus)}
          />
          {form.errorOf('status') ? (
            <Text size="sm" c="red" role="alert">
              {form.errorOf('status')}
            </Text>
          ) : null}
        </Stack>
        <Textarea
          label="Reason"
          description="Optional"
          autosize
          minRows={2}
          {...form.getInputProps('reason')}
        />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel="Change status"
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}

export function MeterReadingDialog({
  opened,
  machine,
  onClose,
}: {
  opened: boolean;
  machine: TMachineDetail;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Meter reading of ${machine.name}`}>
      {opened ? <MeterForm machine={machine} onClose={onClose} /> : null}
    </Modal>
  );
}

function MeterForm({ machine, onClose }: { machine: TMachineDetail; onClose: () => void }) {
  const saved = useSaved(onClose);
  const form = useContractForm<{ reading: string }, TMeterReadingInput>({
    schema: ZMeterReadingInputSchema,
    initialValues: { reading: '' },
  });
  const save = useMutation({
    mutationFn: (body: TMeterReadingInput) => recordMeterReading(machine.id, body),
    onSuccess: saved,
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="Record meter reading">
      <Stack>
        <TextInput
          label="Reading (hours)"
          description={`The meter now reads ${formatHours(machine.meterReading)}; a reading is never below it.`}
          inputMode="decimal"
          required
          data-autofocus
          {...form.getInputProps('reading')}
        />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel="Record reading"
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
