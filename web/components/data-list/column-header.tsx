// A column's header cell. A column the server can sort by is a button inside the header (not a header acting as a
// button), and the header says its order with aria-sort, so screen readers announce the column and its order.
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import type { TListColumn } from './types.ts';

export function ColumnHeader({
  column,
  sorted,
  onSort,
}: {
  column: TListColumn<never>;
  /** The column's order now; false when the list is in another column's order. */
  sorted: false | 'asc' | 'desc';
  /** Present only for a column the list can be sorted by. */
  onSort?: (() => void) | undefined;
}) {
  const align = column.numeric ? 'right' : undefined;
  const phone = column.hiddenOnPhone ? ({ visibleFrom: 'sm' } as const) : {};
  if (!onSort)
    return (
      <Table.Th ta={align} {...phone}>
        {column.headerHidden ? <span className="visually-hidden">{column.header}</span> : column.header}
      </Table.Th>
    );
  return (
    <Table.Th
      ta={align}
      {...phone}
      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton onClick={onSort} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : undefined}>
          {column.header}
          {sorted === 'asc' ? <IconChevronUp size={14} aria-hidden /> : null}
          {sorted === 'desc' ? <IconChevronDown size={14} aria-hidden /> : null}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
