// The company's assemblies by part number, paged and searched on the server, with the state of their revisions;
// "New assembly" makes an item one. A table on wide screens, cards on phones.
import { Anchor, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TAssemblyListQuery, TAssemblySummary } from '#common/schemas/build.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { buildKeys, listAssemblies } from './api.ts';
import { NewAssemblyDialog } from './new-assembly-dialog.tsx';

const PAGE_SIZE = 25;
const linkTo = (a: TAssemblySummary) => `/assembly-setup?id=${encodeURIComponent(a.id)}`;

/** "Rev 2 Released · Rev 3 Draft": the released revision in use and the draft being edited, if any. */
export function RevisionState({ a }: { a: Pick<TAssemblySummary, 'releasedNumber' | 'draftNumber'> }) {
  return (
    <Group gap={6} wrap="wrap">
      {a.releasedNumber === null ? null : (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">Rev {a.releasedNumber}</Text>
          <StatusBadge of="revision" status="released" />
        </Group>
      )}
      {a.draftNumber === null ? null : (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">Rev {a.draftNumber}</Text>
          <StatusBadge of="revision" status="draft" />
        </Group>
      )}
    </Group>
  );
}

const COLUMNS: TListColumn<TAssemblySummary>[] = [
  { id: 'part', header: 'Part number', cell: (a) => a.partNumber, cellProps: () => ({ fw: 600 }) },
  { id: 'name', header: 'Name', cell: (a) => a.name },
  { id: 'revisions', header: 'Revisions', cell: (a) => <RevisionState a={a} /> },
  { id: 'lines', header: 'Components', cell: (a) => a.lineCount, numeric: true },
];

function AssemblyCard({ a }: { a: TAssemblySummary }) {
  return (
    <Card component="article" withBorder padding="sm" aria-label={a.partNumber}>
      <Anchor component={Link} to={linkTo(a)} fw={600} style={{ overflowWrap: 'anywhere' }}>
        {a.partNumber}
      </Anchor>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {a.name}
      </Text>
      <Group justify="space-between" mt={6} wrap="wrap">
        <RevisionState a={a} />
        <Text size="xs" c="dimmed">
          {a.lineCount} component{a.lineCount === 1 ? '' : 's'}
        </Text>
      </Group>
    </Card>
  );
}

export function AssemblyList() {
  const list = useListState({ pageSize: PAGE_SIZE });
  const [adding, setAdding] = useState(false);
  const query: TAssemblyListQuery = { q: list.q, page: list.page, pageSize: PAGE_SIZE };
  const page = useQuery({
    queryKey: buildKeys.assemblies(query),
    queryFn: ({ signal }) => listAssemblies(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Assembly Setup
      </Title>
      <Text c="dimmed" maw={720}>
        What you build and from what: each assembly’s components per unit with their scrap allowance, its
        steps, and what one unit costs. A released revision is frozen; Edit makes a new draft from it.
      </Text>
      <DataList
        query={page}
        columns={COLUMNS}
        rowKey={(a) => a.id}
        label="Assemblies"
        paging={list}
        pagesLabel="Pages of assemblies"
        errorTitle="Assemblies could not be loaded"
        loadingLabel="Loading assemblies"
        summary={{
          noun: 'assembly',
          plural: 'assemblies',
          empty: list.q
            ? `No assembly matches “${list.q}”.`
            : 'No assemblies yet. Make one with “New assembly”.',
        }}
        rowHref={linkTo}
        card={(a) => <AssemblyCard a={a} />}
        toolbar={
          <TextInput
            aria-label="Search assemblies"
            placeholder="Part number or name"
            leftSection={<IconSearch size={16} />}
            value={list.search}
            onChange={(e) => list.setSearch(e.currentTarget.value)}
          />
        }
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            New assembly
          </Button>
        }
      />
      <NewAssemblyDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
