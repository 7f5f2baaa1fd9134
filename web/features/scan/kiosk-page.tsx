// /kiosk — a shared tablet an admin set up as a kiosk (decision 083). Nobody signs in here: a person scans their
// badge, then a job's or work order's label, and their own clock moves (in, or switched); or they tap Clock out. The
// badge is forgotten after each move, or after IDLE_MS without one, so the next person starts afresh. The camera, a
// USB or Bluetooth scanner (the keyboard wedge) and a typed code all work, as on the scan page.
import { Alert, Button, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { TKioskAnswer } from '#common/schemas/kiosks.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useKeyboardWedge } from '../../lib/keyboard-wedge.ts';
import { CameraScanner } from './camera-scanner.tsx';
import { inView } from './in-view.ts';
import { kioskBadge, kioskClockIn, kioskClockOut, kioskKey, kioskSelf } from './kiosk-api.ts';

/** A badge read and nothing after it for this long: forgotten, so a walked-away person's badge moves nothing. */
const IDLE_MS = 30_000;
/** The camera sees a label many times a second: the same code again only after it left the view this long. */
const SAME_CODE_MS = 2000;

type TStep =
  | { kind: 'badge'; note: { ok: boolean; text: string } | null }
  | { kind: 'job'; badge: string; answer: TKioskAnswer; error: string | null };

const MOVED: Record<TKioskAnswer['moved'], string> = {
  none: '',
  in: 'clocked in to',
  switch: 'switched to',
  unchanged: 'already on',
  out: 'clocked out',
};

const failure = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Scan again in a moment.';

export default function KioskPage() {
  const hasKey = kioskKey() !== null;
  const self = useQuery({ queryKey: ['kiosk', 'self'], queryFn: kioskSelf, enabled: hasKey, retry: false });
  const [step, setStep] = useState<TStep>({ kind: 'badge', note: null });
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [camera] = useState(() => inView(SAME_CODE_MS));
  const current = useRef(step);
  current.current = step;

  // A badge without a job scan for IDLE_MS is forgotten.
  useEffect(() => {
    if (step.kind !== 'job') return;
    const timer = window.setTimeout(() => setStep({ kind: 'badge', note: null }), IDLE_MS);
    return () => window.clearTimeout(timer);
  }, [step]);

  const done = (answer: TKioskAnswer) => {
    const entry = answer.entry;
    const text =
      answer.moved === 'out' || !entry
        ? `${answer.person.firstName}, you are clocked out.`
        : `${answer.person.firstName}, ${MOVED[answer.moved]} ${entry.jobNumber} · ${entry.jobName}.`;
    setStep({ kind: 'badge', note: { ok: true, text } });
  };

  const scanned = async (raw: string) => {
    const code = raw.trim();
    if (!code || busy) return;
    setBusy(true);
    try {
      const now = current.current;
      if (now.kind === 'badge') {
        const answer = await kioskBadge(code);
        setStep({ kind: 'job', badge: code, answer, error: null });
      } else done(await kioskClockIn(now.badge, code));
    } catch (error) {
      const now = current.current;
      if (now.kind === 'job') setStep({ ...now, error: failure(error) });
      else setStep({ kind: 'badge', note: { ok: false, text: failure(error) } });
    } finally {
      setBusy(false);
    }
  };
  useKeyboardWedge((code) => void scanned(code), hasKey && self.isSuccess);

  const clockOut = async () => {
    if (step.kind !== 'job') return;
    setBusy(true);
    try {
      done(await kioskClockOut(step.badge));
    } catch (error) {
      setStep({ ...step, error: failure(error) });
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = typed;
    setTyped('');
    void scanned(code);
  };

  if (!hasKey || self.isError)
    return (
      <Container size="sm" py="xl">
        <ErrorAlert title="Not a kiosk">
          {self.error instanceof ApiError
            ? self.error.message
            : 'This device is not set up as a kiosk. An admin sets it up under Users → Kiosks, signed in on this device.'}
        </ErrorAlert>
      </Container>
    );
  if (!self.data) return <Text p="lg">Starting the kiosk…</Text>;

  const entry = step.kind === 'job' ? step.answer.entry : null;
  return (
    <Container size="sm" py="md" px="sm">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {step.kind === 'badge' ? 'Scan your badge' : `Hello, ${step.answer.person.firstName}`}
          </Title>
          <Text c="dimmed" size="sm">
            Kiosk “{self.data.name}” · {self.data.companyName}
          </Text>
        </div>
        {step.kind === 'badge' && step.note ? (
          <Alert
            color={step.note.ok ? 'green' : 'red'}
            role="status"
            title={step.note.ok ? 'Done' : 'Not done'}
          >
            {step.note.text}
          </Alert>
        ) : null}
        {step.kind === 'job' ? (
          <Paper withBorder p="md" role="status">
            <Text>
              {entry
                ? `Your clock runs on ${entry.jobNumber} · ${entry.jobName}.`
                : 'Your clock is not running.'}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              Scan a job’s or a work order’s label to clock in or switch to it.
            </Text>
            {step.error ? (
              <Text c="red" size="sm" mt="xs" role="alert">
                {step.error}
              </Text>
            ) : null}
            <Group mt="md" gap="sm" wrap="wrap">
              {entry ? (
                <Button size="lg" color="red" onClick={() => void clockOut()} loading={busy}>
                  Clock out
                </Button>
              ) : null}
              <Button size="lg" variant="default" onClick={() => setStep({ kind: 'badge', note: null })}>
                Not me
              </Button>
            </Group>
          </Paper>
        ) : null}
        <CameraScanner
          onFrame={(codes) => {
            for (const code of camera.frame(codes, Date.now())) void scanned(code);
          }}
        />
        <form onSubmit={submit} aria-label={step.kind === 'badge' ? 'Type a badge code' : 'Type a job code'}>
          <Group align="end" gap="sm" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={step.kind === 'badge' ? 'Badge code' : 'Job or work order code'}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
            />
            <Button type="submit" loading={busy}>
              Enter
            </Button>
          </Group>
        </form>
      </Stack>
    </Container>
  );
}
