// A lot's hold history on its page (decision 070; decision 073, 2026-12-01): every hold, change of reason and
// release, newest first and paged on the server (GET /api/v1/lots/:id/holds), each saying why, who and when, and the
// inspection or nonconformance behind it, linked — so whoever looks at a lot sees when it was stopped and by what,
// and what let it go. Shown while the company's Quality area is on (the hold routes belong to it).
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TLotHoldEntry } from '#common/schemas/lot-holds.ts';
import { PagedSection } from '../../components/paged-section.tsx';
import { When } from '../../components/when.tsx';
import { ncPath } from '../../lib/nonconformances-api.ts';
import { qcDisplayPath } from '../../lib/qc-display-links.ts';
import { getLotHolds } from './api.ts';
import { stockKeys } from './stock-keys.ts';

const PAGE_SIZE = 10;
const TITLE = 'Hold history';

const ACTIONS: Record<TLotHoldEntry['action'], { label: string; color: string }> = {
  hold: { label: 'Held', color: 'red' },
  changed: { label: 'Still held', color: 'orange' },
  release: { label: 'Released', color: 'green' },
};

function Entry({ entry }: { entry: TLotHoldEntry }) {
  const action = ACTIONS[entry.action];
  return (
    <li aria-label={`${action.label}: ${entry.reason}`}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color={action.color} variant="light" style={{ flexShrink: 0 }}>
          {action.label}
        </Badge>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {entry.reason}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {entry.createdBy} · <When at={entry.createdAt} />
        {entry.inspection ? (
          <>
            {' · '}
            <Anchor component={Link} to={qcDisplayPath({ inspection: entry.inspection.id })} size="xs">
              Inspection {entry.inspection.label}
            </Anchor>
          </>
        ) : null}
        {entry.nonconformance ? (
          <>
            {' · '}
            <Anchor component={Link} to={ncPath(entry.nonconformance.id)} size="xs">
              {entry.nonconformance.numberText}
            </Anchor>
          </>
        ) : null}
      </Text>
    </li>
  );
}

export function LotHoldHistory({ lotId, lotNumber }: { lotId: string; lotNumber: string }) {
  const [page, setPage] = useState(1);
  const holds = useQuery({
    queryKey: stockKeys.lotHolds(lotId, page),
    queryFn: ({ signal }) => getLotHolds(lotId, page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedSection
      title={TITLE}
      query={holds}
      errorTitle="The lot's hold history could not be loaded"
      loadingLabel="Loading the lot's hold history"
      empty={`Never held: lot ${lotNumber} has always been free to move.`}
      page={page}
      pageSize={PAGE_SIZE}
      onPage={setPage}
      pagesLabel={`Pages of lot ${lotNumber}'s hold history`}
      gap="sm"
      row={(h) => <Entry key={h.id} entry={h} />}
    />
  );
}
