// The lot's nonconformances on its page (decision 073): every one naming this lot, newest first and paged on the
// server (the list's `lotId` filter), each with its number linking to it on the Quality page, its status and when it
// was opened, and what is left to decide of one decided in part — so whoever looks at a doubtful lot sees what was
// found wrong with it and what became of it. Shown while the company's Quality area is on (the nonconformance routes
// belong to it).
import { Anchor, Group, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TNcListQuery } from '#common/schemas/nonconformances.ts';
import { PagedSection } from '../../components/paged-section.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { When } from '../../components/when.tsx';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { listNonconformances, ncKeys, ncPath } from '../../lib/nonconformances-api.ts';

const PAGE_SIZE = 10;
const TITLE = 'Nonconformances';

export function LotNonconformances({ lotId, lotNumber }: { lotId: string; lotNumber: string }) {
  const [page, setPage] = useState(1);
  const query: TNcListQuery = { page, pageSize: PAGE_SIZE, q: '', status: 'all', lotId };
  const list = useQuery({
    queryKey: ncKeys.list(query),
    queryFn: ({ signal }) => listNonconformances(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedSection
      title={TITLE}
      query={list}
      errorTitle="The lot's nonconformances could not be loaded"
      loadingLabel="Loading the lot's nonconformances"
      empty={`None: nothing has been found wrong with lot ${lotNumber}.`}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
      pagesLabel={`Pages of lot ${lotNumber}'s nonconformances`}
      row={(n) => (
        <li key={n.id} aria-label={n.numberText}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Anchor component={Link} to={ncPath(n.id)} fw={600} underline="always">
              {n.numberText}
            </Anchor>
            <StatusBadge of="nonconformance" status={n.status} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {formatQuantity(n.quantity, n.unitOfMeasure)} · {n.description}
          </Text>
          {n.status === 'open' && n.dispositions.length > 0 ? (
            <Text size="sm" fw={600}>
              {formatQuantity(n.undecidedQuantity, n.unitOfMeasure)} left to decide
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            Opened <When at={n.openedAt} show="date" /> by {n.openedByName}
          </Text>
        </li>
      )}
    />
  );
}
