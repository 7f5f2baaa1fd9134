// QC Setup's plans: every inspection plan of the company by item, stage and name, paged and filtered on the server
// (item, stage, on or off, a search in the plan's name and the item's part number and name); a table on wide screens
// and cards on phones. Each row says the version in force and whether a draft is waiting. Admins add plans.
import { Anchor, Badge, Button, Card, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  INSPECTION_STAGES,
  STAGE_LABELS,
  type TInspectionStage,
  type TPlanListQuery,
  type TPlanRow,
} from '#common/schemas/inspection-plans.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { ListChoice, ListSearch } from '../../components/data-list/list-filters.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { ItemSelect, type TItemOption } from '../../components/item-pickers.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { listPlans, planPath, qcKeys } from './api.ts';
import { versionText } from './labels.ts';
import { NewPlanDialog } from './new-plan-dialog.tsx';

const PAGE_SIZE = 25;
type TStageFilter = TInspectionStage | 'all';
type TActive = TPlanListQuery['active'];

const STAGE_OPTIONS: { value: TStageFilter; label: string }[] = [
  { value: 'all', label: 'All stages' },
  ...INSPECTION_STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] })),
];
const ACTIVE_OPTIONS: { value: TActive; label: string }[] = [
  { value: 'all', label: 'On and off' },
  { value: 'active', label: 'On' },
  { value: 'inactive', label: 'Off' },
];

const COLUMNS: TListColumn<TPlanRow>[] = [
  { id: 'item', header: 'Item', cell: (p) => p.item.partNumber, cellProps: () => ({ fw: 600 }) },
  { id: 'itemName', header: 'Item name', cell: (p) => p.item.name },
  { id: 'stage', header: 'Stage', cell: (p) => STAGE_LABELS[p.stage] },
  { id: 'name', header: 'Plan', cell: (p) => p.name },
  {
    id: 'version',
    header: 'Version',
    cell: (p) => (
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{p.releasedNumber === null ? '—' : `v${p.releasedNumber}`}</Text>
        {p.draftNumber === null ? null : (
          <Badge variant="light" color="gray">
            Draft v{p.draftNumber}
          </Badge>
        )}
      </Group>
    ),
  },
  {
    id: 'active',
    header: 'Status',
    cell: (p) => <StatusBadge of="record" status={p.active ? 'active' : 'inactive'} />,
  },
];

function PlanCard({ p }: { p: TPlanRow }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={`${p.item.partNumber} ${p.name}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={planPath(p.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {p.name}
        </Anchor>
        <StatusBadge of="record" status={p.active ? 'active' : 'inactive'} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {p.item.partNumber} · {p.item.name}
      </Text>
      <Text size="sm" c="dimmed">
        {STAGE_LABELS[p.stage]} · {versionText(p)}
      </Text>
    </Card>
  );
}

export function PlanList({ isAdmin }: { isAdmin: boolean }) {
  const navigate = useNavigate();
  const list = useListState<{ stage: TStageFilter; active: TActive; item: TItemOption | null }>({
    pageSize: PAGE_SIZE,
    filters: { stage: 'all', active: 'all', item: null },
  });
  const [adding, setAdding] = useState(false);
  const { stage, active, item } = list.filters;
  const query: TPlanListQuery = {
    page: list.page,
    pageSize: PAGE_SIZE,
    q: list.q,
    active,
    ...(stage === 'all' ? {} : { stage }),
    ...(item ? { itemId: String(item.value) } : {}),
  };
  const page = useQuery({
    queryKey: qcKeys.plans(query),
    queryFn: ({ signal }) => listPlans(query, signal),
    placeholderData: keepPreviousData,
  });
  const filtered = Boolean(list.q || item || stage !== 'all' || active !== 'all');
  return (
    <>
      <DataList
        query={page}
        columns={COLUMNS}
        rowKey={(p) => p.id}
        label="Inspection plans"
        paging={list}
        pagesLabel="Pages of inspection plans"
        errorTitle="Inspection plans could not be loaded"
        loadingLabel="Loading inspection plans"
        summary={{
          noun: 'plan',
          empty: filtered
            ? 'No plan matches these filters. Clear the search or choose All stages.'
            : isAdmin
              ? 'No inspection plans yet. Add the first with “Add plan”: a receipt plan for a bought part is a good start.'
              : 'No inspection plans yet. An admin sets them up here.',
        }}
        rowHref={(p) => planPath(p.id)}
        card={(p) => <PlanCard p={p} />}
        minWidth={760}
        toolbar={
          <>
            <ListSearch
              list={list}
              label="Search plans"
              placeholder="Plan, part number or name"
              visibleLabel
            />
            <div style={{ width: 280, maxWidth: '100%' }}>
              <ItemSelect
                label="Item"
                description={null}
                required={false}
                value={item}
                onChange={(next) => list.setFilter('item', next)}
              />
            </div>
            <ListChoice
              label="Stage"
              visibleLabel
              options={STAGE_OPTIONS}
              value={stage}
              onChange={(next) => list.setFilter('stage', next)}
              w={170}
            />
            <ListChoice
              label="Status"
              visibleLabel
              options={ACTIVE_OPTIONS}
              value={active}
              onChange={(next) => list.setFilter('active', next)}
              w={150}
            />
          </>
        }
        actions={
          isAdmin ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Add plan
            </Button>
          ) : null
        }
      />
      {isAdmin ? (
        <NewPlanDialog
          opened={adding}
          onClose={() => setAdding(false)}
          onCreated={(planId) => {
            setAdding(false);
            navigate(planPath(planId));
          }}
        />
      ) : null}
    </>
  );
}
