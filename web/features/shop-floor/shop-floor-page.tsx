// The shop-floor view of a work order (decisions 049 and 064), phone first: one step at a time — its instructions
// (Markdown, never raw HTML) with its pictures and videos, its inspections in place (decision 076), Start / Pause /
// Resume / Finish and what its finish backflushes — then the components with the scan field that consumes them (a wedge scanner needs no field focused),
// then output, scrap and completion. Components can be consumed until the work order is completed, also once every
// step is finished. Steps run in order, so the step shown is the first not finished; the operator may look back or
// ahead with Previous and Next.
import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { personName } from '#common/actor-name.ts';
import type { TFloor } from '#common/schemas/shop-floor.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import Markdown, { defaultUrlTransform } from '../../components/safe-markdown.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { StepMediaThumbs } from '../../components/step-media-thumbs.tsx';
import { floorKey, getFloor } from './api.ts';
import { CompleteSection } from './complete-section.tsx';
import { ComponentsList } from './components-list.tsx';
import { ConsumeForm } from './consume-form.tsx';
import { FloorStatus } from './floor-status.tsx';
import { hideFloorToast } from './floor-toast.ts';
import { OutputForm } from './output-form.tsx';
import { prefillKey } from './output-prefill.ts';
import { StepActions } from './step-actions.tsx';
import { StepChecks } from './step-checks.tsx';

type TStep = TFloor['steps'][number];

/** Room kept below the floor view's last field on a phone, px: a picker's list (at most about 250 px) fits under it. */
const FLOOR_ROOM_BELOW = 320;

/** The step a consumption is recorded at: the one shown when it is under way, else the one under way, if any. */
function consumingStep(floor: TFloor, shown: TStep | undefined): string | undefined {
  const underWay = (s: TStep | undefined) => s?.run?.status === 'running' || s?.run?.status === 'paused';
  if (underWay(shown)) return shown?.id;
  return floor.steps.find(underWay)?.id;
}

/** What the step's finish backflushes, still to take. */
function Backflush({ step }: { step: TStep }) {
  const lines = step.backflush.filter((b) => b.left !== '0');
  if (lines.length === 0 || step.run?.status === 'finished') return null;
  return (
    <Text size="sm">
      Finishing this step takes {lines.map((b) => `${b.left} ${b.unitOfMeasure} ${b.partNumber}`).join(', ')}{' '}
      (backflushed: no scan needed).
    </Text>
  );
}

/** The step to show first: the running or paused one, else the first not finished, else the last. */
function currentStep(floor: TFloor): number {
  const open = floor.steps.findIndex((s) => s.run?.status !== 'finished');
  return open < 0 ? Math.max(floor.steps.length - 1, 0) : open;
}

function StepView({ floor, index }: { floor: TFloor; index: number }) {
  const step = floor.steps[index];
  if (!step) return <Text>This work order has no steps.</Text>;
  const live = floor.status === 'in_progress' || floor.status === 'released' || floor.status === 'paused';
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="lg">
          Step {step.position} of {floor.steps.length}: {step.title}
        </Title>
        {step.run ? <StatusBadge of="stepRun" status={step.run.status} /> : null}
      </Group>
      {step.run ? (
        <Text size="sm" c="dimmed">
          Started by {personName(step.run.startedByName)}
          {step.run.finishedByName ? `, finished by ${personName(step.run.finishedByName)}` : ''}
        </Text>
      ) : null}
      <div data-testid="step-instructions">
        <Markdown skipHtml urlTransform={defaultUrlTransform}>
          {step.instructions}
        </Markdown>
      </div>
      {/* Thumbnails: a full-width photo pushed the scan box below a phone's first screen (issue 29). */}
      <StepMediaThumbs files={step.files} />
      <StepChecks floor={floor} step={step} />
      {live ? <StepActions floor={floor} step={step} /> : null}
      {live ? <Backflush step={step} /> : null}
    </Stack>
  );
}

/**
 * The page of one work order on the floor; the router gives the id (e.g. /build/work-order?id=…&view=floor) and, when
 * the link named one (&step=…, QC Instructions' way back), the step to open at.
 */
export function ShopFloorPage({
  workOrderId,
  stepId = null,
}: {
  workOrderId: string;
  stepId?: string | null;
}) {
  const floor = useQuery({
    queryKey: floorKey(workOrderId),
    queryFn: ({ signal }) => getFloor(workOrderId, signal),
  });
  const [chosen, setChosen] = useState<number | null>(null);
  // The floor's message belongs to this work order's view: leaving it clears it.
  useEffect(() => hideFloorToast, []);
  if (!floor.data) {
    return floor.isPending ? (
      <PageLoader />
    ) : (
      <QueryStatus query={floor} errorTitle="The work order could not be loaded" loadingLabel="Loading" />
    );
  }
  const data = floor.data;
  // The step a link named (the way back from its inspection) stands until it is finished; then the floor moves on to
  // the next step as it always does. A named step already finished opens the step under way: the work is there.
  const named = stepId ? data.steps.findIndex((s) => s.id === stepId && s.run?.status !== 'finished') : -1;
  const index = chosen ?? (named >= 0 ? named : currentStep(data));
  const allFinished = data.steps.every((s) => s.run?.status === 'finished');
  return (
    // Room below the last field on a phone: "Put away at" sat at the page's end, where its list had no room below it;
    // Mantine put the list above, the page scrolled to show it, the field went off the screen and Mantine hid the
    // list of a field out of view — a tap opened nothing (issue 29, decision 065).
    <Container size="sm" px="xs" pt="md" pb={{ base: FLOOR_ROOM_BELOW, sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Title order={1} fz="xl">
              {data.numberText}
            </Title>
            <Text>
              {data.quantity} {data.unitOfMeasure} of {data.partNumber} {data.name}
            </Text>
          </div>
          <StatusBadge of="workOrder" status={data.status} />
        </Group>
        <FloorStatus place="top" />
        <Paper withBorder p="sm">
          <StepView floor={data} index={index} />
          <Group justify="space-between" mt="md">
            <Button variant="default" disabled={index === 0} onClick={() => setChosen(index - 1)}>
              Previous step
            </Button>
            <Button
              variant="default"
              disabled={index >= data.steps.length - 1}
              onClick={() => setChosen(index + 1)}
            >
              Next step
            </Button>
          </Group>
        </Paper>
        <Paper withBorder p="sm" component="section" aria-label="Components">
          <Title order={2} fz="md" mb="xs">
            Components
          </Title>
          <Stack gap="md">
            {data.status === 'in_progress' ? (
              <ConsumeForm floor={data} stepId={consumingStep(data, data.steps[index])} />
            ) : null}
            <FloorStatus place="components" />
            <ComponentsList floor={data} />
          </Stack>
        </Paper>
        {data.status === 'in_progress' ? (
          <Paper withBorder p="sm" component="section" aria-label="Output">
            <Title order={2} fz="md" mb="xs">
              Output{allFinished ? '' : ' (complete once every step is finished)'}
            </Title>
            <Stack gap="sm">
              <OutputForm key={prefillKey(data)} floor={data} />
              <FloorStatus place="output" />
              <CompleteSection floor={data} />
            </Stack>
          </Paper>
        ) : null}
      </Stack>
    </Container>
  );
}
