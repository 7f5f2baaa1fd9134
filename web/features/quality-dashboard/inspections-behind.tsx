// The inspections behind a row of the Quality dashboard (decision 074): an item's failed inspections, newest first,
// from the inspections' own list (GET /api/v1/inspections, decision 072), paged on the server, each opening in
// QC Instructions — so a low first pass yield leads to the inspections that made it.
import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TInspectionPage } from '#common/schemas/inspections.ts';
import { ListPagination } from '../../components/list-pagination.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { When } from '../../components/when.tsx';
import { api } from '../../lib/api-client.ts';
import { inspectionPath } from './api.ts';

const PAGE_SIZE = 10;

function FailedList({
  itemId,
  partNumber,
  onOpen,
}: {
  itemId: string;
  partNumber: string;
  onOpen: () => void;
}) {
  const [page, setPage] = useState(1);
  const params = new URLSearchParams({
    itemId,
    status: 'failed',
    page: String(page),
    pageSize: String(PAGE_SIZE),
  });
  const list = useQuery({
    queryKey: ['quality', 'inspections', { itemId, status: 'failed', page }],
    queryFn: ({ signal }) => api<TInspectionPage>(`/api/v1/inspections?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="xs">
      <QueryStatus
        query={list}
        errorTitle="The inspections could not be read"
        loadingLabel="Reading the inspections"
      />
      {list.data?.total === 0 ? <Text c="dimmed">No inspection of {partNumber} has failed.</Text> : null}
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.data?.items.map((i) => (
          <li key={i.id}>
            <Anchor component={Link} to={inspectionPath(i.id)} fw={600} onClick={onOpen}>
              {i.label}
            </Anchor>{' '}
            <Text span size="sm">
              {i.planName}
              {i.lotNumber ? ` · lot ${i.lotNumber}` : ''}
              {i.stepTitle ? ` · step ${i.stepTitle}` : ''}
              {i.finishedAt ? (
                <>
                  {' · finished '}
                  <When at={i.finishedAt} />
                </>
              ) : null}
            </Text>
          </li>
        ))}
      </Stack>
      {list.data ? (
        <ListPagination
          page={page}
          total={list.data.total}
          pageSize={PAGE_SIZE}
          onChange={setPage}
          label={`Pages of ${partNumber}’s failed inspections`}
        />
      ) : null}
    </Stack>
  );
}

/** "Failed inspections" of an item: a button opening their list; following a link closes it, so Back finds the table. */
export function InspectionsBehind({ itemId, partNumber }: { itemId: string; partNumber: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => setOpen(true)}
        aria-label={`Failed inspections of ${partNumber}`}
      >
        Failed inspections
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Failed inspections of ${partNumber}`}>
        {open ? <FailedList itemId={itemId} partNumber={partNumber} onOpen={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}
