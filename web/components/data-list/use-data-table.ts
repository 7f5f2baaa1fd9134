// The TanStack table behind a list: the page's columns, which of them are shown, and the order and page — both
// kept by the server (manual sorting and paging), so the table never reorders or slices the rows it is given; it
// turns a header click into the next order and a page choice into the next page, handed to the list's state.
import {
  type ColumnDef,
  columnVisibilityFeature,
  functionalUpdate,
  type PaginationState,
  type ReactTable,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import type { TListColumn, TListPaging } from './types.ts';

const features = tableFeatures({ rowSortingFeature, rowPaginationFeature, columnVisibilityFeature });

export type TDataTable<TRow extends RowData> = ReactTable<typeof features, TRow>;

export function useDataTable<TRow extends RowData, TSortKey extends string>({
  rows,
  total,
  columns,
  rowKey,
  paging,
  hiddenColumns,
}: {
  /** The current page's rows; keep the same array while it has not changed (e.g. the query's). */
  rows: TRow[];
  total: number;
  columns: TListColumn<TRow, TSortKey>[];
  rowKey: (row: TRow) => string;
  paging: TListPaging<TSortKey>;
  hiddenColumns?: string[] | undefined;
}): TDataTable<TRow> {
  const columnDefs = useMemo(
    (): ColumnDef<typeof features, TRow>[] =>
      columns.map((c) => ({
        id: c.id,
        header: c.header,
        // Sorting needs an accessor; the server has sorted already, so the row itself will do.
        accessorFn: (row: TRow) => row,
        enableSorting: c.sort !== undefined,
        cell: ({ row }) => c.cell(row.original, row.index),
      })),
    [columns],
  );
  const sorting: SortingState = useMemo(() => {
    const by = paging.sort?.by;
    const column = by === undefined ? undefined : columns.find((c) => c.sort === by);
    return column ? [{ id: column.id, desc: paging.sort?.dir === 'desc' }] : [];
  }, [columns, paging.sort]);
  const pagination: PaginationState = { pageIndex: paging.page - 1, pageSize: paging.pageSize };
  const columnVisibility = useMemo(
    () => Object.fromEntries((hiddenColumns ?? []).map((id) => [id, false])),
    [hiddenColumns],
  );

  return useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (row) => rowKey(row),
    state: { sorting, pagination, columnVisibility },
    manualSorting: true,
    manualPagination: true,
    autoResetPageIndex: false,
    rowCount: total,
    // One column at a time; a new column starts ascending, a second click turns it round, never unsorted.
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    onSortingChange: (updater: Updater<SortingState>) => {
      const [next] = functionalUpdate(updater, sorting);
      const sortKey = next ? columns.find((c) => c.id === next.id)?.sort : undefined;
      if (next && sortKey !== undefined) paging.setSort?.({ by: sortKey, dir: next.desc ? 'desc' : 'asc' });
    },
    onPaginationChange: (updater: Updater<PaginationState>) =>
      paging.setPage(functionalUpdate(updater, pagination).pageIndex + 1),
  });
}
