// The stock balance report: for a period, per item, what there was, what came in, what went out and what is left,
// with the company's opening and closing value — the month-end question of a planner or an accountant. Paged on the
// server; the totals are over every item, not only the page shown.
import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TStockReportRow } from '#common/schemas/stock-report.ts';
import { ListPagination } from '../../components/list-pagination.tsx';
import { ListSummary } from '../../components/list-summary.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatMoney } from '../inventory-setup/format.ts';
import { LocationSelect } from '../inventory-setup/location-select.tsx';
import { getBalanceReport, type TReportFilters } from './api.ts';

const PAGE_SIZE = 50;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

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

export function BalanceReportPanel() {
  const today = new Date();
  const [from, setFrom] = useState(
    isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))),
  );
  const [to, setTo] = useState(isoDay(today));
  const [categoryInput, setCategoryInput] = useState('');
  const [category] = useDebouncedValue(categoryInput.trim(), 300);
  const [location, setLocation] = useState<{ id: string | null; label: string | null }>({
    id: null,
    label: null,
  });
  const [page, setPage] = useState(1);
  const filters: TReportFilters = { from, to, category, locationId: location.id, page, pageSize: PAGE_SIZE };

  const report = useQuery({
    queryKey: queryKeys.stock('balance-report', filters),
    queryFn: ({ signal }) => getBalanceReport(filters, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(from && to),
  });
  // A bad period or location comes back as field errors, shown under the field.
  const errors: Record<string, string> = report.error instanceof ApiError ? report.error.fieldErrors : {};
  const data = report.isError ? undefined : report.data;
  const reset = () => setPage(1);

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Per item: the stock at the start of the period, what was received and issued in it (moves between
        locations count as both), and what was left at its end. Whole days in UTC; values at today's unit
        cost.
      </Text>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          type="date"
          label="From"
          value={from}
          max={to}
          onChange={(e) => {
            setFrom(e.currentTarget.value);
            reset();
          }}
          error={errors.from}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          type="date"
          label="To"
          value={to}
          min={from}
          onChange={(e) => {
            setTo(e.currentTarget.value);
            reset();
          }}
          error={errors.to}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          label="Category"
          placeholder="Any"
          value={categoryInput}
          onChange={(e) => {
            setCategoryInput(e.currentTarget.value);
            reset();
          }}
          w={{ base: '100%', xs: 200 }}
        />
        <div style={{ minWidth: 0, flex: '1 1 240px' }}>
          <LocationSelect
            label="Location (and everything under it)"
            value={location.id}
            selectedLabel={location.label}
            onChange={(id, label) => {
              setLocation({ id, label });
              reset();
            }}
            error={errors.locationId}
          />
        </div>
      </Group>

      {Object.keys(errors).length === 0 ? (
        <QueryStatus
          query={report}
          errorTitle="The report could not be made"
          loadingLabel="Making the report"
        />
      ) : null}

      {data ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Figure label={`Value on ${data.from}`} value={formatMoney(data.totals.openingValue)} />
            <Figure label={`Value at the end of ${data.to}`} value={formatMoney(data.totals.closingValue)} />
            <Figure label="Items with stock or movement" value={String(data.totals.itemsWithMovement)} />
          </SimpleGrid>
          <ListSummary
            total={data.total}
            noun="item"
            empty="No stock and no movements in this period. Choose an earlier start or another location."
            fetching={report.isFetching}
          />
          {data.items.length > 0 ? (
            <>
              <Table.ScrollContainer minWidth={820} visibleFrom="sm">
                <Table striped aria-label="Stock balance report">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Part number</Table.Th>
                      <Table.Th>Name</Table.Th>
                      <Table.Th ta="right">Opening</Table.Th>
                      <Table.Th ta="right">Received</Table.Th>
                      <Table.Th ta="right">Issued</Table.Th>
                      <Table.Th ta="right">Closing</Table.Th>
                      <Table.Th ta="right">Closing value</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((row) => (
                      <Table.Tr key={row.itemId}>
                        <Table.Td fw={600}>
                          <Anchor component={Link} to={`/items?id=${row.itemId}`}>
                            {row.partNumber}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{row.name}</Table.Td>
                        {quantities(row).map((q, i) => (
                          <Table.Td key={['opening', 'received', 'issued', 'closing'][i]} ta="right">
                            {q}
                          </Table.Td>
                        ))}
                        <Table.Td ta="right">{formatMoney(row.closingValue)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Stack hiddenFrom="sm" gap="sm">
                {data.items.map((row) => {
                  const [opening, received, issued, closing] = quantities(row);
                  return (
                    <Card
                      key={row.itemId}
                      withBorder
                      padding="sm"
                      component="article"
                      aria-label={row.partNumber}
                    >
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        <Anchor component={Link} to={`/items?id=${row.itemId}`}>
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
                })}
              </Stack>
            </>
          ) : null}
          <ListPagination
            page={page}
            total={data.total}
            pageSize={PAGE_SIZE}
            onChange={setPage}
            label="Pages of the report"
          />
        </>
      ) : null}
    </Stack>
  );
}
