// One inspection plan (/quality/item-instructions?plan=…&version=…): its item and stage, its versions (the draft when
// there is one, else the version in force, unless another is chosen), the draft's editor for admins or the version
// read only, Edit (a new draft from the released one), and renaming or switching the plan off.
import { Anchor, Badge, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { hasRole } from '#common/roles.ts';
import { STAGE_LABELS } from '#common/schemas/inspection-plans.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { messageOf } from '../../lib/api-errors.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { getPlan, getVersion, openPlanDraft, qcKeys } from './api.ts';
import { versionText } from './labels.ts';
import { PlanSettingsDialog } from './plan-settings-dialog.tsx';
import { VersionEditor } from './version-editor.tsx';
import { VersionHistory } from './version-history.tsx';
import { VersionView } from './version-view.tsx';

export function PlanPage({ planId }: { planId: string }) {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const { data: session } = useSession();
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  const [settings, setSettings] = useState(false);
  const plan = useQuery({ queryKey: qcKeys.plan(planId), queryFn: ({ signal }) => getPlan(planId, signal) });
  const shownId = params.get('version') ?? plan.data?.draftVersionId ?? plan.data?.releasedVersionId ?? null;
  const version = useQuery({
    queryKey: qcKeys.version(shownId ?? ''),
    queryFn: ({ signal }) => getVersion(shownId as string, signal),
    enabled: shownId !== null,
  });
  const show = (versionId: string) => setParams({ plan: planId, version: versionId });
  const edit = useMutation({
    mutationFn: () => openPlanDraft(planId),
    onSuccess: async (detail) => {
      await client.invalidateQueries({ queryKey: qcKeys.all });
      void client.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', {
        title: `Draft version ${detail.draftNumber} made`,
        message: `Copied from version ${detail.releasedNumber}; version ${detail.releasedNumber} stays in force until you release the draft.`,
      });
      if (detail.draftVersionId) show(detail.draftVersionId);
    },
  });

  if (!plan.data)
    return (
      <Container size="xl" py="lg">
        <QueryStatus query={plan} errorTitle="This plan could not be loaded" loadingLabel="Loading plan" />
      </Container>
    );
  const p = plan.data;
  const v = version.data?.id === shownId ? version.data : undefined;
  return (
    <Container size="xl" py="lg">
      <Stack>
        <PageHeader
          title={p.name}
          badges={
            <>
              <Badge variant="light">{STAGE_LABELS[p.stage]}</Badge>
              <StatusBadge of="record" status={p.active ? 'active' : 'inactive'} />
            </>
          }
          subtitle={
            <Anchor component={Link} to={`/items?id=${encodeURIComponent(p.item.id)}`}>
              {p.item.partNumber} · {p.item.name}
            </Anchor>
          }
          actions={
            isAdmin ? (
              <>
                {p.draftVersionId === null && p.releasedVersionId !== null ? (
                  <Button loading={edit.isPending} onClick={() => edit.mutate()}>
                    Edit (new draft)
                  </Button>
                ) : null}
                <Button variant="default" onClick={() => setSettings(true)}>
                  Rename or switch off
                </Button>
              </>
            ) : undefined
          }
        >
          <Text size="sm" c="dimmed">
            {versionText(p)}
            {p.active ? '' : ' · switched off: new inspections do not use it'}
          </Text>
        </PageHeader>
        {edit.error ? <ErrorAlert>{messageOf(edit.error)}</ErrorAlert> : null}
        {v ? (
          <>
            <Title order={2} fz="xl">
              Version {v.number} <StatusBadge of="revision" status={v.status} />
            </Title>
            {v.status === 'draft' && isAdmin ? (
              <VersionEditor key={`${v.id}-${v.checks.length}`} version={v} onShow={show} />
            ) : (
              <>
                {v.status === 'released' ? (
                  <Text size="sm" c="dimmed">
                    A released version is frozen: inspections keep the version they were judged by.
                    {isAdmin ? ' Edit makes a new draft from it.' : ''}
                  </Text>
                ) : null}
                <VersionView version={v} />
              </>
            )}
          </>
        ) : (
          <QueryStatus
            query={version}
            errorTitle="This version could not be loaded"
            loadingLabel="Loading version"
          />
        )}
        <Title order={2} fz="xl">
          Versions
        </Title>
        <VersionHistory plan={p} shown={shownId ?? ''} onShow={show} />
      </Stack>
      {isAdmin ? <PlanSettingsDialog plan={p} opened={settings} onClose={() => setSettings(false)} /> : null}
    </Container>
  );
}
