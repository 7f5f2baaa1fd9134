// "Inspection" of a recipe's step (decision 071): the step plans of the assembly's item it is inspected with, each
// required (the floor cannot finish the step until it passes) or not. On a draft, admins add, remove and mark them,
// each change saved at once; a released revision shows them read only. Shown while the Quality area is on.
import { ActionIcon, Anchor, Badge, Checkbox, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TStepCheck } from '#common/schemas/step-checks.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { configOf, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { getStepChecks, listStepPlans, saveStepChecks, stepCheckKeys } from './step-checks-api.ts';

const QC_SETUP = '/quality/item-instructions';

function useStepChecks(revisionId: string, stepId: string | undefined) {
  const qualityOn = configOf(useSession().data).enableQualityFeature;
  const links = useQuery({
    queryKey: stepCheckKeys.revision(revisionId),
    queryFn: ({ signal }) => getStepChecks(revisionId, signal),
    enabled: qualityOn,
  });
  const checks = links.data?.steps.find((s) => s.stepId === stepId)?.checks ?? [];
  return { qualityOn, links, checks };
}

const inForce = (c: TStepCheck) =>
  c.releasedNumber === null ? (
    <Badge variant="light" color="orange" c="var(--mantine-color-text)">
      Not released yet
    </Badge>
  ) : (
    <Text span size="xs" c="dimmed">
      version {c.releasedNumber} in force
    </Text>
  );

/** Read only: "Inspection: Torque (required) · Leak test". */
export function StepChecksLine({ revisionId, stepId }: { revisionId: string; stepId: string }) {
  const { qualityOn, checks } = useStepChecks(revisionId, stepId);
  if (!qualityOn || checks.length === 0) return null;
  return (
    <Text size="sm">
      Inspection: {checks.map((c) => `${c.name}${c.required ? ' (required)' : ''}`).join(' · ')}
    </Text>
  );
}

export function StepChecksEditor({
  revisionId,
  stepId,
  step,
  itemId,
}: {
  revisionId: string;
  /** Undefined until the new step is saved with the draft. */
  stepId: string | undefined;
  step: number;
  itemId: string;
}) {
  const client = useQueryClient();
  const { qualityOn, links, checks } = useStepChecks(revisionId, stepId);
  const plans = useQuery({
    queryKey: stepCheckKeys.plans(itemId),
    queryFn: ({ signal }) => listStepPlans(itemId, signal),
    enabled: qualityOn && stepId !== undefined,
  });
  const save = useMutation({
    mutationFn: (next: { planId: string; required: boolean }[]) =>
      saveStepChecks(stepId as string, { checks: next }),
    onSuccess: (answer) => {
      client.setQueryData(stepCheckKeys.revision(revisionId), answer);
      void client.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', {
        title: `Step ${step} inspection saved`,
        message: 'The draft keeps it; release the revision to use it on the floor.',
      });
    },
  });
  if (!qualityOn) return null;
  const current = checks.map((c) => ({ planId: c.planId, required: c.required }));
  const offered = (plans.data?.items ?? []).filter((p) => !checks.some((c) => c.planId === p.id));
  return (
    <Stack gap={4} mt="xs">
      <Text size="sm" fw={500}>
        Inspection
      </Text>
      {stepId === undefined ? (
        <Text size="sm" c="dimmed">
          Save the draft to link inspection plans to this step.
        </Text>
      ) : (
        <>
          {checks.map((c, j) => (
            <Paper key={c.planId} withBorder p="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {c.name}
                  </Text>
                  {inForce(c)}
                </Group>
                <Group gap="sm" wrap="nowrap">
                  <Checkbox
                    label="Required"
                    aria-label={`${c.name} required at step ${step}`}
                    checked={c.required}
                    disabled={save.isPending}
                    onChange={(e) =>
                      save.mutate(
                        current.map((x, k) => (k === j ? { ...x, required: e.currentTarget.checked } : x)),
                      )
                    }
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${c.name} from step ${step}`}
                    disabled={save.isPending}
                    onClick={() => save.mutate(current.filter((_, k) => k !== j))}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
          {links.error ? <ErrorAlert>{messageOf(links.error)}</ErrorAlert> : null}
          {save.error ? <ErrorAlert>{messageOf(save.error)}</ErrorAlert> : null}
          {plans.data && plans.data.total === 0 ? (
            <Text size="sm" c="dimmed">
              No step plans for this item yet: add one in{' '}
              <Anchor component={Link} to={QC_SETUP} underline="always">
                QC Setup
              </Anchor>
              .
            </Text>
          ) : offered.length > 0 ? (
            <Select
              label={`Add an inspection plan to step ${step}`}
              placeholder="Choose a step plan"
              data={offered.map((p) => ({ value: p.id, label: p.name }))}
              value={null}
              disabled={save.isPending}
              onChange={(planId) => {
                if (planId) save.mutate([...current, { planId, required: true }]);
              }}
              w={{ base: '100%', sm: 360 }}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
