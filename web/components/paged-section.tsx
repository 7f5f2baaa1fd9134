// A titled card holding one page of a list read from the server, with its spinner or load error, a sentence when the
// list is empty, and the pages under it: a lot's hold history and its nonconformances on the lot page (decision 073).
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListPagination } from './list-pagination.tsx';
import { QueryStatus } from './query-status.tsx';

/** The query of one page: its rows and how many there are in all. */
interface TPageQuery<T> {
  isError: boolean;
  error: unknown;
  isPending: boolean;
  data: { items: T[]; total: number } | undefined;
  refetch: () => unknown;
}

export function PagedSection<T extends { id: string }>({
  title,
  query,
  errorTitle,
  loadingLabel,
  empty,
  page,
  pageSize,
  onPage,
  pagesLabel,
  gap = 'xs',
  row,
}: {
  title: string;
  query: TPageQuery<T>;
  errorTitle: string;
  loadingLabel: string;
  /** What an empty list means, in a sentence. */
  empty: string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The pagination's accessible name, e.g. "Pages of lot L-7's hold history". */
  pagesLabel: string;
  gap?: 'xs' | 'sm';
  /** One row, as a list item. */
  row: (item: T) => ReactNode;
}) {
  const data = query.data;
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="xs">
        {title}
      </Title>
      <QueryStatus query={query} errorTitle={errorTitle} loadingLabel={loadingLabel} />
      {data?.total === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : null}
      {data && data.total > 0 ? (
        <Stack gap={gap} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {data.items.map(row)}
        </Stack>
      ) : null}
      {data ? (
        <Group justify="flex-end" mt="xs">
          <ListPagination
            page={page}
            total={data.total}
            pageSize={pageSize}
            onChange={onPage}
            label={pagesLabel}
          />
        </Group>
      ) : null}
    </Paper>
  );
}
