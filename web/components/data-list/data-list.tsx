// The one component every server-paged list is: the search and filters (the page's), "Export CSV" and the page's
// buttons, what the query is doing (QueryStatus), the count line (ListSummary), the rows — a table from `sm` up and
// the page's cards below it — and the page control (ListPagination). Pages keep their own titles, labels and
// messages; this keeps the parts and their accessible names the same on every list.
import { Box, Group, Stack, Table, type TableProps, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { RowData } from '@tanstack/react-table';
import { type CSSProperties, Fragment, type ReactNode } from 'react';
import { ListPagination } from '../list-pagination.tsx';
import { ListSummary } from '../list-summary.tsx';
import { QueryStatus } from '../query-status.tsx';
import { ExportCsvButton } from './export-csv-button.tsx';
import { ListTable } from './list-table.tsx';
import type { TListColumn, TListPage, TListPaging, TListQuery, TListSummary } from './types.ts';
import { useDataTable } from './use-data-table.ts';

/** Stable while there is no page, so the table does not rebuild its rows on every render. */
const NO_ROWS: never[] = [];

export interface TDataListProps<
  TRow extends RowData,
  TPage extends TListPage<TRow>,
  TSortKey extends string,
> {
  /** The page's query (TanStack Query, with `placeholderData: keepPreviousData` so paging does not flash). */
  query: TListQuery<TPage>;
  columns: TListColumn<TRow, TSortKey>[];
  rowKey: (row: TRow) => string;
  /** The table's accessible name, e.g. "Stock". */
  label: string;
  /** Page and order, usually `useListState`'s. */
  paging: TListPaging<TSortKey>;
  /** The page control's accessible name, e.g. "Pages of stock". */
  pagesLabel: string;
  /** e.g. "Stock could not be loaded". */
  errorTitle: string;
  /** The spinner's accessible name, e.g. "Loading stock". */
  loadingLabel: string;
  summary: TListSummary<TPage>;
  /** Search and filters, laid out in a wrapping row. */
  toolbar?: ReactNode;
  /** The page's buttons (Add, Import…), to the right of the toolbar after "Export CSV". */
  actions?: ReactNode;
  /** Downloads what the list shows; present, it adds "Export CSV". */
  exportCsv?: () => Promise<unknown>;
  /** A line of help under the toolbar. */
  note?: ReactNode;
  /** Shown with the page, above the count (e.g. a report's totals). */
  beforeSummary?: (page: TPage) => ReactNode;
  /** False while the page shows the failure itself (e.g. as field errors). */
  showStatus?: boolean;
  /** Where a row leads: the row opens on click and its first cell is the link. */
  rowHref?: (row: TRow) => string;
  rowStyle?: (row: TRow) => CSSProperties | undefined;
  /** A row as a card, for phones (below `sm`); without it phones get the table. */
  card?: (row: TRow, index: number) => ReactNode;
  /**
   * Render only the table or only the cards, chosen by the screen's width, instead of both with one hidden: for
   * rows holding inputs, which must exist once.
   */
  oneLayout?: boolean;
  /** Column ids left out (e.g. a figure some users may not see). */
  hiddenColumns?: string[];
  /** The scroll container's minimum width; the table scrolls sideways below it. */
  minWidth?: number;
  tableProps?: Pick<TableProps, 'striped' | 'highlightOnHover' | 'verticalSpacing'>;
}

export function DataList<
  TRow extends RowData,
  TPage extends TListPage<TRow>,
  TSortKey extends string = string,
>(props: TDataListProps<TRow, TPage, TSortKey>) {
  const { query, summary, paging, card } = props;
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`);
  const data = query.data;
  const table = useDataTable({
    rows: data?.items ?? NO_ROWS,
    total: data?.total ?? 0,
    columns: props.columns,
    rowKey: props.rowKey,
    paging,
    hiddenColumns: props.hiddenColumns,
  });

  const hasActions = props.actions !== undefined || props.exportCsv !== undefined;
  const showTable = !card || !props.oneLayout || wide;
  const showCards = card && (!props.oneLayout || !wide);
  const tableEl = (
    <ListTable
      table={table}
      columns={props.columns}
      label={props.label}
      rowHref={props.rowHref}
      rowStyle={props.rowStyle}
      tableProps={props.tableProps}
    />
  );
  const phoneOnly = props.oneLayout ? {} : ({ hiddenFrom: 'sm' } as const);
  const wideOnly = card && !props.oneLayout ? ({ visibleFrom: 'sm' } as const) : {};

  return (
    <Stack>
      {props.toolbar !== undefined || hasActions ? (
        <Group justify="space-between" align="flex-end" wrap="wrap">
          {/* May shrink to the screen's width, so a wide control (maxWidth 100%) fits a phone instead of the page. */}
          <Group align="flex-end" wrap="wrap" gap="sm" miw={0} maw="100%">
            {props.toolbar}
          </Group>
          {hasActions ? (
            <Group gap="sm" wrap="wrap">
              {props.exportCsv ? <ExportCsvButton onExport={props.exportCsv} /> : null}
              {props.actions}
            </Group>
          ) : null}
        </Group>
      ) : null}
      {props.note}

      {props.showStatus === false ? null : (
        <QueryStatus query={query} errorTitle={props.errorTitle} loadingLabel={props.loadingLabel} />
      )}

      {data ? (
        <>
          {props.beforeSummary?.(data)}
          {summary.noun ? (
            <ListSummary
              total={data.total}
              noun={summary.noun}
              plural={summary.plural ?? `${summary.noun}s`}
              empty={summary.empty}
              detail={summary.detail?.(data) ?? ''}
              fetching={(summary.updating ?? true) && query.isFetching}
            />
          ) : data.total === 0 ? (
            <Text c="dimmed">{summary.empty}</Text>
          ) : null}
          {data.items.length > 0 ? (
            <>
              {showTable ? (
                props.minWidth ? (
                  <Table.ScrollContainer minWidth={props.minWidth} {...wideOnly}>
                    {tableEl}
                  </Table.ScrollContainer>
                ) : (
                  <Box {...wideOnly}>{tableEl}</Box>
                )
              ) : null}
              {showCards ? (
                <Stack gap="sm" {...phoneOnly}>
                  {data.items.map((row, index) => (
                    <Fragment key={props.rowKey(row)}>{card(row, index)}</Fragment>
                  ))}
                </Stack>
              ) : null}
            </>
          ) : null}
          <ListPagination
            page={paging.page}
            total={data.total}
            pageSize={paging.pageSize}
            onChange={(page) => table.setPageIndex(page - 1)}
            label={props.pagesLabel}
          />
        </>
      ) : null}
    </Stack>
  );
}
