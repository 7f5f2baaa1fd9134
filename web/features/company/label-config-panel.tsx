// The Config tab: label size, lot numbers, borrowing, reduced inspection and the five areas. Saving updates every
// open tab of the app at once (SPEC.md's labelConfigUpdated event, carried to other tabs by a BroadcastChannel).
import {
  Box,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LABEL_SIZE_BOUNDS,
  type TLabelConfig,
  type TLabelConfigPatch,
  ZLabelConfigSchema,
} from '#common/label-config.ts';
import { LoadError } from '../../components/load-error.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { FORM_ERROR } from '../../lib/form-errors.ts';
import { announceLabelConfig } from '../../lib/label-config-events.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { fetchLabelConfig, saveLabelConfig } from './api.ts';

type TFlagKey = Extract<keyof TLabelConfig, `enable${string}`>;

const AREAS: { key: TFlagKey; label: string; description: string }[] = [
  { key: 'enableBuildFeature', label: 'Build', description: 'Work orders, assembly and production reports.' },
  {
    key: 'enableQualityFeature',
    label: 'Quality',
    description: 'QC instructions, checks and the quality dashboard.',
  },
  {
    key: 'enableInventoryFeature',
    label: 'Inventory',
    description: 'Items, stock, labels, scanning and counts.',
  },
  { key: 'enableTimeFeature', label: 'Time', description: 'Time tracking, jobs and job cost.' },
  {
    key: 'enableMaintenanceFeature',
    label: 'Maintenance',
    description: 'Machines, planned and unscheduled maintenance.',
  },
];

/** The fields of `draft` that differ from `saved`. */
function changesOf(saved: TLabelConfig, draft: TLabelConfig): TLabelConfigPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(saved) as (keyof TLabelConfig)[]) {
    if (saved[key] !== draft[key]) patch[key] = draft[key];
  }
  return patch as TLabelConfigPatch;
}

/** The label drawn at true proportions, so an admin sees the shape before printing. */
function LabelPreview({ width, height }: { width: number; height: number }) {
  const valid = width > 0 && height > 0;
  const scale = valid ? Math.min(240 / width, 120 / height) : 0;
  return (
    <Box aria-label={`Label preview, ${width} by ${height} inches`} role="img">
      {valid ? (
        <Box
          style={{
            width: width * scale,
            height: height * scale,
            border: '2px dashed var(--mantine-color-gray-6)',
            borderRadius: 4,
            display: 'grid',
            placeItems: 'center',
          }}
        >
          <Text size="xs" c="dimmed">
            {width}″ × {height}″
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}

export function LabelConfigPanel() {
  const config = useQuery({
    queryKey: queryKeys.labelConfig,
    queryFn: ({ signal }) => fetchLabelConfig(signal),
  });
  if (config.isError) {
    return (
      <LoadError
        title="The configuration could not be loaded"
        error={config.error}
        onRetry={() => void config.refetch()}
      />
    );
  }
  if (!config.data) return <Loader aria-label="Loading the configuration" />;
  return <ConfigForm saved={config.data} />;
}

/** The form, from the first answer only: a background refetch must not wipe what the admin is typing. */
function ConfigForm({ saved }: { saved: TLabelConfig }) {
  const queryClient = useQueryClient();
  // The whole configuration is checked; only what changed is sent.
  const form = useContractForm({ schema: ZLabelConfigSchema, initialValues: saved });
  const draft = form.values;

  const save = useMutation({
    mutationFn: saveLabelConfig,
    onSuccess: (answer, patch) => {
      queryClient.setQueryData(queryKeys.labelConfig, answer);
      form.setValues(answer);
      // This tab and every other open tab recompute their navigation without a reload.
      announceLabelConfig(patch);
      toast('success', {
        title: 'Configuration saved',
        message: 'Every open tab of Forgeboard now uses it.',
      });
    },
    onError: (failure) => {
      // Field errors go under their fields; a refusal of the whole is said in a toast, as this page has no alert.
      const { [FORM_ERROR]: message } = form.showFailure(failure);
      if (message) toast('error', { title: 'Configuration not saved', message });
    },
  });

  const changed = Object.keys(changesOf(saved, draft)).length > 0;
  // An emptied size is NaN, which the contract calls required (its bounds otherwise), not a silent 0.
  const inches = (key: 'width' | 'height') => (value: string | number) =>
    form.setFieldValue(key, typeof value === 'number' ? value : Number.NaN);

  return (
    <form
      onSubmit={form.onSubmit((values) => save.mutate(changesOf(saved, values)))}
      noValidate
      aria-label="Company configuration"
    >
      <Stack maw={860}>
        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Labels
          </Title>
          <Group align="flex-start" gap="xl" wrap="wrap">
            <SimpleGrid cols={2} spacing="sm">
              <NumberInput
                label="Width (inches)"
                required
                min={LABEL_SIZE_BOUNDS.min}
                max={LABEL_SIZE_BOUNDS.max}
                step={0.25}
                decimalScale={3}
                clampBehavior="none"
                value={draft.width}
                onChange={inches('width')}
                error={form.errorOf('width')}
              />
              <NumberInput
                label="Height (inches)"
                required
                min={LABEL_SIZE_BOUNDS.min}
                max={LABEL_SIZE_BOUNDS.max}
                step={0.25}
                decimalScale={3}
                clampBehavior="none"
                value={draft.height}
                onChange={inches('height')}
                error={form.errorOf('height')}
              />
            </SimpleGrid>
            <LabelPreview width={draft.width} height={draft.height} />
          </Group>
          <Text size="sm" c="dimmed" mt="xs">
            The default size of new label formats. Thermal rolls are often 4 × 1 or 2 × 1 inches.
          </Text>
        </Card>
        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Inventory rules
          </Title>
          <Stack gap="sm">
            <Switch
              label="Use lot numbers"
              description="Lot-tracked items get a lot at receipt; labels and scans carry it."
              {...form.getInputProps('useLotNumbers', { type: 'checkbox' })}
            />
            <Switch
              label="Allow borrowing"
              description="Items can be checked out to a person or a job and returned."
              {...form.getInputProps('allowBorrowing', { type: 'checkbox' })}
            />
          </Stack>
        </Card>
        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Quality rules
          </Title>
          <Switch
            label="Allow reduced inspection"
            description="MIL-STD-105E lets the responsible authority approve reduced inspection after a run of accepted lots (ten in a row under normal inspection). Off: acceptance sampling stays normal or tightened."
            {...form.getInputProps('allowReducedInspection', { type: 'checkbox' })}
          />
        </Card>
        <Card withBorder>
          <Title order={2} fz="lg" mb="sm">
            Areas
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            A switched-off area disappears from everyone's navigation; its data is kept.
          </Text>
          <Stack gap="sm">
            {AREAS.map((area) => (
              <Switch
                key={area.key}
                label={area.label}
                description={area.description}
                {...form.getInputProps(area.key, { type: 'checkbox' })}
              />
            ))}
          </Stack>
        </Card>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Save configuration
          </Button>
          <Button
            variant="default"
            disabled={!changed || save.isPending}
            onClick={() => form.setValues(saved)}
          >
            Discard changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
