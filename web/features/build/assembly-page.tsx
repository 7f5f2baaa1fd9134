// One assembly (/assembly-setup?id=…&rev=…): its item, the revision shown (the draft when there is one, else the
// current released one), edited on the form kit while a draft or read only once released, Release and Edit, the
// revision history and the cost roll-up.
import { Button, Container, Group, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BackButton } from '../../components/back-button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { buildKeys, getAssembly, getRevision, openDraft, releaseRevision } from './api.ts';
import { BomEditor } from './bom-editor.tsx';
import { CostRollUp } from './cost-rollup.tsx';
import { RevisionHistory } from './revision-history.tsx';
import { RevisionView } from './revision-view.tsx';

export function AssemblyPage({ assemblyId }: { assemblyId: string }) {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const assembly = useQuery({
    queryKey: buildKeys.assembly(assemblyId),
    queryFn: ({ signal }) => getAssembly(assemblyId, signal),
  });
  const shownId =
    params.get('rev') ?? assembly.data?.draftRevisionId ?? assembly.data?.currentRevisionId ?? null;
  const revision = useQuery({
    queryKey: buildKeys.revision(shownId ?? ''),
    queryFn: ({ signal }) => getRevision(shownId as string, signal),
    enabled: shownId !== null,
  });
  const show = (revisionId: string) => setParams({ id: assemblyId, rev: revisionId }, { replace: false });
  const refresh = () => client.invalidateQueries({ queryKey: buildKeys.all });
  // Releasing freezes the revision for good, so it is asked first (issue 29).
  const [confirming, setConfirming] = useState(false);
  const release = useMutation({
    mutationFn: releaseRevision,
    onSuccess: async () => {
      setConfirming(false);
      await refresh();
    },
  });
  const edit = useMutation({
    mutationFn: () => openDraft(assemblyId),
    onSuccess: async (draft) => {
      await refresh();
      show(draft.id);
    },
  });

  if (!assembly.data)
    return (
      <Container size="xl" py="lg">
        <QueryStatus
          query={assembly}
          errorTitle="This assembly could not be loaded"
          loadingLabel="Loading assembly"
        />
      </Container>
    );
  const a = assembly.data;
  const r = revision.data;

  return (
    <Container size="xl" py="lg">
      <Stack>
        <BackButton />
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {a.item.partNumber}
          </Title>
          <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
            {a.item.name}
          </Text>
        </div>
        {r ? (
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Title order={2} fz="xl">
                Revision {r.number}
              </Title>
              <StatusBadge of="revision" status={r.status} />
              {r.basedOnNumber === null ? null : (
                <Text size="sm" c="dimmed">
                  from rev {r.basedOnNumber}
                </Text>
              )}
            </Group>
            <Group gap="sm">
              {r.status === 'draft' ? (
                <Button color="green" onClick={() => setConfirming(true)}>
                  Release revision {r.number}…
                </Button>
              ) : (
                <Button loading={edit.isPending} onClick={() => edit.mutate()}>
                  {a.draftRevisionId ? 'Open the draft' : 'Edit (new draft)'}
                </Button>
              )}
            </Group>
          </Group>
        ) : null}
        {edit.error ? <ErrorAlert>{messageOf(edit.error)}</ErrorAlert> : null}
        {r?.status === 'released' ? (
          <Text size="sm" c="dimmed">
            Released revisions are frozen: work orders keep the revision they were made from. Edit makes a new
            draft from this one.
          </Text>
        ) : null}

        <Tabs defaultValue="bom" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="bom">Components and steps</Tabs.Tab>
            <Tabs.Tab value="cost">Cost</Tabs.Tab>
            <Tabs.Tab value="history">Revisions ({a.revisions.length})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="bom" pt="md">
            {r ? (
              r.status === 'draft' ? (
                <BomEditor key={`${r.id}-${r.lineCount}`} revision={r} />
              ) : (
                <RevisionView revision={r} />
              )
            ) : (
              <QueryStatus
                query={revision}
                errorTitle="This revision could not be loaded"
                loadingLabel="Loading revision"
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="cost" pt="md">
            {shownId ? <CostRollUp revisionId={shownId} /> : null}
          </Tabs.Panel>
          <Tabs.Panel value="history" pt="md">
            <RevisionHistory assembly={a} shown={shownId ?? ''} onShow={show} />
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {r?.status === 'draft' ? (
        <Modal
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={`Release revision ${r.number} of ${a.item.partNumber}?`}
        >
          <Stack>
            <Text size="sm">
              A released revision is frozen: its components and steps can no longer be changed. New work
              orders for {a.item.partNumber} are made from it; work orders made before keep the revision they
              were made from. To change it later, Edit makes a new draft from it.
            </Text>
            {release.error ? <ErrorAlert>{messageOf(release.error)}</ErrorAlert> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
                Keep it a draft
              </Button>
              <Button color="green" loading={release.isPending} onClick={() => release.mutate(r.id)}>
                Release revision {r.number}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Container>
  );
}
