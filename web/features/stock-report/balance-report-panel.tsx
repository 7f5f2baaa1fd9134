// The stock balance report: for a period, per item, what there was, what came in, what went out and what is left,
// with the company's opening and closing value — the month-end question of a planner or an accountant. Paged on the
// server; the totals are over every item, not only the page shown.
import { Anchor, Card, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TStockReportRow } from '#common/schemas/stock-report.ts';
import { startOfMonth } from '#common/time/calendar.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import type { TListColumn } from '../../components/data-list/types.ts';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { DateRangeField, type TDateRange } from '../../components/date-range-field.tsx';
import { LocationSelect } from '../../components/location-select.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { placeErrors } from '../../lib/form-errors.ts';
import { formatMoney } from '../../lib/format-money.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { getBalanceReport, type TReportFilters } from './api.ts';

const PAGE_SIZE = 50;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Card>
  );
}

const quantities = (row: TStockReportRow) =>
  [row.opening, `+${row.received}`, `−${row.issued}`, row.closing].map((q) => `${q} ${row.unitOfMeasure}`);

const itemPath = (row: TStockReportRow) => `/items?id=${row.itemId}`;

const COLUMNS: TListColumn<TStockReportRow>[] = [
  { id: 'partNumber', header: 'Part number', cell: (row) => row.partNumber, cellProps: () => ({ fw: 600 }) },
  { id: 'name', header: 'Name', cell: (row) => row.name },
  ...(['Opening', 'Received', 'Issued', 'Closing'] as const).map(
    (header, i): TListColumn<TStockReportRow> => ({
      id: header.toLowerCase(),
      header,
      numeric: true,
      cell: (row) => quantities(row)[i],
    }),
  ),
  {
    id: 'closingValue',
    header: 'Closing value',
    numeric: true,
    cell: (row) => formatMoney(row.closingValue),
  },
];

function ReportCard({ row }: { row: TStockReportRow }) {
  const [opening, received, issued, closing] = quantities(row);
  return (
    <Card withBorder padding="sm" component="article" aria-label={row.partNumber}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        <Anchor component={Link} to={itemPath(row)}>
          {row.partNumber}
        </Anchor>
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.name}
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {opening} {received} {issued} = {closing} · {formatMoney(row.closingValue)}
      </Text>
    </Card>
  );
}

interface TFilters {
  period: TDateRange;
  location: { id: string | null; label: string | null };
}

/** Where the server's refusals of a period or a location show: "from" and "to" are both the period's. */
const FILTER_ERRORS = { fields: ['period', 'locationId'], paths: { from: 'period', to: 'period' } };

export function BalanceReportPanel() {
  // "This month" is the company's month, on its clock (decision 040).
  const today = useCompanyClock().today();
  // The category box is the list's search: typed freely, sent once typing rests.
  const list = useListState<TFilters>({
    pageSize: PAGE_SIZE,
    searchDelayMs: 300,
    filters: {
      period: { from: startOfMonth(today), to: today },
      location: { id: null, label: null },
    },
  });
  const { period, location } = list.filters;
  const { from, to } = period;
  const filters: TReportFilters = {
    from,
    to,
    category: list.q,
    locationId: location.id,
    page: list.page,
    pageSize: PAGE_SIZE,
  };

  const report = useQuery({
    queryKey: queryKeys.stock('balance-report', filters),
    queryFn: ({ signal }) => getBalanceReport(filters, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(from && to),
  });
  // A bad period or location comes back as field errors, shown under the field rather than as an alert, and the
  // report of the previous choice is not shown as if it were this one's.
  const errors = report.error instanceof ApiError ? placeErrors(report.error.fieldErrors, FILTER_ERRORS) : {};
  const shown = { ...report, data: report.isError ? undefined : report.data };

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Per item: the stock at the start of the period, what was received and issued in it (moves between
        locations count as both), and what was left at its end. Whole days on the company's clock; values at
        today's unit cost.
      </Text>
      <DataList
        query={shown}
        showStatus={Object.keys(errors).length === 0}
        columns={COLUMNS}
        rowKey={(row) => row.itemId}
        label="Stock balance report"
        paging={list}
        pagesLabel="Pages of the report"
        errorTitle="The report could not be made"
        loadingLabel="Making the report"
        summary={{
          noun: 'item',
          empty: 'No stock and no movements in this period. Choose an earlier start or another location.',
        }}
        beforeSummary={(data) => (
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Figure label={`Value on ${data.from}`} value={formatMoney(data.totals.openingValue)} />
            <Figure label={`Value at the end of ${data.to}`} value={formatMoney(data.totals.closingValue)} />
            <Figure label="Items with stock or movement" value={String(data.totals.itemsWithMovement)} />
          </SimpleGrid>
        )}
        rowHref={itemPath}
        card={(row) => <ReportCard row={row} />}
        minWidth={820}
        tableProps={{ highlightOnHover: false }}
        toolbar={
          <>
            <DateRangeField
              label="Period"
              value={period}
              max="today"
              onChange={(next) => list.setFilter('period', next)}
              error={errors.period}
              w={{ base: '100%', xs: 250 }}
            />
            <TextInput
              label="Category"
              placeholder="Any"
              value={list.search}
              onChange={(e) => list.setSearch(e.currentTarget.value)}
              w={{ base: '100%', xs: 200 }}
            />
            <div style={{ minWidth: 0, flex: '1 1 240px' }}>
              <LocationSelect
                label="Location (and everything under it)"
                value={location.id}
                selectedLabel={location.label}
                onChange={(id, label) => list.setFilter('location', { id, label })}
                error={errors.locationId}
              />
            </div>
          </>
        }
      />
    </Stack>
  );
}
