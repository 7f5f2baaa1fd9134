// One inspection walked unit by unit: what is inspected and how (sample size; severity and Ac/Re under AQL), how far
// it has got, the checks of the current unit, and Finish with the verdict once every result is in. Opens at the first
// unit still missing a result, so a resumed inspection carries on where it stopped. After each result the keyboard goes
// to the next check still to record (the next unit's first once a unit is done; Finish once all are) and the result is
// said in a status line, so a keyboard or scanner user goes on without reaching for the mouse. Its failures, with the
// inspector's notes and photos, are listed together. Finished, a work order's inspection leads back to the floor.
import { Alert, Anchor, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TInspection, TInspectionResult } from '#common/schemas/inspections.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { InspectionFailures } from '../../components/quality/inspection-failures.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { When } from '../../components/when.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ncKeys, ncPath } from '../../lib/nonconformances-api.ts';
import { QC_DISPLAY_PATH } from '../../lib/qc-display-links.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { toast } from '../../lib/toast.ts';
import { workOrderFloorPath } from '../../lib/work-order-links.ts';
import { finishInspection, getInspection, inspectionKeys } from './api.ts';
import { CheckEntry } from './check-entry.tsx';
import { SwitchingNotice } from './corrective-action.tsx';
import { firstOpenUnit, nextOpenUnit, slotsOf } from './inspection-units.ts';
import { subjectOf } from './open-inspections.tsx';

const SEVERITY: Record<string, string> = { normal: 'Normal', tightened: 'Tightened', reduced: 'Reduced' };

/** What the status line says of a result just recorded. */
function saidOf(inspection: TInspection, r: TInspectionResult): string {
  const check = inspection.checks.find((c) => c.id === r.checkId);
  const reading = check && check.readingsPerUnit > 1 ? `, reading ${r.readingNo}` : '';
  return `Recorded: ${check?.name ?? 'the check'}${reading}, unit ${r.unitNo}, ${r.passed ? 'passed' : 'failed'}.`;
}

function Header({ inspection: i }: { inspection: TInspection }) {
  const { recorded, required, defectiveUnits } = i.progress;
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={1} size="h2">
            {i.label}
          </Title>
          <StatusBadge of="inspection" status={i.status} />
        </Group>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {subjectOf(i)} · {i.itemName}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {i.planName} (version {i.versionNumber}){i.supplierName ? ` · from ${i.supplierName}` : ''}
          {i.machineName ? ` · on ${i.machineName}` : ''}
        </Text>
        <Text size="sm">
          Sample: <b>{i.sampleSize}</b> of {i.lotSize}
          {i.severity ? ` · ${SEVERITY[i.severity]} inspection` : ''} · accept {i.acceptNumber}, reject{' '}
          {i.rejectNumber}
        </Text>
        <Progress value={required ? (recorded / required) * 100 : 0} aria-label="Results recorded" />
        <Text size="sm" c="dimmed">
          {recorded} of {required} results recorded · {defectiveUnits} defective unit
          {defectiveUnits === 1 ? '' : 's'}
          {' · started by '}
          {i.startedBy} <When at={i.startedAt} />
        </Text>
        <SwitchingNotice inspection={i} />
      </Stack>
    </Paper>
  );
}

function Verdict({ inspection: i }: { inspection: TInspection }) {
  const passed = i.status === 'passed';
  return (
    <Alert color={passed ? 'green' : 'red'} title={passed ? 'Passed' : 'Failed'} role="status">
      <Stack gap={4}>
        <Text size="sm">
          {i.progress.defectiveUnits} of {i.sampleSize} units defective (accept {i.acceptNumber}, reject{' '}
          {i.rejectNumber}){i.progress.criticalFailed ? '; a critical check failed' : ''}.
        </Text>
        {i.lotNumber ? (
          <Text size="sm">
            {i.lotHoldReason
              ? `Lot ${i.lotNumber} stays on hold (${i.lotHoldReason}).`
              : `Lot ${i.lotNumber} is free to use.`}
          </Text>
        ) : null}
        {i.nonconformanceId ? (
          <Anchor component={Link} to={ncPath(i.nonconformanceId)}>
            Nonconformance NC-{String(i.nonconformanceNumber).padStart(6, '0')} is open
          </Anchor>
        ) : null}
      </Stack>
    </Alert>
  );
}

/**
 * After the finish of a work order's inspection, the way back to its floor at the step it came from (the operator
 * carries on where they stopped; the floor reads the step's checks again, so a pass lets the step finish).
 */
function BackToFloor({ inspection: i }: { inspection: TInspection }) {
  if (!i.workOrderId) return null;
  const where = `WO ${i.workOrderNumber ?? ''}${i.stepTitle ? `, step ${i.stepTitle}` : ''}`;
  return (
    <Button
      component={Link}
      to={workOrderFloorPath(i.workOrderId, i.stepId ?? undefined)}
      size="xl"
      leftSection={<IconArrowBackUp size={20} aria-hidden />}
    >
      Back to the floor: {where}
    </Button>
  );
}

export function InspectionRunner({ inspectionId }: { inspectionId: string }) {
  const client = useQueryClient();
  const inspection = useQuery({
    queryKey: inspectionKeys.one(inspectionId),
    queryFn: ({ signal }) => getInspection(inspectionId, signal),
  });
  const [unit, setUnit] = useState<number | null>(null);
  // The result just recorded, until the keyboard has moved on past it (the inspection read again shows it).
  const [justRecorded, setJustRecorded] = useState<TInspectionResult | null>(null);
  const [said, setSaid] = useState('');
  const checksRef = useRef<HTMLDivElement>(null);
  const finishRef = useRef<HTMLButtonElement>(null);
  const finish = useMutation({
    mutationFn: () => finishInspection(inspectionId),
    onSuccess: async (done) => {
      client.setQueryData(inspectionKeys.one(inspectionId), done);
      await client.invalidateQueries({ queryKey: inspectionKeys.all });
      await client.invalidateQueries({ queryKey: queryKeys.stock() });
      // The floor's step checks and a failure's new nonconformance are read again where they show.
      void client.invalidateQueries({ queryKey: queryKeys.workOrders });
      void client.invalidateQueries({ queryKey: ncKeys.all });
      toast(done.status === 'passed' ? 'success' : 'error', {
        title: `${done.label} ${done.status}`,
        message: done.lotHoldReason === null && done.lotNumber ? `Lot ${done.lotNumber} is released.` : '',
      });
    },
  });
  const data = inspection.data;
  const shownUnit = data ? Math.min(unit ?? firstOpenUnit(data), data.sampleSize) : 0;
  // Once the inspection read again holds the result, the keyboard goes to the next check still to record: on this
  // unit, else on the next unit missing results (shown first), else Finish. Never left on the page's body.
  useEffect(() => {
    if (!justRecorded || !data) return;
    const holds = data.results.some(
      (r) =>
        r.checkId === justRecorded.checkId &&
        r.unitNo === justRecorded.unitNo &&
        r.readingNo === justRecorded.readingNo,
    );
    if (!holds) return;
    const next = checksRef.current?.querySelector<HTMLElement>(
      '[data-to-record] input:not(:disabled), [data-to-record] button:not(:disabled)',
    );
    if (next) {
      next.focus();
      setJustRecorded(null);
      return;
    }
    const nextUnit = nextOpenUnit(data, shownUnit);
    if (nextUnit !== null && nextUnit !== shownUnit) {
      setUnit(nextUnit); // focused once that unit is drawn
      return;
    }
    finishRef.current?.focus();
    setJustRecorded(null);
  }, [justRecorded, data, shownUnit]);
  const recorded = (r: TInspectionResult) => {
    if (data) setSaid(saidOf(data, r));
    setJustRecorded(r);
  };
  if (inspection.isPending) return <Text role="status">Loading the inspection…</Text>;
  if (inspection.isError)
    return (
      <LoadError
        title="The inspection could not be loaded"
        error={inspection.error}
        onRetry={() => inspection.refetch()}
      />
    );
  const i = inspection.data;
  const open = i.status === 'open';
  const current = shownUnit;
  const complete = i.progress.recorded >= i.progress.required;
  const resultOf = (checkId: string, readingNo: number) =>
    i.results.find((r) => r.checkId === checkId && r.unitNo === current && r.readingNo === readingNo);
  return (
    <Stack gap="md">
      <Header inspection={i} />
      {open ? null : <Verdict inspection={i} />}
      {open ? null : <BackToFloor inspection={i} />}
      {open ? null : <InspectionFailures inspection={i} />}
      <Title order={2} size="h3" aria-live="polite">
        Unit {current} of {i.sampleSize}
      </Title>
      {i.sampleSize > 1 ? (
        <SimpleGrid cols={2} spacing="xs">
          <Button variant="default" size="md" disabled={current <= 1} onClick={() => setUnit(current - 1)}>
            Previous
          </Button>
          <Button
            variant="default"
            size="md"
            disabled={current >= i.sampleSize}
            onClick={() => setUnit(current + 1)}
          >
            Next unit
          </Button>
        </SimpleGrid>
      ) : null}
      <Text size="sm" role="status" aria-live="polite">
        {said}
      </Text>
      <Stack gap="md" ref={checksRef}>
        {slotsOf(i).map(({ check, readingNo }) => (
          <CheckEntry
            key={`${check.id}|${current}|${readingNo}`}
            inspectionId={i.id}
            check={check}
            unitNo={current}
            readingNo={readingNo}
            result={resultOf(check.id, readingNo)}
            open={open}
            onRecorded={recorded}
          />
        ))}
      </Stack>
      {open ? (
        <Stack gap="xs">
          {finish.isError ? (
            <ErrorAlert title="Not finished">
              {finish.error instanceof ApiError ? finish.error.message : 'Try again.'}
            </ErrorAlert>
          ) : null}
          <Button
            ref={finishRef}
            size="xl"
            onClick={() => finish.mutate()}
            loading={finish.isPending}
            disabled={!complete}
          >
            Finish inspection
          </Button>
          {complete ? null : (
            <Text size="sm" c="dimmed" ta="center">
              Record every unit's checks to finish ({i.progress.required - i.progress.recorded} to go).
            </Text>
          )}
          <InspectionFailures inspection={i} />
        </Stack>
      ) : null}
      <Button component={Link} to={QC_DISPLAY_PATH} variant="subtle">
        Back to QC Instructions
      </Button>
    </Stack>
  );
}
