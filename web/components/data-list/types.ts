// The shapes the one list component reads: a column as a page declares it, a page of rows as the server sends it,
// the part of a TanStack Query result it shows, and the paging and sorting state it drives.
import type { TableTdProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type TSortDir = 'asc' | 'desc';

/** The server's order: a sort key of the list's contract and a direction. */
export interface TSort<TSortKey extends string = string> {
  by: TSortKey;
  dir: TSortDir;
}

export interface TListColumn<TRow, TSortKey extends string = string> {
  /** Unique in the list; what `hiddenColumns` names. */
  id: string;
  /** The header's text. */
  header: string;
  /** Read by screen readers only, e.g. "Actions" over a column of buttons. */
  headerHidden?: boolean;
  cell: (row: TRow, index: number) => ReactNode;
  /** Shown under the cell's content; in the first cell of a linked row, outside the link (e.g. "Blind"). */
  detail?: (row: TRow) => ReactNode;
  /** The server's sort key: the header becomes a button that sorts by it, with `aria-sort` on the header. */
  sort?: TSortKey;
  /** Numbers and amounts: aligned right, header included. */
  numeric?: boolean;
  /** Left out below `sm` where the table is what phones see (no card renderer). */
  hiddenOnPhone?: boolean;
  /** More props of each cell (weight, colour, white-space), e.g. `() => ({ fw: 600 })`. */
  cellProps?: (row: TRow) => TableTdProps;
}

/** One page of a server-paged list. */
export interface TListPage<TRow> {
  items: TRow[];
  total: number;
}

/** The part of a TanStack Query result the list reads. */
export interface TListQuery<TPage> {
  data: TPage | undefined;
  isError: boolean;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** Paging and sorting as `useListState` keeps them; setting the sort goes back to page 1. */
export interface TListPaging<TSortKey extends string = string> {
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  sort?: TSort<TSortKey> | undefined;
  // A method, so a list with no order (sort keys `never`) passes where any sort key is allowed.
  setSort?(sort: TSort<TSortKey>): void;
}

/** The count line above the rows (`ListSummary`); without a noun only the empty message is shown, when empty. */
export interface TListSummary<TPage> {
  /** What one row is, e.g. "item": "1 item", "3 items". */
  noun?: string;
  plural?: string;
  /** Shown instead of the count when nothing matches: what that means and what to do. */
  empty: string;
  /** Said after the count, e.g. " · today is 2025-03-01". */
  detail?: (page: TPage) => string;
  /** " — updating…" after the count while a newer page loads (default true). */
  updating?: boolean;
}
