// Every failed result of an inspection in one place (decision 072): what a quality engineer reads after a failure,
// without paging unit by unit — the unit and check, what was measured or chosen, the defect code, the inspector's
// note and photo, and who recorded it when. The nonconformance raised from the inspection links here.
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { TInspection, TInspectionCheck, TInspectionResult } from '#common/schemas/inspections.ts';
import { When } from '../when.tsx';
import { FailurePhoto, failurePhotoAlt } from './failure-photo.tsx';

/** What was read or chosen, with its unit ("10.42 mm"), or null for a pass/fail or visual check. */
export function readingOf(check: TInspectionCheck | undefined, result: TInspectionResult): string | null {
  if (result.value !== null) return `${result.value}${check?.unit ? ` ${check.unit}` : ''}`;
  return result.choice;
}

function Failure({ check, result }: { check: TInspectionCheck | undefined; result: TInspectionResult }) {
  const name = check?.name ?? 'A check';
  const reading = readingOf(check, result);
  const many = (check?.readingsPerUnit ?? 1) > 1;
  return (
    <Stack
      gap={4}
      component="li"
      py="xs"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        Unit {result.unitNo} · {name}
        {many ? `, reading ${result.readingNo}` : ''}
        {check?.critical ? ' (critical)' : ''}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {[reading, result.confirmed ? 'confirmed out of limits' : null, result.defectCode ?? 'No defect code']
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {result.note ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          Note: {result.note}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          No note.
        </Text>
      )}
      {result.photoFileId ? (
        <FailurePhoto
          fileId={result.photoFileId}
          alt={failurePhotoAlt(name, result.unitNo, result.defectCode)}
        />
      ) : null}
      <Text size="xs" c="dimmed">
        Recorded by {result.recordedBy} <When at={result.recordedAt} />
      </Text>
    </Stack>
  );
}

/** The inspection's failed results, by unit and check; nothing when none failed. */
export function InspectionFailures({
  inspection,
  title = 'Failures',
}: {
  inspection: TInspection;
  /** The section's title before its count: "Failures", or "Failures found by inspection QI-000034". */
  title?: string;
}) {
  const titleId = useId();
  const failed = inspection.results.filter((r) => !r.passed);
  if (failed.length === 0) return null;
  const checks = new Map(inspection.checks.map((c) => [c.id, c]));
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" id={titleId}>
        {title} ({failed.length})
      </Title>
      <Stack gap={0} component="ul" m={0} p={0} mt="xs" style={{ listStyle: 'none' }}>
        {failed.map((r) => (
          <Failure key={r.id} check={checks.get(r.checkId)} result={r} />
        ))}
      </Stack>
    </Paper>
  );
}
