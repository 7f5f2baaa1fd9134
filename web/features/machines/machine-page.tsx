// One machine (?id=…): its status, place and particulars, Change status (with why), Record meter reading (never below
// the latest: the server's refusal lands on the field), Edit, Print label (Tag Items' label, decision 060), and its
// history of status changes and meter readings, newest first.
import { Button, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconGauge, IconPencil, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TMachineDetail } from '#common/schemas/machines.ts';
import { Fact } from '../../components/fact.tsx';
import { MachineStatusMoves } from '../../components/maintenance/machine-status-moves.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PrintLabelDialog } from '../../components/print-label-dialog.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate, When } from '../../components/when.tsx';
import { getMachine, machineKeys } from './api.ts';
import { MeterReadingDialog, StatusDialog } from './machine-actions.tsx';
import { MachineDialog } from './machine-dialog.tsx';
import { formatHours } from './meter-format.ts';

function MeterHistory({ m }: { m: TMachineDetail }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="machine-meter-history">
      <Title order={2} fz="lg" id="machine-meter-history" mb="xs">
        Meter readings
      </Title>
      {m.meterReadings.length === 0 ? (
        <Text size="sm" c="dimmed">
          No readings yet. Record one with “Record meter reading”.
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {m.meterReadings.map((r) => (
            <li key={r.id}>
              <Text size="sm" fw={600}>
                {formatHours(r.reading)}
                {r.source === 'work_order' ? ' · from a work order' : ''}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                <When at={r.readAt} /> · {r.byName}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export function MachinePage({ machineId }: { machineId: string }) {
  const [open, setOpen] = useState<'edit' | 'status' | 'meter' | 'label' | null>(null);
  const machine = useQuery({
    queryKey: machineKeys.one(machineId),
    queryFn: ({ signal }) => getMachine(machineId, signal),
  });
  if (!machine.data)
    return (
      <Container size="lg" py="lg">
        <QueryStatus
          query={machine}
          errorTitle="This machine could not be loaded"
          loadingLabel="Loading machine"
        />
      </Container>
    );
  const m = machine.data;
  const close = () => setOpen(null);
  return (
    <Container size="lg" py="lg">
      <Stack>
        <PageHeader
          title={m.name}
          badges={<StatusBadge of="machine" status={m.status} />}
          actions={
            <>
              <Button leftSection={<IconRefresh size={16} />} onClick={() => setOpen('status')}>
                Change status
              </Button>
              <Button
                variant="default"
                leftSection={<IconGauge size={16} />}
                onClick={() => setOpen('meter')}
              >
                Record meter reading
              </Button>
              <Button
                variant="default"
                leftSection={<IconPencil size={16} />}
                onClick={() => setOpen('edit')}
              >
                Edit
              </Button>
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                onClick={() => setOpen('label')}
              >
                Print label
              </Button>
            </>
          }
        >
          <Text size="sm" c="dimmed">
            Asset tag {m.assetTag} · meter {formatHours(m.meterReading)}
            {m.meterReadAt ? (
              <>
                {' '}
                (read <When at={m.meterReadAt} />)
              </>
            ) : null}
          </Text>
        </PageHeader>
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            <Fact label="Location">
              {m.location ? `${m.location.code} · ${m.location.name}` : 'Not placed'}
            </Fact>
            <Fact label="Make">{m.make || '—'}</Fact>
            <Fact label="Model">{m.model || '—'}</Fact>
            <Fact label="Serial number">{m.serial || '—'}</Fact>
            <Fact label="Commissioned">
              {m.commissionedOn ? <OnDate date={m.commissionedOn} /> : 'Not known'}
            </Fact>
          </SimpleGrid>
        </Card>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <MachineStatusMoves id="machine-status-history" title="Status history" events={m.statusHistory} />
          <MeterHistory m={m} />
        </SimpleGrid>
      </Stack>
      <MachineDialog opened={open === 'edit'} machine={m} onClose={close} onSaved={close} />
      <StatusDialog opened={open === 'status'} machine={m} onClose={close} />
      <MeterReadingDialog opened={open === 'meter'} machine={m} onClose={close} />
      <PrintLabelDialog
        opened={open === 'label'}
        onClose={close}
        target={{ kind: 'machine', id: m.id }}
        name={`${m.name} (${m.assetTag})`}
      />
    </Container>
  );
}
