// An item's history (or one lot's), newest first and paged on the server: kind, when, who, where, lot, change,
// balance after, reason or reference. Admins may reverse a posting that has not been reversed yet.
import { Badge, Button, Card, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { TLedgerEntry } from '#common/schemas/stock-list.ts';
import { ListPagination } from '../../components/list-pagination.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { toast } from '../../lib/toast.ts';
import { messageOf } from '../inventory-setup/format.ts';
import { getItemLedger, reverseTransaction } from './api.ts';
import { deltaText, kindLabel, whenText } from './stock-format.ts';
import { stockKeys } from './stock-keys.ts';
import { refreshStock } from './use-stock-posting.ts';

const PAGE_SIZE = 20;

const canReverse = (e: TLedgerEntry) => !e.reversed && !e.isReversal;
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
  const [page, setPage] = useState(1);
  const [reversing, setReversing] = useState<TLedgerEntry | null>(null);
  const query = { page, pageSize: PAGE_SIZE, ...(lotId ? { lotId } : {}) };
  const ledger = useQuery({
    queryKey: stockKeys.ledger(itemId, query),
    queryFn: ({ signal }) => getItemLedger(itemId, query, signal),
    placeholderData: keepPreviousData,
  });
  const data = ledger.data;

  const reverseButton = (e: TLedgerEntry) =>
    isAdmin && canReverse(e) ? (
      <Button size="xs" variant="subtle" color="red" onClick={() => setReversing(e)}>
        Reverse
      </Button>
    ) : null;

  if (ledger.isError || !data)
    return (
      <QueryStatus query={ledger} errorTitle="History could not be loaded" loadingLabel="Loading history" />
    );
  return (
    <Stack gap="sm">
      {data.total === 0 ? <Text c="dimmed">No postings yet.</Text> : null}
      {data.items.length > 0 ? (
        <>
          <Table.ScrollContainer minWidth={900} visibleFrom="sm">
            <Table striped aria-label="History">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Where</Table.Th>
                  <Table.Th>Lot</Table.Th>
                  <Table.Th ta="right">Change</Table.Th>
                  <Table.Th ta="right">Balance after</Table.Th>
                  <Table.Th>Reason / reference</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>
                      <KindBadge entry={e} />
                    </Table.Td>
                    <Table.Td>{whenText(e.postedAt)}</Table.Td>
                    <Table.Td>{e.postedByName}</Table.Td>
                    <Table.Td>{e.locationCode}</Table.Td>
                    <Table.Td>{e.lotNumber ?? '—'}</Table.Td>
                    <Table.Td ta="right">
                      {deltaText(e.quantityDelta)} {unit}
                    </Table.Td>
                    <Table.Td ta="right">{e.balanceAfter}</Table.Td>
                    <Table.Td>{note(e)}</Table.Td>
                    <Table.Td>{reverseButton(e)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack hiddenFrom="sm" gap="xs">
            {data.items.map((e) => (
              <Card key={e.id} withBorder padding="sm" component="article">
                <Group justify="space-between" wrap="nowrap">
                  <KindBadge entry={e} />
                  <Text fw={600}>
                    {deltaText(e.quantityDelta)} {unit}
                  </Text>
                </Group>
                <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  {e.locationCode}
                  {e.lotNumber ? ` · lot ${e.lotNumber}` : ''} · balance after {e.balanceAfter}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {whenText(e.postedAt)} · {e.postedByName} · {note(e)}
                </Text>
                {reverseButton(e)}
              </Card>
            ))}
          </Stack>
        </>
      ) : null}
      <ListPagination
        page={page}
        total={data.total}
        pageSize={PAGE_SIZE}
        onChange={setPage}
        label="Pages of history"
      />
      <Modal opened={reversing !== null} onClose={() => setReversing(null)} title="Reverse a posting">
        {reversing ? <ReverseForm entry={reversing} onClose={() => setReversing(null)} /> : null}
      </Modal>
    </Stack>
  );
}

function ReverseForm({ entry, onClose }: { entry: TLedgerEntry; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reverse = useMutation({
    mutationFn: () => reverseTransaction(entry.transactionId, reason.trim()),
    onSuccess: async () => {
      await refreshStock(queryClient);
      toast('success', {
        title: 'Posting reversed',
        message: `The ${kindLabel(entry.kind).toLowerCase()} of ${whenText(entry.postedAt)} is undone by a reversal.`,
      });
      onClose();
    },
    onError: (failure) => setError(messageOf(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) setError('Say why (at least 3 characters)');
    else reverse.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Reverse a posting">
      <Stack>
        <Text size="sm">
          Every line of this {kindLabel(entry.kind).toLowerCase()} is posted back with the opposite sign. It
          is refused if the stock has since moved on.
        </Text>
        <TextInput
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={error}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={reverse.isPending}>
            Reverse
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
