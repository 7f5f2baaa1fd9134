// The item page's stock: its balances by location and lot (each offering Issue and Move from that balance), and for
// a lot-tracked item its lots (newest first, paged) linking to each lot's page.
import { Anchor, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import type { TItemBalances } from '#common/schemas/stock.ts';
import { ListPagination } from '../../components/list-pagination.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { getItemLots } from './api.ts';
import { stockKeys } from './stock-keys.ts';

/** Where a lot's page is. */
export const lotPath = (lotId: string) => `/items?lot=${encodeURIComponent(lotId)}`;

export interface TBalanceAction {
  kind: 'issue' | 'move';
  locationId: string;
  lotId: string | null;
}

export function BalancesSection({
  item,
  balances,
  onAction,
}: {
  item: TItem;
  balances: TItemBalances;
  onAction: (action: TBalanceAction) => void;
}) {
  if (balances.balances.length === 0)
    return <Text c="dimmed">No stock of {item.partNumber} anywhere. Receive some to start.</Text>;
  const actions = (b: TItemBalances['balances'][number]) => {
    const where = `${b.locationCode}${b.lotNumber ? ` lot ${b.lotNumber}` : ''}`;
    return (
      <Group gap={4} wrap="nowrap">
        <Button
          size="xs"
          variant="light"
          aria-label={`Issue from ${where}`}
          onClick={() => onAction({ kind: 'issue', locationId: b.locationId, lotId: b.lotId })}
        >
          Issue
        </Button>
        <Button
          size="xs"
          variant="light"
          aria-label={`Move from ${where}`}
          onClick={() => onAction({ kind: 'move', locationId: b.locationId, lotId: b.lotId })}
        >
          Move
        </Button>
      </Group>
    );
  };
  return (
    <>
      <Table striped aria-label="Balances" visibleFrom="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Location</Table.Th>
            <Table.Th>Lot</Table.Th>
            <Table.Th ta="right">On hand</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Actions</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {balances.balances.map((b) => (
            <Table.Tr key={`${b.locationId}|${b.lotId ?? ''}`}>
              <Table.Td>{b.locationCode}</Table.Td>
              <Table.Td>
                {b.lotId ? (
                  <Anchor component={Link} to={lotPath(b.lotId)}>
                    {b.lotNumber}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td ta="right">
                {b.quantity} {item.unitOfMeasure}
              </Table.Td>
              <Table.Td>{actions(b)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack hiddenFrom="sm" gap="xs">
        {balances.balances.map((b) => (
          <Card key={`${b.locationId}|${b.lotId ?? ''}`} withBorder padding="sm" component="article">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {b.locationCode}
            </Text>
            <Text size="sm">
              {b.quantity} {item.unitOfMeasure}
              {b.lotId ? (
                <>
                  {' · lot '}
                  <Anchor component={Link} to={lotPath(b.lotId)}>
                    {b.lotNumber}
                  </Anchor>
                </>
              ) : null}
            </Text>
            <Group mt="xs">{actions(b)}</Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}

const LOTS_PAGE = 10;

export function LotsSection({ item }: { item: TItem }) {
  const [page, setPage] = useState(1);
  const lots = useQuery({
    queryKey: stockKeys.lots(item.id, page),
    queryFn: ({ signal }) => getItemLots(item.id, page, LOTS_PAGE, signal),
    placeholderData: keepPreviousData,
  });
  if (lots.isError || !lots.data)
    return <QueryStatus query={lots} errorTitle="Lots could not be loaded" loadingLabel="Loading lots" />;
  return (
    <Stack gap="xs">
      {lots.data.total === 0 ? (
        <Text c="dimmed">No lots yet: a receipt with a lot number creates one.</Text>
      ) : null}
      {lots.data.items.map((l) => (
        <Group key={l.id} justify="space-between" wrap="wrap" gap="xs">
          <Anchor component={Link} to={lotPath(l.id)} fw={600}>
            {l.lotNumber}
          </Anchor>
          <Text size="sm" c="dimmed">
            {l.onHand} {item.unitOfMeasure} on hand{l.expiresOn ? ` · expires ${l.expiresOn}` : ''}
          </Text>
        </Group>
      ))}
      <ListPagination
        page={page}
        total={lots.data.total}
        pageSize={LOTS_PAGE}
        onChange={setPage}
        label="Pages of lots"
      />
    </Stack>
  );
}
