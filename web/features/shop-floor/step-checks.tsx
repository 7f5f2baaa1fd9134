// A step's inspections in place (decision 076): each plan the recipe inspects the step with — its name, required or
// not, where it stands for this work order (not started, open, passed or failed, with the inspection's number) — and
// "Inspect", which opens QC Instructions on this work order, step and plan. A required plan not passed holds the
// step's finish and the completion; the list says so before the operator taps Finish.
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { TFloorStepCheck } from '#common/schemas/floor-checks.ts';
import type { TFloor } from '#common/schemas/shop-floor.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { configOf, useSession } from '../../lib/session.ts';

type TStep = TFloor['steps'][number];

/** QC Instructions on this work order's step and plan (it starts the inspection, or opens the one under way). */
export const inspectHref = (workOrderId: string, stepId: string, planId: string) =>
  `/quality/qc-display?${new URLSearchParams({ workOrder: workOrderId, step: stepId, plan: planId })}`;

/** QC Instructions on one inspection, to read what it found. */
export const inspectionHref = (inspectionId: string) =>
  `/quality/qc-display?${new URLSearchParams({ inspection: inspectionId })}`;

/** What the plan needs, under its name. */
function noteOf(c: TFloorStepCheck): string {
  if (!c.active) return 'Switched off by Quality: no longer inspected';
  if (!c.released)
    return `${c.required ? 'Required' : 'Optional'} · no released version yet: Quality releases one first`;
  return c.required ? 'Required before the step is finished' : 'Optional';
}

function Check({ floor, step, check }: { floor: TFloor; step: TStep; check: TFloorStepCheck }) {
  const { data: session } = useSession();
  const qualityOn = configOf(session).enableQualityFeature;
  const live = floor.status !== 'completed' && floor.status !== 'cancelled' && floor.status !== 'planned';
  const inspectable = qualityOn && live && check.active && check.released && check.state !== 'passed';
  return (
    <Group component="li" justify="space-between" align="center" gap="xs" wrap="wrap" aria-label={check.name}>
      <div style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {check.name}
        </Text>
        <Text size="sm" c="dimmed">
          {noteOf(check)}
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap">
        <StatusBadge of="stepCheck" status={check.state} />
        {check.inspection ? (
          qualityOn ? (
            <Anchor component={Link} to={inspectionHref(check.inspection.id)} size="sm">
              {check.inspection.numberText}
            </Anchor>
          ) : (
            <Text size="sm">{check.inspection.numberText}</Text>
          )
        ) : null}
        {inspectable ? (
          <Button
            component={Link}
            to={inspectHref(floor.id, step.id, check.planId)}
            size="md"
            variant={check.blocking ? 'filled' : 'light'}
            aria-label={`Inspect: ${check.name}`}
          >
            Inspect
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}

export function StepChecks({ floor, step }: { floor: TFloor; step: TStep }) {
  return step.checks.length === 0 ? null : <ChecksList floor={floor} step={step} />;
}

function ChecksList({ floor, step }: { floor: TFloor; step: TStep }) {
  const { data: session } = useSession();
  const waiting = step.checks.filter((c) => c.blocking);
  const qualityOn = configOf(session).enableQualityFeature;
  return (
    <Stack gap="xs" component="section" aria-label="Inspections">
      <Title order={3} fz="md">
        Inspections
      </Title>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {step.checks.map((c) => (
          <Check key={c.planId} floor={floor} step={step} check={c} />
        ))}
      </Stack>
      {waiting.length > 0 && step.run?.status !== 'finished' ? (
        <Text size="sm">
          Finishing this step waits for {waiting.map((c) => `“${c.name}”`).join(', ')} to pass.
          {qualityOn ? '' : ' Quality is switched off for your company: an admin switches it on to inspect.'}
        </Text>
      ) : null}
    </Stack>
  );
}
