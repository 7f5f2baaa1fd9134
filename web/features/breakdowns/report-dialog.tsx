// "Report breakdown": the machine (searched; preset when the screen is opened from a machine's label), what is wrong,
// how urgent, and a photo taken on the phone (uploaded first, as a picture, then named by the report). Checked with
// the contract the server checks; on success the breakdown's page opens and a toast says the machine is down.
import {
  Button,
  type ComboboxItem,
  FileButton,
  Group,
  Image,
  Modal,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BREAKDOWN_PRIORITIES,
  type TBreakdownDetail,
  type TBreakdownPriority,
  type TBreakdownReport,
  ZBreakdownReportSchema,
} from '#common/schemas/breakdowns.ts';
import { IMAGE_TYPES, type TFile } from '#common/schemas/files.ts';
import type { TMachineDetail } from '#common/schemas/machines.ts';
import { alertAudienceText } from '#common/schemas/maintenance-email.ts';
import { statusStyle } from '#common/statuses.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { MachineSelect, machineOption } from '../../components/machine-select.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { uploadFile } from '../../lib/file-upload.ts';
import { toast } from '../../lib/toast.ts';
import { breakdownKeys, reportBreakdown } from './api.ts';
import { breakdownLabel } from './breakdown-format.ts';

/** Reports a breakdown; `machineId` presets the machine (a scanned label's link). */
export function ReportDialog({
  opened,
  machineId,
  onClose,
  onReported,
}: {
  opened: boolean;
  machineId: string | null;
  onClose: () => void;
  onReported: (made: TBreakdownDetail) => void;
}) {
  const preset = useQuery({
    queryKey: ['machines', 'one', machineId ?? ''],
    queryFn: ({ signal }) =>
      api<TMachineDetail>(`/api/v1/machines/${encodeURIComponent(machineId ?? '')}`, { signal }),
    enabled: opened && machineId !== null,
  });
  const ready = machineId === null || !preset.isPending;
  return (
    <Modal opened={opened} onClose={onClose} title="Report breakdown" size="lg">
      {opened && ready ? (
        <ReportForm
          machine={preset.data ? machineOption(preset.data) : null}
          onClose={onClose}
          onReported={onReported}
        />
      ) : null}
    </Modal>
  );
}

interface TValues extends Record<string, unknown> {
  machine: ComboboxItem | null;
  problem: string;
  priority: TBreakdownPriority;
  photo: TFile | null;
}

function ReportForm({
  machine,
  onClose,
  onReported,
}: {
  machine: ComboboxItem | null;
  onClose: () => void;
  onReported: (made: TBreakdownDetail) => void;
}) {
  const client = useQueryClient();
  const [sending, setSending] = useState<number | null>(null);
  const form = useContractForm<TValues, TBreakdownReport>({
    schema: ZBreakdownReportSchema,
    initialValues: { machine, problem: '', priority: 'medium', photo: null },
    toBody: (v) => ({
      machineId: v.machine?.value ?? '',
      problem: v.problem,
      priority: v.priority,
      photoFileId: v.photo?.id ?? null,
    }),
    paths: { machineId: 'machine', photoFileId: 'photo' },
    rules: (v) => ({ machine: !v.machine && 'Choose the machine that broke down' }),
  });
  const save = useMutation({
    mutationFn: reportBreakdown,
    onSuccess: async (made) => {
      client.setQueryData(breakdownKeys.one(made.id), made);
      await client.invalidateQueries({ queryKey: breakdownKeys.all });
      await client.invalidateQueries({ queryKey: ['machines'] });
      // Who the alert e-mailed, or that nobody was told (decision 067).
      toast('success', {
        title: `${breakdownLabel(made.number)} reported`,
        message: `${made.machine.name} is marked down. ${alertAudienceText(made.alert)}`,
      });
      onReported(made);
    },
    onError: form.showFailure,
  });
  const sendPhoto = async (file: File | null) => {
    if (!file) return;
    form.clearFieldError('photo');
    setSending(0);
    try {
      const stored = await uploadFile(file, setSending, '/api/v1/breakdowns/photos');
      form.setFieldValue('photo', stored);
    } catch (error) {
      form.setFieldError(
        'photo',
        error instanceof ApiError ? error.message : 'The upload failed. Try again.',
      );
    } finally {
      setSending(null);
    }
  };
  const photo = form.values.photo;
  return (
    <form onSubmit={form.onSubmit((body) => save.mutate(body))} noValidate aria-label="Report breakdown">
      <Stack>
        <MachineSelect
          withStatus
          autoFocus
          value={form.values.machine}
          onChange={(m) => form.setFieldValue('machine', m)}
          error={form.errorOf('machine')}
        />
        <Textarea
          label="Problem"
          description="What happened, what you see or hear"
          required
          autosize
          minRows={3}
          {...form.getInputProps('problem')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="breakdown-priority">
            Priority
          </Text>
          <SegmentedControl
            aria-labelledby="breakdown-priority"
            fullWidth
            data={BREAKDOWN_PRIORITIES.map((p) => ({
              value: p,
              label: statusStyle('breakdownPriority', p).label,
            }))}
            value={form.values.priority}
            onChange={(v) => form.setFieldValue('priority', v as TBreakdownPriority)}
          />
        </Stack>
        <Stack gap={6}>
          <Group gap="sm" wrap="wrap">
            <FileButton onChange={sendPhoto} accept={IMAGE_TYPES.join(',')} capture="environment">
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconCamera size={16} />}
                  disabled={sending !== null}
                >
                  {photo ? 'Replace photo' : 'Add photo'}
                </Button>
              )}
            </FileButton>
            {photo ? (
              <Button variant="subtle" onClick={() => form.setFieldValue('photo', null)}>
                Remove photo
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                Optional: a picture of the fault (10 MB at most)
              </Text>
            )}
          </Group>
          {sending !== null ? (
            <Progress value={Math.round(sending * 100)} aria-label="Uploading the photo" animated />
          ) : null}
          {photo ? (
            <Image
              src={photo.url}
              alt={`Photo: ${photo.name}`}
              mah={180}
              w="auto"
              fit="contain"
              radius="sm"
            />
          ) : null}
          {form.errorOf('photo') ? (
            <Text size="sm" c="red" role="alert">
              {form.errorOf('photo')}
            </Text>
          ) : null}
        </Stack>
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel="Report breakdown"
          pending={save.isPending}
        />
      </Stack>
    </form>
  );
}
