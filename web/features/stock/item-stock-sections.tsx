// The item page's stock: its balances by location and lot (each offering Issue and Move from that balance), and for
// a lot-tracked item its lots (newest first, paged) linking to each lot's page: a table on wide screens, a line
// each on phones.
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { TItem } from '#common/schemas/inventory-setup.ts';
import type { TLotSummary } from '#common/schemas/lots.ts';
import type { TItemBalances } from '#common/schemas/stock.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { OnDate } from '../../components/when.tsx';
import { getItemLots } from '../../lib/items-api.ts';
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
                  <>
                    <Anchor component={Link} to={lotPath(b.lotId)}>
                      {b.lotNumber}
                    </Anchor>
                    {b.onHold ? (
                      <Badge color="red" variant="light" ml="xs">
                        On hold
                      </Badge>
                    ) : null}
                  </>
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
                  {/* Underlined: in a line of text a link must not be told apart by its colour alone. */}
                  <Anchor component={Link} to={lotPath(b.lotId)} underline="always">
                    {b.lotNumber}
                  </Anchor>
                  {b.onHold ? ' · on hold' : ''}
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

const lotColumns = (unit: string): TListColumn<TLotSummary>[] => [
  { id: 'lot', header: 'Lot', cell: (l) => l.lotNumber, cellProps: () => ({ fw: 600 }) },
  { id: 'onHand', header: 'On hand', numeric: true, cell: (l) => `${l.onHand} ${unit}` },
  { id: 'expires', header: 'Expires', cell: (l) => (l.expiresOn ? <OnDate date={l.expiresOn} /> : '—') },
];

function LotLine({ lot: l, unit }: { lot: TLotSummary; unit: string }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Anchor component={Link} to={lotPath(l.id)} fw={600}>
        {l.lotNumber}
      </Anchor>
      <Text size="sm" c="dimmed">
        {l.onHand} {unit} on hand
        {l.expiresOn ? (
          <>
            {' · expires '}
            <OnDate date={l.expiresOn} />
          </>
        ) : null}
      </Text>
    </Group>
  );
}

export function LotsSection({ item }: { item: TItem }) {
  const list = useListState({ pageSize: LOTS_PAGE });
  const lots = useQuery({
    queryKey: stockKeys.lots(item.id, list.page),
    queryFn: ({ signal }) => getItemLots(item.id, list.page, LOTS_PAGE, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => lotColumns(item.unitOfMeasure), [item.unitOfMeasure]);
  return (
    <DataList
      // A failure shows alone: the lots of before are not shown as if they were current.
      query={{ ...lots, data: lots.isError ? undefined : lots.data }}
      columns={columns}
      rowKey={(l) => l.id}
      label="Lots"
      paging={list}
      pagesLabel="Pages of lots"
      errorTitle="Lots could not be loaded"
      loadingLabel="Loading lots"
      summary={{ empty: 'No lots yet: a receipt with a lot number creates one.' }}
      rowHref={(l) => lotPath(l.id)}
      card={(l) => <LotLine lot={l} unit={item.unitOfMeasure} />}
      tableProps={{ highlightOnHover: true }}
    />
  );
}
