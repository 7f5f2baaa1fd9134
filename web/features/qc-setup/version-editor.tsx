// A draft version's editor (admins), on the form kit with the route's contract: how many units are inspected (every
// unit, a fixed count, or the standard's AQL table — receipt and final only) and its checks in order, added, moved
// up and down and removed, saved whole. Release asks first, saying it freezes the version.
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AQLS, INSPECTION_LEVELS } from '#common/quality/sampling-tables.ts';
import {
  type TSamplingRule,
  type TVersion,
  type TVersionSave,
  ZVersionSaveSchema,
} from '#common/schemas/inspection-plans.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { AddRowButton } from '../../components/form-rows.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { useContractForm } from '../../lib/contract-form.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { qcKeys, releaseVersion, saveVersion } from './api.ts';
import { CheckFields } from './check-fields.tsx';
import {
  bodyOf,
  newCheck,
  pathsOf,
  type TCheckValues,
  type TVersionValues,
  valuesOf,
} from './version-values.ts';

const SAMPLING_OPTIONS: { value: TSamplingRule; label: string }[] = [
  { value: 'all', label: 'Every unit' },
  { value: 'fixed', label: 'A fixed number of units' },
  { value: 'aql', label: 'AQL (MIL-STD-105E / ISO 2859-1)' },
];

export function VersionEditor({
  version,
  onShow,
}: {
  version: TVersion;
  onShow: (versionId: string) => void;
}) {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const form = useContractForm<TVersionValues, TVersionSave>({
    schema: ZVersionSaveSchema,
    initialValues: valuesOf(version),
    toBody: bodyOf,
    paths: pathsOf,
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: queryKeys.audit });
    return client.invalidateQueries({ queryKey: qcKeys.all });
  };
  const save = useMutation({
    mutationFn: (body: TVersionSave) => saveVersion(version.id, body),
    onSuccess: async (saved) => {
      const values = valuesOf(saved);
      form.setValues(values);
      form.resetDirty(values);
      toast('success', {
        title: `Draft version ${saved.number} saved`,
        message: `${saved.checks.length} check${saved.checks.length === 1 ? '' : 's'}`,
      });
      await refresh();
    },
    onError: form.showFailure,
  });
  const release = useMutation({
    mutationFn: () => releaseVersion(version.id),
    onSuccess: async (released) => {
      setConfirming(false);
      toast('success', {
        title: `Version ${released.number} released`,
        message: `New inspections of ${released.plan.item.partNumber} use it.`,
      });
      await refresh();
      onShow(released.id);
    },
  });
  const stepPlan = version.plan.stage === 'step';
  const checks = form.values.checks;
  const setCheck =
    (i: number) =>
    <K extends keyof TCheckValues>(name: K, value: TCheckValues[K]) =>
      form.setFieldValue(`checks.${i}.${String(name)}`, value as never);

  return (
    <form
      onSubmit={form.onSubmit((body) => save.mutate(body))}
      noValidate
      aria-label={`Edit version ${version.number}`}
    >
      <Stack>
        <Title order={3} fz="lg">
          Sampling
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Units inspected"
            allowDeselect={false}
            data={stepPlan ? SAMPLING_OPTIONS.filter((o) => o.value !== 'aql') : SAMPLING_OPTIONS}
            {...form.getInputProps('sampling')}
          />
          {form.values.sampling === 'fixed' ? (
            <NumberInput
              label="Sample size"
              description="Capped at the lot"
              min={1}
              allowDecimal={false}
              {...form.getInputProps('sampleCount')}
            />
          ) : null}
          {form.values.sampling === 'aql' ? (
            <>
              <Select
                label="Inspection level"
                allowDeselect={false}
                data={[...INSPECTION_LEVELS]}
                {...form.getInputProps('inspectionLevel')}
              />
              <Select label="AQL" allowDeselect={false} data={[...AQLS]} {...form.getInputProps('aql')} />
            </>
          ) : null}
        </SimpleGrid>
        {form.values.sampling === 'aql' ? (
          <Text size="sm" c="dimmed">
            The sample size and the accept and reject numbers come from the standard’s tables for each lot’s
            size, with its switching rules (normal, tightened, reduced) per supplier.
          </Text>
        ) : null}

        <Title order={3} fz="lg">
          Checks
        </Title>
        {checks.length === 0 ? <Text c="dimmed">No checks yet: add the first with “Add check”.</Text> : null}
        {checks.map((check, i) => (
          <Paper
            key={form.key(`checks.${i}`)}
            withBorder
            p="sm"
            component="fieldset"
            aria-label={`Check ${i + 1}`}
          >
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <CheckFields
                n={i + 1}
                check={check}
                field={(name, type) =>
                  form.getInputProps(`checks.${i}.${String(name)}`, type ? { type } : undefined)
                }
                set={setCheck(i)}
                error={(name) => form.errorOf(`checks.${i}.${String(name)}`)}
              />
              <Stack gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move check ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => form.reorderListItem('checks', { from: i, to: i - 1 })}
                >
                  <IconArrowUp size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move check ${i + 1} down`}
                  disabled={i === checks.length - 1}
                  onClick={() => form.reorderListItem('checks', { from: i, to: i + 1 })}
                >
                  <IconArrowDown size={18} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove check ${i + 1}`}
                  onClick={() => form.removeListItem('checks', i)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Stack>
            </Group>
          </Paper>
        ))}
        <AddRowButton onClick={() => form.insertListItem('checks', newCheck())}>Add check</AddRowButton>

        {form.formError ? <ErrorAlert>{form.formError}</ErrorAlert> : null}
        <Group justify="flex-end" wrap="wrap">
          <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
            Undo changes
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save draft
          </Button>
          <Button
            color="green"
            disabled={form.isDirty() || version.checks.length === 0}
            onClick={() => setConfirming(true)}
          >
            Release version {version.number}…
          </Button>
        </Group>
        {form.isDirty() ? (
          <Text size="sm" c="dimmed" ta="right">
            Save the draft before releasing it.
          </Text>
        ) : version.checks.length === 0 ? (
          <Text size="sm" c="dimmed" ta="right">
            Add and save at least one check to release.
          </Text>
        ) : null}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Release version ${version.number} of ${version.plan.name}?`}
      >
        <Stack>
          <Text size="sm">
            A released version is frozen: its sampling and checks can no longer be changed. New inspections of{' '}
            {version.plan.item.partNumber} use it; inspections already made keep the version they used. To
            change it later, Edit makes a new draft from it.
          </Text>
          {release.error ? <ErrorAlert>{messageOf(release.error)}</ErrorAlert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Keep it a draft
            </Button>
            <Button color="green" loading={release.isPending} onClick={() => release.mutate()}>
              Release version {version.number}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
