// A borrowing in the list: the table's columns on wide screens, a card on phones. An overdue borrowing says so in words (a badge
// with an icon) as well as in colour; each open one has its "Return" button.
import { Button, Card, Group, Text } from '@mantine/core';
import { borrowerLabel, type TBorrowing } from '#common/schemas/borrowing.ts';
import type { TListColumn } from '../../components/data-list/types.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { When } from '../../components/when.tsx';
import { nameOnly } from './format.ts';

const borrowingStatus = (b: TBorrowing) => (b.closedAt ? 'returned' : b.overdue ? 'overdue' : 'out');

const amount = (b: TBorrowing) =>
  b.closedAt ? `${b.quantity} ${b.unitOfMeasure}` : `${b.outstanding} of ${b.quantity} ${b.unitOfMeasure}`;
const overdueStyle = { backgroundColor: 'var(--mantine-color-red-light)' };

function ReturnButton({
  borrowing: b,
  onReturn,
}: {
  borrowing: TBorrowing;
  onReturn: (b: TBorrowing) => void;
}) {
  return b.closedAt ? null : (
    <Button
      size="xs"
      variant="light"
      onClick={() => onReturn(b)}
      aria-label={`Return ${b.partNumber} from ${borrowerLabel(b)}`}
    >
      Return
    </Button>
  );
}

/** An overdue borrowing's row stands out in red as well as saying "Overdue". */
export const borrowingRowStyle = (b: TBorrowing) => (b.overdue ? overdueStyle : undefined);

/** The table's columns; each open borrowing has its "Return" button. */
export const borrowingColumns = (onReturn: (b: TBorrowing) => void): TListColumn<TBorrowing>[] => [
  {
    id: 'item',
    header: 'Item',
    cell: (b) => (
      <>
        <Text fw={600} size="sm">
          {b.partNumber}
        </Text>
        <Text size="xs" c="dimmed">
          {b.itemName}
          {b.lotNumber ? ` · lot ${b.lotNumber}` : ''}
        </Text>
      </>
    ),
  },
  { id: 'from', header: 'From', cell: (b) => b.locationCode },
  { id: 'out', header: 'Out', numeric: true, cell: amount },
  { id: 'borrower', header: 'Borrower', cell: borrowerLabel },
  {
    id: 'due',
    header: 'Due',
    cell: (b) => b.dueOn,
    cellProps: (b) => (b.overdue ? { fw: 700, c: 'red.8' } : {}),
  },
  { id: 'status', header: 'Status', cell: (b) => <StatusBadge of="borrowing" status={borrowingStatus(b)} /> },
  {
    id: 'lent',
    header: 'Lent',
    cell: (b) => (
      <>
        <Text size="sm">{nameOnly(b.borrowedByName)}</Text>
        <Text size="xs" c="dimmed">
          <When at={b.borrowedAt} />
        </Text>
      </>
    ),
  },
  {
    id: 'actions',
    header: 'Actions',
    headerHidden: true,
    cell: (b) => <ReturnButton borrowing={b} onReturn={onReturn} />,
  },
];

/** A borrowing on a phone. */
export function BorrowingCard({
  borrowing: b,
  onReturn,
}: {
  borrowing: TBorrowing;
  onReturn: (b: TBorrowing) => void;
}) {
  return (
    <Card
      component="article"
      withBorder
      padding="sm"
      style={b.overdue ? { ...overdueStyle, borderColor: 'var(--mantine-color-red-6)' } : undefined}
      aria-label={`${b.partNumber} lent to ${borrowerLabel(b)}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {b.partNumber}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {b.itemName}
            {b.lotNumber ? ` · lot ${b.lotNumber}` : ''}
          </Text>
        </div>
        <StatusBadge of="borrowing" status={borrowingStatus(b)} />
      </Group>
      <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {amount(b)} · {borrowerLabel(b)}
      </Text>
      <Text size="sm" c={b.overdue ? 'red.8' : 'dimmed'} fw={b.overdue ? 700 : undefined}>
        Due {b.dueOn}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        From {b.locationCode} · lent by {nameOnly(b.borrowedByName)}, <When at={b.borrowedAt} />
      </Text>
      {b.closedAt ? null : (
        <Group mt="xs">
          <ReturnButton borrowing={b} onReturn={onReturn} />
        </Group>
      )}
    </Card>
  );
}
