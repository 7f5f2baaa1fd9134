// /quality/qc-display — QC Instructions (decision 072): the inspector's screen on a phone or tablet at the bench.
// ?inspection=<id> walks that inspection; ?lot=<lotId> or ?workOrder=<id>[&step=<stepId>][&plan=<planId>] starts the
// inspection they name (or meets the open one) and replaces the address with ?inspection=, so Back and a reload keep
// it; a lot inspected already asks before it is inspected again. Without parameters: find what to inspect (a scanner types into the code box) and the open inspections to
// resume.
import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TInspectionStart } from '#common/schemas/inspections.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { QC_DISPLAY_PATH, qcDisplayPath } from '../../lib/qc-display-links.ts';
import { inspectionKeys, plansForWorkOrder, startInspection } from './api.ts';
import { FindToInspect } from './find-to-inspect.tsx';
import { InspectionRunner } from './inspection-runner.tsx';
import { OpenInspections } from './open-inspections.tsx';

export default function QcDisplayPage() {
  const [params] = useSearchParams();
  const inspection = params.get('inspection');
  const lot = params.get('lot');
  const workOrder = params.get('workOrder');
  const step = params.get('step');
  const plan = params.get('plan');
  return (
    <Container size="sm" py="md" px="sm">
      {inspection ? (
        <InspectionRunner key={inspection} inspectionId={inspection} />
      ) : lot ? (
        <Starter key={`lot:${lot}:${plan}`} body={{ lotId: lot, ...(plan ? { planId: plan } : {}) }} />
      ) : workOrder && (step || plan) ? (
        <Starter
          key={`wo:${workOrder}:${step}:${plan}`}
          body={{
            workOrderId: workOrder,
            ...(step ? { stepId: step } : {}),
            ...(plan ? { planId: plan } : {}),
          }}
        />
      ) : workOrder ? (
        <WorkOrderChoice workOrderId={workOrder} />
      ) : (
        <Home />
      )}
    </Container>
  );
}

function Home() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        QC Instructions
      </Title>
      <Text c="dimmed" size="sm">
        Inspect a lot or a work order: scan its label (a USB or Bluetooth scanner types into the box) or type
        its lot or work order number. Open inspections are listed below to resume.
      </Text>
      <FindToInspect />
      <OpenInspections />
    </Stack>
  );
}

/** Starts (or meets) the inspection `body` names, then shows it under ?inspection=. */
function Starter({ body }: { body: TInspectionStart }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const start = useMutation({
    mutationFn: startInspection,
    onSuccess: (made) => {
      client.setQueryData(inspectionKeys.one(made.id), made);
      void client.invalidateQueries({ queryKey: inspectionKeys.all });
      navigate(qcDisplayPath({ inspection: made.id }), { replace: true });
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate(body);
  }, [start, body]);
  const done = start.error instanceof ApiError ? start.error.fieldErrors.again : undefined;
  if (start.isError && done) {
    // The lot was inspected already: a second inspection is the inspector's choice, never a link's or a stray tap's.
    return (
      <Stack>
        <Title order={1} size="h2">
          QC Instructions
        </Title>
        <Alert color="blue" title="Inspected already">
          {done}
        </Alert>
        <Group gap="sm">
          <Button onClick={() => start.mutate({ ...body, again: true })} loading={start.isPending}>
            Inspect again
          </Button>
          <Button component={Link} to={QC_DISPLAY_PATH} variant="default">
            Back to QC Instructions
          </Button>
        </Group>
      </Stack>
    );
  }
  if (start.isError) {
    const message = start.error instanceof ApiError ? start.error.message : 'The inspection could not start.';
    return (
      <Stack>
        <Title order={1} size="h2">
          QC Instructions
        </Title>
        <ErrorAlert title="Nothing to inspect here">{message}</ErrorAlert>
        <Button component={Link} to={QC_DISPLAY_PATH} variant="default">
          Back to QC Instructions
        </Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" py="xl" role="status">
      <Loader aria-hidden />
      <Text>Opening the inspection…</Text>
    </Stack>
  );
}

/** A work order named alone: its steps' and its output's plans in force, to choose from. */
function WorkOrderChoice({ workOrderId }: { workOrderId: string }) {
  const plans = useQuery({
    queryKey: inspectionKeys.plans(workOrderId),
    queryFn: ({ signal }) => plansForWorkOrder(workOrderId, signal),
  });
  return (
    <Stack>
      <Title order={1} size="h2">
        Inspect the work order
      </Title>
      {plans.isPending ? <Loader aria-label="Loading the work order's inspections" /> : null}
      {plans.isError ? (
        <ErrorAlert title="The work order's inspections could not be loaded">
          {plans.error instanceof ApiError ? plans.error.message : 'Try again.'}
        </ErrorAlert>
      ) : null}
      {plans.data && plans.data.plans.length === 0 ? (
        <Alert color="blue" title="Nothing to inspect">
          This work order's steps and output have no inspection plan with a released version.
        </Alert>
      ) : null}
      {plans.data?.plans.map((p) => (
        <Button
          key={`${p.planId}:${p.stepId ?? ''}`}
          component={Link}
          to={qcDisplayPath({
            workOrder: workOrderId,
            plan: p.planId,
            ...(p.stepId ? { step: p.stepId } : {}),
          })}
          size="lg"
          variant="light"
          fullWidth
          styles={{ label: { whiteSpace: 'normal' } }}
        >
          {p.stepTitle ? `Step ${p.stepTitle}: ${p.name}` : `Final: ${p.name}`}
          {p.openInspectionId ? ' (resume)' : ''}
        </Button>
      ))}
    </Stack>
  );
}
