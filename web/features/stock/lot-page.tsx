// The lot page (/items?lot=<lotId>): the lot's number, item and expiry, its hold (decision 070), where its stock is,
// its nonconformances and hold history (while Quality is on), its genealogy both ways — what went into it, and what it went into — as
// indented lists, and its history.
import {
  Anchor,
  Button,
  Container,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertOctagon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { hasRole } from '#common/roles.ts';
import type { TGenealogyDirection } from '#common/schemas/lots.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { OnDate, When } from '../../components/when.tsx';
import { configOf, useSession } from '../../lib/session.ts';
import { getGenealogy, getLot } from './api.ts';
import { lotPath } from './item-stock-sections.tsx';
import { LedgerTable } from './ledger-table.tsx';
import { LotHold } from './lot-hold.tsx';
import { LotHoldHistory } from './lot-hold-history.tsx';
import { LotNonconformances } from './lot-nonconformances.tsx';
import { stockKeys } from './stock-keys.ts';
import { itemPath } from './stock-list.tsx';

const TITLES: Record<TGenealogyDirection, { title: string; empty: string }> = {
  inputs: {
    title: 'What went into this lot',
    empty: 'Nothing recorded: this lot was not built from other lots.',
  },
  uses: { title: 'Where this lot went', empty: 'Not used in any built lot yet.' },
};

function GenealogyList({
  lotId,
  direction,
  unit,
}: {
  lotId: string;
  direction: TGenealogyDirection;
  unit: string;
}) {
  const tree = useQuery({
    queryKey: stockKeys.genealogy(lotId, direction),
    queryFn: ({ signal }) => getGenealogy(lotId, direction, signal),
  });
  return (
    <Paper withBorder p="sm" component="section" aria-label={TITLES[direction].title}>
      <Title order={2} fz="md" mb="xs">
        {TITLES[direction].title}
      </Title>
      {tree.isError ? (
        <LoadError
          title="Genealogy could not be loaded"
          error={tree.error}
          onRetry={() => void tree.refetch()}
        />
      ) : !tree.data ? (
        <Loader size="sm" aria-label="Loading genealogy" />
      ) : tree.data.nodes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {TITLES[direction].empty}
        </Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {tree.data.nodes.map((n) => (
            <li
              key={n.linkId}
              style={{ paddingLeft: `${(n.depth - 1) * 1.25}rem`, overflowWrap: 'anywhere' }}
            >
              <Text size="sm">
                <Anchor component={Link} to={lotPath(n.lotId)} fw={600} underline="always">
                  {n.lotNumber}
                </Anchor>{' '}
                {n.partNumber} {n.itemName} · {n.quantity}{' '}
                {direction === 'inputs' ? 'used' : `of ${unit} used`}
              </Text>
            </li>
          ))}
          {tree.data.truncated ? (
            <li>
              <Text size="sm" c="dimmed">
                More levels exist beyond ten: open a lot above to follow them.
              </Text>
            </li>
          ) : null}
        </ul>
      )}
    </Paper>
  );
}

export function LotPage({ lotId }: { lotId: string }) {
  const { data: session } = useSession();
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  const quality = configOf(session).enableQualityFeature;
  const lot = useQuery({ queryKey: stockKeys.lot(lotId), queryFn: ({ signal }) => getLot(lotId, signal) });
  if (lot.isError || !lot.data)
    return (
      <Container size="xl" py="lg">
        <QueryStatus query={lot} errorTitle="This lot could not be loaded" loadingLabel="Loading lot" />
      </Container>
    );
  const l = lot.data;
  const unit = l.item.unitOfMeasure;
  return (
    <Container size="xl" py="lg">
      <Stack>
        <PageHeader
          title={`Lot ${l.lotNumber}`}
          actions={
            <>
              {/* The Nonconformances tab opens its dialog on this lot (a link: features do not import each other). */}
              {quality ? (
                <Button
                  component={Link}
                  to={`/quality?tab=nonconformances&openFor=${encodeURIComponent(l.id)}`}
                  variant="default"
                  leftSection={<IconAlertOctagon size={16} aria-hidden />}
                >
                  Open nonconformance
                </Button>
              ) : null}
              <Paper withBorder p="sm" aria-label="Lot on hand">
                <Text size="xs" c="dimmed">
                  On hand
                </Text>
                <Text fw={700} fz="xl">
                  {l.total} {unit}
                </Text>
              </Paper>
            </>
          }
        >
          <Text style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={itemPath(l.item.id)} underline="always">
              {l.item.partNumber}
            </Anchor>{' '}
            {l.item.name}
          </Text>
          <Text size="sm" c="dimmed">
            {l.expiresOn ? (
              <>
                {'Expires '}
                <OnDate date={l.expiresOn} />
              </>
            ) : (
              'No expiry'
            )}{' '}
            · created <When at={l.createdAt} show="date" />
            {l.supplier ? ` · from ${l.supplier.code} ${l.supplier.name}` : ''}
          </Text>
        </PageHeader>
        <LotHold lot={l} />
        <Title order={2} fz="lg">
          Balances
        </Title>
        {l.balances.length === 0 ? (
          <Text c="dimmed">None of this lot is in stock.</Text>
        ) : (
          <Table aria-label="Lot balances">
            <Table.Tbody>
              {l.balances.map((b) => (
                <Table.Tr key={b.locationId}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{b.locationCode}</Table.Td>
                  <Table.Td ta="right">
                    {b.quantity} {unit}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {quality ? <LotNonconformances lotId={l.id} lotNumber={l.lotNumber} /> : null}
        {quality ? <LotHoldHistory lotId={l.id} lotNumber={l.lotNumber} /> : null}
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <GenealogyList lotId={l.id} direction="inputs" unit={unit} />
          <GenealogyList lotId={l.id} direction="uses" unit={unit} />
        </SimpleGrid>
        <Title order={2} fz="lg">
          History
        </Title>
        <LedgerTable itemId={l.item.id} unit={unit} lotId={l.id} isAdmin={isAdmin} />
      </Stack>
    </Container>
  );
}
