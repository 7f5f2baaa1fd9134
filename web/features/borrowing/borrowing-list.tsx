// One page of borrowings: a table on wide screens, cards on phones. An overdue borrowing says so in words (a badge
// with an icon) as well as in colour; each open one has its "Return" button.
import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { borrowerLabel, type TBorrowing } from '#common/schemas/borrowing.ts';
import { formatDateTime, nameOnly } from './format.ts';

/** Out, overdue or back, in words with a colour and an icon. */
function StatusBadge({ borrowing }: { borrowing: TBorrowing }) {
  if (borrowing.closedAt)
    return (
      <Badge
        color="green"
        variant="light"
        style={{ flexShrink: 0 }}
        leftSection={<IconCheck size={12} aria-hidden />}
      >
        Returned
      </Badge>
    );
  if (borrowing.overdue)
    return (
      <Badge
        color="red"
        variant="filled"
        style={{ flexShrink: 0 }}
        leftSection={<IconAlertTriangle size={12} aria-hidden />}
      >
        Overdue
      </Badge>
    );
  return (
    <Badge color="blue" variant="light" style={{ flexShrink: 0 }}>
      Out
    </Badge>
  );
}

const amount = (b: TBorrowing) =>
  b.closedAt ? `${b.quantity} ${b.unitOfMeasure}` : `${b.outstanding} of ${b.quantity} ${b.unitOfMeasure}`;
const overdueStyle = { backgroundColor: 'var(--mantine-color-red-light)' };

export function BorrowingList({
  items,
  onReturn,
}: {
  items: TBorrowing[];
  onReturn: (b: TBorrowing) => void;
}) {
  const returnButton = (b: TBorrowing) =>
    b.closedAt ? null : (
      <Button
        size="xs"
        variant="light"
        onClick={() => onReturn(b)}
        aria-label={`Return ${b.partNumber} from ${borrowerLabel(b)}`}
      >
        Return
      </Button>
    );

  return (
    <>
      <Table.ScrollContainer minWidth={900} visibleFrom="sm">
        <Table highlightOnHover aria-label="Borrowed items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th ta="right">Out</Table.Th>
              <Table.Th>Borrower</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Lent</Table.Th>
              <Table.Th>
                <span className="visually-hidden">Actions</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((b) => (
              <Table.Tr key={b.id} style={b.overdue ? overdueStyle : undefined}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {b.partNumber}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {b.itemName}
                    {b.lotNumber ? ` · lot ${b.lotNumber}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>{b.locationCode}</Table.Td>
                <Table.Td ta="right">{amount(b)}</Table.Td>
                <Table.Td>{borrowerLabel(b)}</Table.Td>
                <Table.Td fw={b.overdue ? 700 : undefined} c={b.overdue ? 'red.8' : undefined}>
                  {b.dueOn}
                </Table.Td>
                <Table.Td>
                  <StatusBadge borrowing={b} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{nameOnly(b.borrowedByName)}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(b.borrowedAt)}
                  </Text>
                </Table.Td>
                <Table.Td>{returnButton(b)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack hiddenFrom="sm" gap="sm">
        {items.map((b) => (
          <Card
            key={b.id}
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
              <StatusBadge borrowing={b} />
            </Group>
            <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
              {amount(b)} · {borrowerLabel(b)}
            </Text>
            <Text size="sm" c={b.overdue ? 'red.8' : 'dimmed'} fw={b.overdue ? 700 : undefined}>
              Due {b.dueOn}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              From {b.locationCode} · lent by {nameOnly(b.borrowedByName)}, {formatDateTime(b.borrowedAt)}
            </Text>
            {b.closedAt ? null : <Group mt="xs">{returnButton(b)}</Group>}
          </Card>
        ))}
      </Stack>
    </>
  );
}
