// QC Setup's Defect codes: the company's one list for inspection failures and build scrap (so both land in one
// Pareto), searched and paged on the server, a table on wide screens and cards on phones. Admins add and change codes;
// a code is never deleted (results keep naming it), it is switched off.
import { Badge, Button, Card, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { TDefectCode, TDefectCodeListQuery, TDefectSeverity } from '#common/schemas/defect-codes.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { ListChoice, ListSearch } from '../../components/data-list/list-filters.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { listDefectCodes, qcKeys } from './api.ts';
import { DefectCodeDialog } from './defect-code-dialog.tsx';
import { SEVERITY_LABELS } from './labels.ts';

const PAGE_SIZE = 50;
type TActive = TDefectCodeListQuery['active'];

const ACTIVE_OPTIONS: { value: TActive; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Switched off' },
  { value: 'all', label: 'All' },
];

function SeverityBadge({ severity }: { severity: TDefectSeverity }) {
  return severity === 'critical' ? (
    <Badge variant="filled" color="red.9">
      Critical
    </Badge>
  ) : (
    <Badge variant="light" color={severity === 'major' ? 'orange' : 'gray'} c="var(--mantine-color-text)">
      {SEVERITY_LABELS[severity]}
    </Badge>
  );
}

const columns = (edit: ((c: TDefectCode) => void) | null): TListColumn<TDefectCode>[] => [
  { id: 'code', header: 'Code', cell: (c) => c.code, cellProps: () => ({ fw: 600 }) },
  { id: 'name', header: 'Name', cell: (c) => c.name },
  { id: 'category', header: 'Category', cell: (c) => c.category || '—' },
  { id: 'severity', header: 'Severity', cell: (c) => <SeverityBadge severity={c.severity} /> },
  {
    id: 'status',
    header: 'Status',
    cell: (c) => <StatusBadge of="record" status={c.active ? 'active' : 'inactive'} />,
  },
  ...(edit
    ? [
        {
          id: 'actions',
          header: 'Actions',
          headerHidden: true,
          cell: (c: TDefectCode) => (
            <Button size="xs" variant="light" onClick={() => edit(c)} aria-label={`Edit ${c.code}`}>
              Edit
            </Button>
          ),
        },
      ]
    : []),
];

function DefectCodeCard({ c, onEdit }: { c: TDefectCode; onEdit: ((c: TDefectCode) => void) | null }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={`${c.code} ${c.name}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {c.code}
        </Text>
        <Group gap={6} wrap="nowrap">
          <SeverityBadge severity={c.severity} />
          <StatusBadge of="record" status={c.active ? 'active' : 'inactive'} />
        </Group>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {c.name}
      </Text>
      <Text size="sm" c="dimmed">
        {c.category || 'No category'}
      </Text>
      {onEdit ? (
        <Group mt="xs">
          <Button size="xs" variant="light" onClick={() => onEdit(c)} aria-label={`Edit ${c.code}`}>
            Edit
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}

export function DefectCodeList({ isAdmin }: { isAdmin: boolean }) {
  const list = useListState<{ active: TActive }>({ pageSize: PAGE_SIZE, filters: { active: 'active' } });
  const { q } = list;
  const { active } = list.filters;
  const [editing, setEditing] = useState<TDefectCode | 'new' | null>(null);
  const edit = isAdmin ? setEditing : null;
  const codeColumns = useMemo(() => columns(edit), [edit]);
  const query: TDefectCodeListQuery = { page: list.page, pageSize: PAGE_SIZE, q, active };
  const codes = useQuery({
    queryKey: [...qcKeys.defectCodes, query],
    queryFn: ({ signal }) => listDefectCodes(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <DataList
        query={codes}
        columns={codeColumns}
        rowKey={(c) => c.id}
        label="Defect codes"
        paging={list}
        pagesLabel="Pages of defect codes"
        errorTitle="Defect codes could not be loaded"
        loadingLabel="Loading defect codes"
        summary={{
          noun: 'defect code',
          empty: q
            ? `No defect codes match “${q}”. Check the spelling, or show All.`
            : active === 'inactive'
              ? 'No defect codes switched off.'
              : isAdmin
                ? 'No defect codes yet. Add the first with “Add defect code”: inspectors and the floor pick from them.'
                : 'No defect codes yet. An admin adds them here.',
        }}
        card={(c) => <DefectCodeCard c={c} onEdit={edit} />}
        minWidth={680}
        toolbar={
          <>
            <ListSearch
              list={list}
              label="Search defect codes"
              placeholder="Code, name or category"
              visibleLabel
            />
            <ListChoice
              label="Show"
              visibleLabel
              options={ACTIVE_OPTIONS}
              value={active}
              onChange={(next) => list.setFilter('active', next)}
              w={170}
            />
          </>
        }
        actions={
          isAdmin ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              Add defect code
            </Button>
          ) : null
        }
      />
      {isAdmin ? <DefectCodeDialog target={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
