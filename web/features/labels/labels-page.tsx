// /labels (Tag Items): pick items, lots, locations, everything in a location or work orders (Build on), copies, a
// format, an output and the printer's resolution; the file downloads with progress shown while the server draws a
// big run. The picked work orders' travellers print as one PDF (decision 053).
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Container,
  Group,
  NumberInput,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { featureFlagsOf } from '#common/label-config.ts';
import { PRINT_MAX_COPIES, PRINT_MAX_LABELS, type TPrintRequest } from '#common/schemas/labels.ts';
import { LabelPrintOptions, useLabelPrintOptions } from '../../components/label-print-options.tsx';
import { track } from '../../lib/analytics.ts';
import { ApiError } from '../../lib/api-client.ts';
import { configOf, useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { download, printLabels, printTravellers } from './api.ts';
import { JobsToLabel } from './jobs-to-label.tsx';
import { MachinesToLabel } from './machine-picker.tsx';
import { TargetPicker, type TPick } from './target-picker.tsx';
import { WorkOrdersToLabel } from './work-order-picker.tsx';

const KIND_LABELS: Record<TPick['kind'], string> = {
  item: 'Item',
  lot: 'Lot',
  location: 'Location',
  'work-order': 'Work order',
  machine: 'Machine',
  job: 'Job',
  'everything-in': 'Stock',
};

export default function LabelsPage() {
  const options = useLabelPrintOptions();
  const { formatId: chosenFormat, output, dpi } = options;
  const [picks, setPicks] = useState<TPick[]>([]);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [printingTravellers, setPrintingTravellers] = useState(false);
  const areas = featureFlagsOf(configOf(useSession().data));
  const buildOn = areas.build;
  const workOrderIds = useMemo(() => picks.filter((p) => p.kind === 'work-order').map((p) => p.id), [picks]);
  const pickedWorkOrders = useMemo(() => new Set(workOrderIds), [workOrderIds]);
  const pickedMachines = useMemo(
    () => new Set(picks.filter((p) => p.kind === 'machine').map((p) => p.id)),
    [picks],
  );
  const pickedJobs = useMemo(() => new Set(picks.filter((p) => p.kind === 'job').map((p) => p.id)), [picks]);

  const add = (pick: Omit<TPick, 'copies'>) =>
    setPicks((all) =>
      all.some((p) => p.kind === pick.kind && p.id === pick.id) ? all : [...all, { ...pick, copies: 1 }],
    );
  const known = picks.filter((p) => p.kind !== 'everything-in').reduce((sum, p) => sum + p.copies, 0);

  const showFailure = (e: unknown, title: string, fallback: string) => {
    const message = e instanceof ApiError ? e.message : fallback;
    const fields = e instanceof ApiError ? Object.values(e.fieldErrors) : [];
    setError([message, ...fields.filter((f) => f !== message)].join(' '));
    toast('error', { title, message });
  };

  const travellers = async () => {
    setError(null);
    setPrintingTravellers(true);
    try {
      const file = await printTravellers({ workOrderIds });
      toast('success', {
        title: `${file.count} ${file.count === 1 ? 'traveller' : 'travellers'} ready`,
        message: file.filename,
      });
    } catch (e) {
      showFailure(e, 'Travellers not printed', 'The travellers could not be printed. Try again.');
    } finally {
      setPrintingTravellers(false);
    }
  };

  const print = async () => {
    if (!chosenFormat) return;
    const everything = picks.find((p) => p.kind === 'everything-in');
    const request: TPrintRequest = {
      formatId: chosenFormat,
      output,
      dpi,
      targets: picks.flatMap((p) =>
        p.kind === 'everything-in' ? [] : [{ kind: p.kind, id: p.id, copies: p.copies }],
      ),
      everythingIn: everything ? { locationId: everything.id, copies: everything.copies } : null,
    };
    setError(null);
    setProgress({ done: 0, total: known });
    try {
      const file = await printLabels(request, (done, total) => setProgress({ done, total }));
      download(file);
      track('print_labels', { value: file.labels, output });
      toast('success', {
        title: `${file.labels} ${file.labels === 1 ? 'label' : 'labels'} ready`,
        message: file.filename,
      });
    } catch (e) {
      showFailure(e, 'Labels not printed', 'The labels could not be printed. Try again.');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Container size="md" py="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }} mb="md">
        Tag Items
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            What to label
          </Title>
          <TargetPicker onPick={add} />
        </Card>
        <Card withBorder>
          <Stack gap="sm">
            <Title order={2} size="h4">
              How to print
            </Title>
            <LabelPrintOptions options={options} />
          </Stack>
        </Card>
      </SimpleGrid>
      {buildOn ? <WorkOrdersToLabel picked={pickedWorkOrders} onPick={add} /> : null}
      {areas.maintenance ? <MachinesToLabel picked={pickedMachines} onPick={add} /> : null}
      {areas.time ? <JobsToLabel picked={pickedJobs} onPick={add} /> : null}
      <Card withBorder mt="lg">
        <Title order={2} size="h4" mb="sm">
          Selected ({picks.length})
        </Title>
        {picks.length === 0 ? (
          <Text c="dimmed">
            Find an item{buildOn ? ', a work order' : ''}
            {areas.maintenance ? ', a machine' : ''}
            {areas.time ? ', a job' : ''} or choose a location above, then add it here.
          </Text>
        ) : null}
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Selected labels">
          {picks.map((pick) => (
            <Group
              key={`${pick.kind}:${pick.id}`}
              component="li"
              justify="space-between"
              wrap="wrap"
              gap="xs"
            >
              <Group gap="xs" style={{ minWidth: 0, flex: 1 }}>
                <Badge variant="light">{KIND_LABELS[pick.kind]}</Badge>
                <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {pick.label}
                </Text>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <NumberInput
                  size="xs"
                  w={90}
                  min={1}
                  max={PRINT_MAX_COPIES}
                  allowDecimal={false}
                  aria-label={`Copies of ${pick.label}`}
                  value={pick.copies}
                  onChange={(v) =>
                    setPicks((all) =>
                      all.map((p) =>
                        p === pick
                          ? { ...p, copies: Math.max(1, Math.min(PRINT_MAX_COPIES, Number(v) || 1)) }
                          : p,
                      ),
                    )
                  }
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove ${pick.label}`}
                  onClick={() => setPicks((all) => all.filter((p) => p !== pick))}
                >
                  ×
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Stack>
        {progress ? (
          <Stack gap={4} mt="md" aria-live="polite">
            <Progress
              value={progress.total ? (100 * progress.done) / progress.total : 100}
              animated={progress.done === 0}
            />
            <Text size="sm">
              {progress.done === 0
                ? 'Preparing the labels…'
                : `Drawn ${progress.done} of ${progress.total} labels…`}
            </Text>
          </Stack>
        ) : null}
        {error ? (
          <Text c="red" size="sm" mt="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="space-between" mt="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            Up to {PRINT_MAX_LABELS.toLocaleString('en-US')} labels per print.
          </Text>
          <Group gap="sm" wrap="wrap">
            {buildOn ? (
              <Button
                variant="default"
                onClick={() => void travellers()}
                disabled={workOrderIds.length === 0}
                loading={printingTravellers}
              >
                {workOrderIds.length > 0 ? `Print travellers (${workOrderIds.length})` : 'Print travellers'}
              </Button>
            ) : null}
            <Button
              onClick={() => void print()}
              disabled={picks.length === 0 || !chosenFormat}
              loading={progress !== null}
            >
              Print labels
            </Button>
          </Group>
        </Group>
      </Card>
    </Container>
  );
}
