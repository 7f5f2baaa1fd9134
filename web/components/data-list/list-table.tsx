// The rows of one page as a Mantine table, laid out by the TanStack table `useDataTable` made. A row with a link
// opens on a click anywhere in it; its first cell is a real link for keyboard and screen-reader users.
import { Anchor, Table, type TableProps } from '@mantine/core';
import type { RowData } from '@tanstack/react-table';
import { type CSSProperties, type MouseEvent, type ReactNode, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { ColumnHeader } from './column-header.tsx';
import type { TListColumn } from './types.ts';
import type { TDataTable } from './use-data-table.ts';

export interface TListTableProps<TRow extends RowData, TSortKey extends string> {
  table: TDataTable<TRow>;
  columns: TListColumn<TRow, TSortKey>[];
  /** The table's accessible name, e.g. "Stock". */
  label: string;
  rowHref?: ((row: TRow) => string) | undefined;
  rowStyle?: ((row: TRow) => CSSProperties | undefined) | undefined;
  tableProps?: Pick<TableProps, 'striped' | 'highlightOnHover' | 'verticalSpacing'> | undefined;
}

/** A click on a button, link or field inside a row is that control's, not the row's. */
const fromControl = (event: MouseEvent<HTMLElement>) =>
  event.target instanceof Element &&
  event.target.closest('a, button, input, select, textarea, label, [role="button"]') !== null;

export function ListTable<TRow extends RowData, TSortKey extends string>({
  table,
  columns,
  label,
  rowHref,
  rowStyle,
  tableProps,
}: TListTableProps<TRow, TSortKey>) {
  const navigate = useNavigate();
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);

  const body = table.getRowModel().rows.map((row) => {
    const href = rowHref?.(row.original);
    return (
      <Table.Tr
        key={row.id}
        style={{ ...(href ? { cursor: 'pointer' } : {}), ...rowStyle?.(row.original) }}
        onClick={
          href
            ? (event) => {
                if (!fromControl(event)) navigate(href);
              }
            : undefined
        }
      >
        {row.getVisibleCells().map((cell, index) => {
          const column = byId.get(cell.column.id);
          if (!column) return null;
          let content: ReactNode = <table.FlexRender cell={cell} />;
          if (href && index === 0)
            content = (
              <Anchor component={Link} to={href}>
                {content}
              </Anchor>
            );
          return (
            <Table.Td
              key={cell.id}
              ta={column.numeric ? 'right' : undefined}
              {...(column.hiddenOnPhone ? { visibleFrom: 'sm' } : {})}
              {...column.cellProps?.(row.original)}
            >
              {content}
              {column.detail?.(row.original)}
            </Table.Td>
          );
        })}
      </Table.Tr>
    );
  });

  return (
    <Table striped highlightOnHover {...tableProps} aria-label={label}>
      <Table.Thead>
        {table.getHeaderGroups().map((group) => (
          <Table.Tr key={group.id}>
            {group.headers.map((header) => {
              const column = byId.get(header.column.id);
              if (!column) return null;
              return (
                <ColumnHeader
                  key={header.id}
                  column={column}
                  sorted={header.column.getIsSorted()}
                  onSort={header.column.getCanSort() ? () => header.column.toggleSorting() : undefined}
                />
              );
            })}
          </Table.Tr>
        ))}
      </Table.Thead>
      <Table.Tbody>{body}</Table.Tbody>
    </Table>
  );
}
