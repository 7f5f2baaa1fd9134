// "Resolve": the cause, what was done, the repair time (prefilled with the minutes since work started, or since the
// report) and the parts used, issued from stock when saved; and the machine's status after (running unless it
// waits). One request: the server resolves, issues and moves the machine in one transaction, and its refusals (not
// enough stock of a part, a lot needed) land on the row they concern.
import { Modal, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  REPAIR_MINUTES_MAX,
  type TBreakdownDetail,
  type TBreakdownResolve,
  ZBreakdownResolveSchema,
} from '#common/schemas/breakdowns.ts';
import { MACHINE_STATUSES, type TMachineStatus } from '#common/schemas/machines.ts';
import { statusStyle } from '#common/statuses.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import {
  PartsUsedRows,
  partsBodyOf,
  partsPathsOf,
  partsRulesOf,
  type TPartRow,
} from '../../components/maintenance/parts-used-rows.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { clockStoppedBy } from '../../lib/running-clock.ts';
import { toast } from '../../lib/toast.ts';
import { breakdownKeys, resolveBreakdown } from './api.ts';
import { breakdownLabel, formatMinutes } from './breakdown-format.ts';

export function ResolveDialog({
  opened,
  breakdown,
  now,
  onClose,
}: {
  opened: boolean;
  breakdown: TBreakdownDetail;
  /** When the dialog opened (ms), to prefill the repair time. */
  now: number;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Resolve ${breakdownLabel(breakdown.number)}`} size="xl">
      {opened ? <ResolveForm breakdown={breakdown} now={now} onClose={onClose} /> : null}
    </Modal>
  );
}

interface TValues extends Record<string, unknown> {
  cause: string;
  action: string;
  repairMinutes: number | string;
  parts: TPartRow[];
  machineStatus: TMachineStatus;
}

/**
 * Whole minutes from work started (or the report) to `now`, within what the contract takes: the browser's clock is
 * not the server's, so a clock behind gives 0 and one far ahead the most a repair may be, for the technician to say.
 */
function minutesSince(breakdown: TBreakdownDetail, now: number): number {
  const from = Date.parse(breakdown.startedAt ?? breakdown.reportedAt);
  return Math.min(REPAIR_MINUTES_MAX, Math.max(0, Math.round((now - from) / 60_000)));
}

function ResolveForm({
  breakdown,
  now,
  onClose,
}: {
  breakdown: TBreakdownDetail;
  now: number;
  onClose: () => void;
}) {
  const client = useQueryClient();
  const form = useContractForm<TValues, TBreakdownResolve>({
    schema: ZBreakdownResolveSchema,
    initialValues: {
      cause: '',
      action: '',
      repairMinutes: minutesSince(breakdown, now),
      parts: [],
      machineStatus: 'running',
    },
    toBody: (v) => ({
      cause: v.cause,
      action: v.action,
      repairMinutes: typeof v.repairMinutes === 'number' ? v.repairMinutes : Number.NaN,
      parts: partsBodyOf(v.parts),
      machineStatus: v.machineStatus,
    }),
    paths: (v) => partsPathsOf(v.parts),
    rules: (v) => partsRulesOf(v.parts),
    // "Not enough stock: BELT-A at S / BIN has 1, and 2 is needed." says more than the row's "Only 1 available".
    wholeMessage: (failure) => failure.status === 409,
  });
  const save = useMutation({
    mutationFn: (body: TBreakdownResolve) => resolveBreakdown(breakdown.id, body),
    onSuccess: async (saved) => {
      client.setQueryData(breakdownKeys.one(saved.id), saved);
      const clockNote = await clockStoppedBy(client, { breakdownId: saved.id });
      await client.invalidateQueries({ queryKey: breakdownKeys.all });
      await client.invalidateQueries({ queryKey: ['machines'] });
      await client.invalidateQueries({ queryKey: ['maintenance-parts'] });
      const parts = saved.parts.length;
      toast('success', {
        title: `${breakdownLabel(saved.number)} resolved`,
        message: `${saved.machine.name} is ${statusStyle('machine', saved.machine.status).label.toLowerCase()}; downtime ${formatMinutes(saved.downtimeMinutes ?? 0)}${parts ? `; ${parts} part${parts === 1 ? '' : 's'} issued from stock` : ''}.${clockNote}`,
      });
      onClose();
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="Resolve breakdown">
      <Stack>
        <Text size="sm" c="dimmed">
          {breakdown.machine.name}: {breakdown.problem}
        </Text>
        <Textarea
          label="Cause"
          description="What made it fail"
          required
          autosize
          minRows={2}
          data-autofocus
          {...form.getInputProps('cause')}
        />
        <Textarea
          label="Action taken"
          description="What you did to fix it"
          required
          autosize
          minRows={2}
          {...form.getInputProps('action')}
        />
        <NumberInput
          label="Repair time (minutes)"
          description="Time spent working on it: part of the time the machine has been down, never more"
          required
          min={0}
          allowDecimal={false}
          allowNegative={false}
          w={220}
          {...form.getInputProps('repairMinutes')}
        />
        <PartsUsedRows form={form} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="resolve-machine-status">
            Machine status after
          </Text>
          <SegmentedControl
            aria-labelledby="resolve-machine-status"
            fullWidth
            data={MACHINE_STATUSES.map((s) => ({ value: s, label: statusStyle('machine', s).label }))}
            value={form.values.machineStatus}
            onChange={(v) => form.setFieldValue('machineStatus', v as TMachineStatus)}
          />
        </Stack>
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel="Resolve"
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
