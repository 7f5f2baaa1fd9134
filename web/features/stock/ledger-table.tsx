// An item's history (or one lot's), newest first and paged on the server: kind, when, who, where, lot, change,
// balance after, reason or reference. Admins may reverse a posting that has not been reversed yet.
import { Badge, Button, Card, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { isReversible, ZReverseStockSchema } from '#common/schemas/stock.ts';
import type { TLedgerEntry } from '#common/schemas/stock-list.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { FormFooter } from '../../components/form-footer.tsx';
import { When } from '../../components/when.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { useContractForm } from '../../lib/contract-form.ts';
import { formatSignedQuantity } from '../../lib/format-quantity.ts';
import { toast } from '../../lib/toast.ts';
import { getItemLedger, reverseTransaction } from './api.ts';
import { kindLabel } from './stock-format.ts';
import { stockKeys } from './stock-keys.ts';
import { refreshStock } from './use-stock-posting.ts';

const PAGE_SIZE = 20;

// A reversal and a nonconformance's disposition are not reversed from the ledger (the server refuses them too).
const canReverse = (e: TLedgerEntry) => isReversible(e) && !e.isReversal;
const note = (e: TLedgerEntry) => [e.reason, e.reference].filter(Boolean).join(' · ') || '—';

function KindBadge({ entry }: { entry: TLedgerEntry }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={entry.quantityDelta.startsWith('-') ? 'red' : 'green'}>
        {kindLabel(entry.kind)}
      </Badge>
      {entry.reversed ? (
        <Badge variant="outline" color="gray">
          Reversed
        </Badge>
      ) : null}
    </Group>
  );
}

const columns = (
  reverseButton: (e: TLedgerEntry) => ReactNode,
  unit: string,
): TListColumn<TLedgerEntry>[] => [
  { id: 'kind', header: 'Kind', cell: (e) => <KindBadge entry={e} /> },
  { id: 'when', header: 'When', cell: (e) => <When at={e.postedAt} /> },
  { id: 'who', header: 'Who', cell: (e) => e.postedByName },
  { id: 'where', header: 'Where', cell: (e) => e.locationCode },
  { id: 'lot', header: 'Lot', cell: (e) => e.lotNumber ?? '—' },
  {
    id: 'change',
    header: 'Change',
    numeric: true,
    cell: (e) => formatSignedQuantity(e.quantityDelta, unit),
  },
  { id: 'balanceAfter', header: 'Balance after', numeric: true, cell: (e) => e.balanceAfter },
  { id: 'note', header: 'Reason / reference', cell: note },
  { id: 'actions', header: 'Actions', headerHidden: true, cell: reverseButton },
];

function LedgerCard({
  entry: e,
  unit,
  children,
}: {
  entry: TLedgerEntry;
  unit: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="sm" component="article">
      <Group justify="space-between" wrap="nowrap">
        <KindBadge entry={e} />
        <Text fw={600}>{formatSignedQuantity(e.quantityDelta, unit)}</Text>
      </Group>
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {e.locationCode}
        {e.lotNumber ? ` · lot ${e.lotNumber}` : ''} · balance after {e.balanceAfter}
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        <When at={e.postedAt} /> · {e.postedByName} · {note(e)}
      </Text>
      {children}
    </Card>
  );
}

export function LedgerTable({
  itemId,
  unit,
  lotId,
  isAdmin,
}: {
  itemId: string;
  unit: string;
  lotId?: string;
  isAdmin: boolean;
}) {
  const list = useListState({ pageSize: PAGE_SIZE });
  const [reversing, setReversing] = useState<TLedgerEntry | null>(null);
  const query = { page: list.page, pageSize: PAGE_SIZE, ...(lotId ? { lotId } : {}) };
  const ledger = useQuery({
    queryKey: stockKeys.ledger(itemId, query),
    queryFn: ({ signal }) => getItemLedger(itemId, query, signal),
    placeholderData: keepPreviousData,
  });
  const ledgerColumns = useMemo(() => {
    const reverseButton = (e: TLedgerEntry) =>
      isAdmin && canReverse(e) ? (
        <Button size="xs" variant="subtle" color="red" onClick={() => setReversing(e)}>
          Reverse
        </Button>
      ) : null;
    return { list: columns(reverseButton, unit), reverseButton };
  }, [isAdmin, unit]);

  return (
    <>
      <DataList
        // A failure shows alone: the history of before is not shown as if it were current.
        query={{ ...ledger, data: ledger.isError ? undefined : ledger.data }}
        columns={ledgerColumns.list}
        rowKey={(e) => e.id}
        label="History"
        paging={list}
        pagesLabel="Pages of history"
        errorTitle="History could not be loaded"
        loadingLabel="Loading history"
        summary={{ empty: 'No postings yet.' }}
        card={(e) => (
          <LedgerCard entry={e} unit={unit}>
            {ledgerColumns.reverseButton(e)}
          </LedgerCard>
        )}
        minWidth={900}
        tableProps={{ highlightOnHover: false }}
      />
      <Modal opened={reversing !== null} onClose={() => setReversing(null)} title="Reverse a posting">
        {reversing ? <ReverseForm entry={reversing} onClose={() => setReversing(null)} /> : null}
      </Modal>
    </>
  );
}

function ReverseForm({ entry, onClose }: { entry: TLedgerEntry; onClose: () => void }) {
  const queryClient = useQueryClient();
  const clock = useCompanyClock();
  const form = useContractForm({
    schema: ZReverseStockSchema,
    initialValues: { reason: '' },
    toBody: (values) => ({ reason: values.reason.trim() }),
  });
  const reverse = useMutation({
    mutationFn: (body: { reason: string }) => reverseTransaction(entry.transactionId, body.reason),
    onSuccess: async () => {
      await refreshStock(queryClient);
      toast('success', {
        title: 'Posting reversed',
        message: `The ${kindLabel(entry.kind).toLowerCase()} of ${clock.dateTime(entry.postedAt)} is undone by a reversal.`,
      });
      onClose();
    },
    onError: form.showFailure,
  });
  return (
    <form onSubmit={form.onSubmit((body) => reverse.mutate(body))} noValidate aria-label="Reverse a posting">
      <Stack>
        <Text size="sm">
          Every line of this {kindLabel(entry.kind).toLowerCase()} is posted back with the opposite sign. It
          is refused if the stock has since moved on.
        </Text>
        <TextInput label="Reason" required data-autofocus {...form.getInputProps('reason')} />
        <FormFooter
          error={form.formError}
          onCancel={onClose}
          submitLabel="Reverse"
          submitColor="red"
          pending={reverse.isPending}
        />
      </Stack>
    </form>
  );
}
