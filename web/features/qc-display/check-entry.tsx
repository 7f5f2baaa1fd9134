// One check of one unit (one reading of a measurement): big Pass / Fail buttons, a measurement with its limits shown,
// or the check's choices. A reading out of limits is not sent at once: the screen says what was measured and what is
// allowed and asks to correct or confirm it. A failure asks for a defect code, a note and a photo. Once recorded the
// result shows as it stands (results are never changed), a failure with its note and photo. Recorded, the runner is
// told, so that the keyboard goes on to what is next.
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { compareDecimal, isDecimal, normalizeDecimal } from '#common/decimal.ts';
import {
  INSPECTION_MESSAGES,
  limitsText,
  type TInspectionCheck,
  type TInspectionResult,
  type TResultInput,
} from '#common/schemas/inspections.ts';
import { FailurePhoto, failurePhotoAlt } from '../../components/quality/failure-photo.tsx';
import { readingOf } from '../../components/quality/inspection-failures.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { inspectionKeys, recordResult } from './api.ts';
import { FailureForm, type TFailure } from './failure-form.tsx';

type TMode =
  | { kind: 'idle' }
  | { kind: 'failing'; body: TResultInput }
  | { kind: 'out-of-limits'; value: string };

function within(check: TInspectionCheck, value: string): boolean {
  const low = check.lowerLimit === null || compareDecimal(check.lowerLimit, value) <= 0;
  const high = check.upperLimit === null || compareDecimal(value, check.upperLimit) <= 0;
  return low && high;
}

function Recorded({ check, result }: { check: TInspectionCheck; result: TInspectionResult }) {
  const reading = readingOf(check, result);
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Badge
          color={result.passed ? 'green' : 'red.9'}
          variant={result.passed ? 'light' : 'filled'}
          size="lg"
        >
          {result.passed ? 'Passed' : 'Failed'}
        </Badge>
        {reading ? <Text fw={600}>{reading}</Text> : null}
        {result.confirmed ? <Text size="sm">(confirmed out of limits)</Text> : null}
        {result.defectCode ? <Text size="sm">{result.defectCode}</Text> : null}
        <Text size="sm" c="dimmed">
          by {result.recordedBy}
        </Text>
      </Group>
      {result.note ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          Note: {result.note}
        </Text>
      ) : null}
      {result.photoFileId ? (
        <FailurePhoto
          fileId={result.photoFileId}
          alt={failurePhotoAlt(check.name, result.unitNo, result.defectCode)}
        />
      ) : null}
    </Stack>
  );
}

export function CheckEntry({
  inspectionId,
  check,
  unitNo,
  readingNo,
  result,
  open,
  onRecorded,
}: {
  inspectionId: string;
  check: TInspectionCheck;
  unitNo: number;
  readingNo: number;
  result: TInspectionResult | undefined;
  open: boolean;
  /** Called with the result once the server has it. */
  onRecorded?: (result: TInspectionResult) => void;
}) {
  const client = useQueryClient();
  const [mode, setMode] = useState<TMode>({ kind: 'idle' });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const save = useMutation({
    mutationFn: (body: TResultInput) => recordResult(inspectionId, body),
    onSuccess: async (recorded) => {
      setMode({ kind: 'idle' });
      onRecorded?.(recorded);
      await client.invalidateQueries({ queryKey: inspectionKeys.one(inspectionId) });
    },
    onError: (e) =>
      setError(e instanceof ApiError ? e.message : 'The result could not be recorded. Try again.'),
  });
  const base = { checkId: check.id, unitNo, readingNo };
  const send = (body: TResultInput) => {
    setError(null);
    save.mutate(body);
  };
  const fail = (body: TResultInput) => {
    setError(null);
    setMode({ kind: 'failing', body });
  };
  const serverErrors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const title = `${check.name}${check.kind === 'measurement' && check.readingsPerUnit > 1 ? `, reading ${readingNo}` : ''}`;
  const allowed = limitsText(check.lowerLimit, check.upperLimit, check.unit);

  const measure = () => {
    const typed = value.trim();
    if (!isDecimal(typed, 6, 12)) {
      setError('Enter the measured value as a number (at most 6 decimals).');
      return;
    }
    const normal = normalizeDecimal(typed);
    if (within(check, normal)) send({ ...base, value: normal });
    else setMode({ kind: 'out-of-limits', value: normal });
  };

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="section"
      aria-label={`${title}, unit ${unitNo}`}
      // Where the runner puts the keyboard after a result: the first check of the unit still to record.
      data-to-record={open && !result ? '' : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          {check.critical ? <Badge color="red.9">Critical</Badge> : null}
        </Group>
        {check.instructions ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {check.instructions}
          </Text>
        ) : null}
        {check.kind === 'measurement' ? (
          <Text size="sm">
            Allowed: <b>{allowed}</b>
            {check.nominal ? ` (nominal ${check.nominal}${check.unit ? ` ${check.unit}` : ''})` : ''}
          </Text>
        ) : null}
        {check.referenceFileId ? (
          <Text size="sm">
            <a href={`/api/v1/files/${check.referenceFileId}`} target="_blank" rel="noreferrer">
              Open the reference picture
            </a>
          </Text>
        ) : null}
        {result ? (
          <Recorded check={check} result={result} />
        ) : !open ? (
          <Text c="dimmed">Not recorded.</Text>
        ) : mode.kind === 'failing' ? (
          <FailureForm
            photoRequired={check.photoOnFail}
            busy={save.isPending}
            serverErrors={serverErrors}
            onCancel={() => setMode({ kind: 'idle' })}
            onRecord={(f: TFailure) => send({ ...mode.body, ...f })}
          />
        ) : mode.kind === 'out-of-limits' ? (
          <Alert color="orange" title="Out of limits" role="alert">
            <Stack gap="xs">
              <Text size="sm">
                {INSPECTION_MESSAGES.outOfLimits(
                  `${mode.value}${check.unit ? ` ${check.unit}` : ''}`,
                  allowed,
                )}
              </Text>
              <Group gap="xs" grow>
                <Button
                  variant="default"
                  size="md"
                  onClick={() => {
                    setMode({ kind: 'idle' });
                    setTimeout(() => input.current?.focus(), 0);
                  }}
                >
                  Correct
                </Button>
                <Button
                  color="red.9"
                  size="md"
                  onClick={() => fail({ ...base, value: mode.value, confirmed: true })}
                >
                  Confirm
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : check.kind === 'measurement' ? (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              ref={input}
              label={`Measured${check.unit ? ` (${check.unit})` : ''}`}
              inputMode="decimal"
              size="lg"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') measure();
              }}
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button size="lg" onClick={measure} loading={save.isPending}>
              Record
            </Button>
          </Group>
        ) : check.kind === 'choice' ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {check.choices.map((choice) => (
              <Button
                key={choice}
                size="lg"
                variant="light"
                loading={save.isPending}
                styles={{ label: { whiteSpace: 'normal' } }}
                onClick={() =>
                  check.acceptedChoices.includes(choice)
                    ? send({ ...base, choice })
                    : fail({ ...base, choice })
                }
              >
                {choice}
              </Button>
            ))}
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={2} spacing="xs">
            <Button
              size="xl"
              color="teal.9"
              loading={save.isPending}
              onClick={() => send({ ...base, passed: true })}
            >
              Pass
            </Button>
            <Button size="xl" color="red.9" onClick={() => fail({ ...base, passed: false })}>
              Fail
            </Button>
          </SimpleGrid>
        )}
        {error ? (
          <Text c="red.9" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
