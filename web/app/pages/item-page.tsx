// The item page (/items?id=<itemId>): what the item is, how much there is and where (by location and lot), its
// lots, and its full history; Receive, Issue, Move, Adjust (admins) and Borrow (when the company allows it). Stock's
// sections and dialogs beside borrowing's Borrow dialog: the app composes the page.
import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { compareDecimal } from '#common/decimal.ts';
import { hasRole } from '#common/roles.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { BorrowDialog } from '../../features/borrowing/borrow-dialog.tsx';
import { WhereUsed } from '../../features/build/where-used.tsx';
import { AdjustDialog } from '../../features/stock/adjust-dialog.tsx';
import { getItem, getItemBalances } from '../../features/stock/api.ts';
import { IssueDialog } from '../../features/stock/issue-dialog.tsx';
import {
  BalancesSection,
  LotsSection,
  type TBalanceAction,
} from '../../features/stock/item-stock-sections.tsx';
import { LedgerTable } from '../../features/stock/ledger-table.tsx';
import { MoveDialog } from '../../features/stock/move-dialog.tsx';
import { ReceiveDialog } from '../../features/stock/receive-dialog.tsx';
import { stockKeys } from '../../features/stock/stock-keys.ts';
import { configOf, useSession } from '../../lib/session.ts';

type TDialog = {
  kind: 'receive' | 'issue' | 'move' | 'adjust' | 'borrow';
  locationId?: string;
  lotId?: string | null;
};

/** A reorder point above zero and the total at or below it (the stock list's rule), compared exactly. */
function isLow(reorderPoint: string | null, total: string): boolean {
  if (reorderPoint === null || compareDecimal(reorderPoint, '0') <= 0) return false;
  return compareDecimal(total, reorderPoint) <= 0;
}

export function ItemPage({ itemId }: { itemId: string }) {
  const { data: session } = useSession();
  const config = configOf(session);
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const item = useQuery({
    queryKey: stockKeys.item(itemId),
    queryFn: ({ signal }) => getItem(itemId, signal),
  });
  const balances = useQuery({
    queryKey: stockKeys.balances(itemId),
    queryFn: ({ signal }) => getItemBalances(itemId, signal),
  });

  if (item.isError || !item.data)
    return (
      <Container size="xl" py="lg">
        <QueryStatus query={item} errorTitle="This item could not be loaded" loadingLabel="Loading item" />
      </Container>
    );
  const it = item.data;
  const total = balances.data?.total ?? null;
  const low = total !== null && isLow(it.reorderPoint, total);
  const close = () => setDialog(null);
  const open = (kind: TDialog['kind']) => () => setDialog({ kind });
  const fromRow = (a: TBalanceAction) =>
    setDialog({ kind: a.kind, locationId: a.locationId, lotId: a.lotId });
  const preset = { locationId: dialog?.locationId ?? null, lotId: dialog?.lotId ?? null };

  return (
    <Container size="xl" py="lg">
      <Stack>
        <PageHeader
          title={it.partNumber}
          badges={
            <>
              {low ? <Badge color="orange">Low stock</Badge> : null}
              {it.active ? null : <Badge color="gray">Inactive</Badge>}
            </>
          }
          subtitle={it.name}
          actions={
            <>
              <Paper withBorder p="sm" aria-label="Total on hand">
                <Text size="xs" c="dimmed">
                  On hand
                </Text>
                <Text fw={700} fz="xl">
                  {total === null ? '…' : `${total} ${it.unitOfMeasure}`}
                </Text>
              </Paper>
              {/* Held back by released work orders, and what is left to use (decision 048). */}
              <Paper withBorder p="sm" aria-label="Reserved">
                <Text size="xs" c="dimmed">
                  Reserved
                </Text>
                <Text fw={700} fz="xl">
                  {balances.data ? `${balances.data.reserved} ${it.unitOfMeasure}` : '…'}
                </Text>
              </Paper>
              {/* In lots on hold (decision 070): there, but not available until released (075). */}
              {balances.data && balances.data.onHold !== '0' ? (
                <Paper withBorder p="sm" aria-label="On hold">
                  <Text size="xs" c="dimmed">
                    On hold
                  </Text>
                  <Text fw={700} fz="xl" c="orange.8">
                    {`${balances.data.onHold} ${it.unitOfMeasure}`}
                  </Text>
                </Paper>
              ) : null}
              <Paper withBorder p="sm" aria-label="Available">
                <Text size="xs" c="dimmed">
                  Available
                </Text>
                <Text fw={700} fz="xl">
                  {balances.data ? `${balances.data.available} ${it.unitOfMeasure}` : '…'}
                </Text>
              </Paper>
            </>
          }
        >
          <Text size="sm" c="dimmed">
            {it.category || 'No category'} · unit {it.unitOfMeasure} · reorder point{' '}
            {it.reorderPoint ?? 'none'}
            {it.lotTracked ? ' · lot-tracked' : ''}
          </Text>
        </PageHeader>
        <Group gap="sm" wrap="wrap">
          <Button onClick={open('receive')}>Receive</Button>
          <Button variant="light" onClick={open('issue')}>
            Issue
          </Button>
          <Button variant="light" onClick={open('move')}>
            Move
          </Button>
          {isAdmin ? (
            <Button variant="light" onClick={open('adjust')}>
              Adjust
            </Button>
          ) : null}
          {config.allowBorrowing ? (
            <Button variant="light" onClick={open('borrow')}>
              Borrow
            </Button>
          ) : null}
        </Group>

        <Title order={2} fz="lg">
          Balances
        </Title>
        {balances.data && !balances.isError ? (
          <BalancesSection item={it} balances={balances.data} onAction={fromRow} />
        ) : (
          <QueryStatus
            query={balances}
            errorTitle="Balances could not be loaded"
            loadingLabel="Loading balances"
          />
        )}

        {it.lotTracked ? (
          <>
            <Title order={2} fz="lg">
              Lots
            </Title>
            <LotsSection item={it} />
          </>
        ) : null}

        <Title order={2} fz="lg">
          History
        </Title>
        <LedgerTable itemId={it.id} unit={it.unitOfMeasure} isAdmin={isAdmin} />

        {config.enableBuildFeature ? (
          <>
            <Title order={2} fz="lg">
              Where used
            </Title>
            <WhereUsed itemId={it.id} />
          </>
        ) : null}
      </Stack>

      <ReceiveDialog opened={dialog?.kind === 'receive'} onClose={close} item={it} {...preset} />
      <IssueDialog opened={dialog?.kind === 'issue'} onClose={close} item={it} {...preset} />
      <MoveDialog opened={dialog?.kind === 'move'} onClose={close} item={it} {...preset} />
      {isAdmin ? (
        <AdjustDialog opened={dialog?.kind === 'adjust'} onClose={close} item={it} {...preset} />
      ) : null}
      {config.allowBorrowing ? (
        <BorrowDialog opened={dialog?.kind === 'borrow'} onClose={close} item={it} {...preset} />
      ) : null}
    </Container>
  );
}
