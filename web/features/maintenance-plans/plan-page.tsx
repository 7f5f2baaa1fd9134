// One maintenance plan (?id=…): its machine, schedule in words, checklist and window; its open occurrence with its
// state and "Complete", and the job it is charged to (the shared card, with the Time area on); its next five due dates (the server's, the same the Add/Edit preview computes); Edit, Switch
// off/on; and its history of completed and missed occurrences, newest first.
import { Button, Card, Container, Grid, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconPower } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TPlanDetail } from '#common/schemas/maintenance-plans.ts';
import { BackButton } from '../../components/back-button.tsx';
import { Fact } from '../../components/fact.tsx';
import { CompleteOccurrenceDialog } from '../../components/maintenance/complete-occurrence-dialog.tsx';
import { OccurrenceJob } from '../../components/maintenance/occurrence-job.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { toast } from '../../lib/toast.ts';
import { getPlan, planKeys, setPlanActive } from './api.ts';
import { DuePreview } from './due-preview.tsx';
import { NextDue } from './next-due.tsx';
import { PlanDialog } from './plan-dialog.tsx';
import { PlanHistory } from './plan-history.tsx';
import { scheduleInWords } from './schedule-words.ts';

export function PlanPage({ planId }: { planId: string }) {
  const client = useQueryClient();
  const [open, setOpen] = useState<'edit' | 'complete' | null>(null);
  const plan = useQuery({ queryKey: planKeys.one(planId), queryFn: ({ signal }) => getPlan(planId, signal) });
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: planKeys.all });
  };
  const switchOver = useMutation({
    mutationFn: (active: boolean) => setPlanActive(planId, active),
    onSuccess: async (saved: TPlanDetail) => {
      client.setQueryData(planKeys.one(saved.id), saved);
      await refresh();
      toast('success', {
        title: saved.active ? 'Plan switched on' : 'Plan switched off',
        message: saved.active
          ? 'Its open work is back in the due lists.'
          : 'Its open work waits, out of the due lists, until you switch it on again.',
      });
    },
    onError: (error) => toast('error', { title: 'The plan was not switched', message: messageOf(error) }),
  });
  if (!plan.data)
    return (
      <Container size="lg" py="lg">
        <QueryStatus query={plan} errorTitle="This plan could not be loaded" loadingLabel="Loading plan" />
      </Container>
    );
  const p = plan.data;
  const close = () => setOpen(null);
  return (
    <Container size="lg" py="lg">
      <Stack>
        <BackButton />
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
              {p.title}
            </Title>
            <Text size="sm" c="dimmed">
              {p.machine.name} ({p.machine.assetTag}) · {scheduleInWords(p)}
              {p.active ? '' : ' · switched off'}
            </Text>
          </div>
          <Group gap="sm" wrap="wrap">
            {p.open && p.active ? (
              <Button leftSection={<IconCheck size={16} />} onClick={() => setOpen('complete')}>
                Complete
              </Button>
            ) : null}
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setOpen('edit')}>
              Edit
            </Button>
            <Button
              variant="default"
              leftSection={<IconPower size={16} />}
              loading={switchOver.isPending}
              onClick={() => switchOver.mutate(!p.active)}
            >
              {p.active ? 'Switch off' : 'Switch on'}
            </Button>
          </Group>
        </Group>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card withBorder padding="md">
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <Fact label="Next due">
                  <NextDue open={p.open} active={p.active} />
                </Fact>
                <Fact label="Assignee">{p.assignee?.name ?? 'Unassigned'}</Fact>
                <Fact label="Window">
                  {p.leadDays} lead days · {p.graceDays} grace days
                  {p.meterEveryHours ? ` · ${p.graceHours} grace hours` : ''}
                </Fact>
                <Fact label="Estimated time">{p.estimatedMinutes} minutes</Fact>
                <Fact label="Checklist">
                  {p.checklist.length === 0 ? (
                    'No tasks'
                  ) : (
                    <List type="ordered" size="sm">
                      {p.checklist.map((t, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a saved checklist's order is its identity
                        <List.Item key={i}>{t.text}</List.Item>
                      ))}
                    </List>
                  )}
                </Fact>
              </SimpleGrid>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <DuePreview dates={p.nextDueDates} metered={p.meterEveryHours !== null} />
          </Grid.Col>
        </Grid>
        {p.open && p.open.status === 'open' ? <OccurrenceJob occurrenceId={p.open.id} /> : null}
        <PlanHistory plan={p} />
      </Stack>
      <PlanDialog opened={open === 'edit'} plan={p} onClose={close} onSaved={close} />
      <CompleteOccurrenceDialog
        occurrenceId={open === 'complete' ? (p.open?.id ?? null) : null}
        title={p.title}
        onClose={close}
        onCompleted={async () => {
          close();
          await refresh();
        }}
      />
    </Container>
  );
}
