// /scan (Inventory's landing page): scan with the camera, a USB or Bluetooth scanner (a fast burst of keys ending in
// Enter, anywhere on the page), or type a code. Each scan adds a card — newest first, nothing to close — with what it
// found and its actions. ?code= resolves one code on arrival (a QR link to a location lands here). The cards open
// stock's and borrowing's dialogs and start stock checks, so the app composes the page from the scan feature's parts.
import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { hasRole } from '#common/roles.ts';
import type { TScanResult } from '#common/schemas/scan.ts';
import { CodeEntryForm } from '../../components/code-entry-form.tsx';
import type { TJobOption } from '../../components/job-picker.tsx';
import { CameraScanner } from '../../features/scan/camera-scanner.tsx';
import { scanFeedback } from '../../features/scan/feedback.ts';
import { inView } from '../../features/scan/in-view.ts';
import { ScanCard, type TScanAction, type TScanEntry } from '../../features/scan/result-card.tsx';
import { startCount } from '../../features/stock-check/api.ts';
import { track } from '../../lib/analytics.ts';
import { useCodeLookup } from '../../lib/code-lookup.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { configOf, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { ScanDialogs, type TScanDialog } from './scan-dialogs.tsx';

/** The camera sees a label many times a second: it scans again only after frames without it span this time. */
const SAME_CODE_MS = 2000;
/** Cards kept on the page; older ones drop off the bottom. */
const MAX_CARDS = 30;

export default function ScanPage() {
  const { data: session } = useSession();
  const config = configOf(session);
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [entries, setEntries] = useState<TScanEntry[]>([]);
  const [dialog, setDialog] = useState<TScanDialog | null>(null);
  const [moveTarget, setMoveTarget] = useState<{ id: string; code: string } | null>(null);
  // The job scanned last (its own label, or a work order's job): Issue charges it until cleared (decision 083).
  const [forJob, setForJob] = useState<TJobOption | null>(null);
  const [camera] = useState(() => inView(SAME_CODE_MS));
  const state = useRef({ dialog, moveTarget });
  state.current = { dialog, moveTarget };

  /** Fills the card a scan added with what its lookup found. */
  const settle = (id: string | undefined, outcome: TScanEntry['outcome']) =>
    setEntries((list) => list.map((e) => (e.id === id ? { ...e, outcome } : e)));

  /** A found item or lot while "Move here" is armed opens the move into that location at once. */
  const afterFound = useCallback((result: TScanResult) => {
    const job = result.kind === 'job' ? result.job : result.kind === 'work-order' ? result.job : null;
    if (job) setForJob({ value: job.id, label: `${job.numberText} · ${job.name}` });
    const target = state.current.moveTarget;
    if (!target || state.current.dialog || (result.kind !== 'item' && result.kind !== 'lot')) return;
    setMoveTarget(null);
    setDialog({ kind: 'move', result, to: target });
  }, []);

  const lookup = useCodeLookup<string>({
    onStart: (code, via) => {
      // A label read while a dialog is open is not a new scan: the dialog is the work at hand.
      if (via === 'camera' && state.current.dialog) return false;
      const id = crypto.randomUUID();
      setEntries((list) => [{ id, code, at: new Date(), outcome: null }, ...list].slice(0, MAX_CARDS));
      return id;
    },
    onFound: (result, via, id) => {
      settle(id, { found: true });
      scanFeedback(true);
      track('scan_item', { success: true, type: via }, '/scan');
      afterFound(result);
    },
    onFailed: (message, via, id) => {
      settle(id, { found: false, message });
      scanFeedback(false);
      track('scan_item', { success: false, type: via }, '/scan');
    },
    wedge: dialog === null,
    clearTyped: true,
  });
  const scan = lookup.lookUp;

  // A code handed over in the address (a QR link to a location) is resolved once, then dropped from the address.
  const handed = params.get('code');
  useEffect(() => {
    if (!handed) return;
    void scan(handed, 'link');
    setParams(
      (p) => {
        p.delete('code');
        return p;
      },
      { replace: true },
    );
  }, [handed, scan, setParams]);

  const count = useMutation({
    mutationFn: startCount,
    onSuccess: async (started) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.stockChecks });
      toast('success', {
        title: 'Count started',
        message: `Count #${started.number} is open: enter what you find.`,
      });
      navigate(`/stock-check?session=${started.id}`);
    },
    onError: (error) =>
      toast('error', {
        title: 'The count could not start',
        message: error instanceof Error ? error.message : '',
      }),
  });

  const act = (action: TScanAction) => {
    const { result } = action;
    switch (action.kind) {
      case 'move-here':
        setMoveTarget({ id: action.result.location.id, code: action.result.location.fullCode });
        return;
      case 'count-location':
        count.mutate({ scope: 'location', locationId: action.result.location.id, title: '', blind: true });
        return;
      case 'count':
        if (result.kind !== 'item' && result.kind !== 'lot') return;
        if (isAdmin) count.mutate({ scope: 'items', itemIds: [result.item.id], title: '', blind: true });
        else navigate('/stock-check');
        return;
      default:
        if (result.kind !== 'item' && result.kind !== 'lot') return;
        setDialog(
          action.kind === 'return'
            ? { kind: 'return-pick', result }
            : action.kind === 'issue'
              ? { kind: 'issue', result, job: forJob }
              : { kind: action.kind, result },
        );
    }
  };

  return (
    <Container size="sm" py="md" px="sm">
      <Stack gap="md">
        <Title order={1} size="h2">
          Scan Items
        </Title>
        <Text c="dimmed" size="sm">
          Point the camera at a label, or scan with a USB or Bluetooth scanner at any time — no need to click
          first.
        </Text>
        <CameraScanner
          onFrame={(codes) => {
            for (const code of camera.frame(codes, Date.now())) void scan(code, 'camera');
          }}
        />
        <CodeEntryForm
          lookup={lookup}
          formLabel="Type a code"
          label="Type a code"
          placeholder="Code, part number, lot or location"
        />
        {moveTarget ? (
          <Alert color="blue" title={`Moving into ${moveTarget.code}`}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">Scan or type the item or lot to move here.</Text>
              <Button variant="default" onClick={() => setMoveTarget(null)}>
                Cancel
              </Button>
            </Group>
          </Alert>
        ) : null}
        {forJob ? (
          <Alert color="indigo" title={`Issuing to ${forJob.label}`}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">
                Issue from a scanned item or lot charges this job. Scan another job to change it.
              </Text>
              <Button variant="default" onClick={() => setForJob(null)}>
                Clear job
              </Button>
            </Group>
          </Alert>
        ) : null}
        <Stack gap="sm" aria-label="Scans" aria-live="polite">
          {entries.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              Nothing scanned yet.
            </Text>
          ) : (
            entries.map((entry) => (
              <ScanCard
                key={entry.id}
                entry={entry}
                isAdmin={isAdmin}
                allowBorrowing={config.allowBorrowing}
                onAction={act}
              />
            ))
          )}
        </Stack>
      </Stack>
      <ScanDialogs dialog={dialog} onChange={setDialog} />
    </Container>
  );
}
