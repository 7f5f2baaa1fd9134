// The one list component as a user meets it: headers that sort (and say so with aria-sort), pages, the messages for
// nothing found, a failure and the first load, rows that open their page, and the search going back to page 1.
// A fake server sorts, searches and pages an in-memory list the way the API does.
import { Button, MantineProvider, TextInput } from '@mantine/core';
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { DataList } from './data-list.tsx';
import type { TListColumn, TListPage, TSort } from './types.ts';
import { useListState } from './use-list-state.ts';

interface TPart {
  id: string;
  partNumber: string;
  name: string;
  onHand: number;
}
type TSortKey = 'partNumber' | 'name' | 'onHand';
interface TRequest {
  q: string;
  page: number;
  pageSize: number;
  sort: TSort<TSortKey>;
}
type TServer = (request: TRequest) => Promise<TListPage<TPart>>;

/** `count` parts: P-001 "Widget 1" … with names in the reverse order of their part numbers. */
const parts = (count: number): TPart[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `id-${i + 1}`,
    partNumber: `P-${String(i + 1).padStart(3, '0')}`,
    name: `Widget ${String(count - i).padStart(3, '0')}`,
    onHand: i * 10,
  }));

/** Searches, sorts and pages like the API. */
const serverOf =
  (rows: TPart[]): TServer =>
  async ({ q, page, pageSize, sort }) => {
    const found = rows.filter((r) => r.partNumber.includes(q) || r.name.includes(q));
    const sign = sort.dir === 'asc' ? 1 : -1;
    found.sort((a, b) => (a[sort.by] < b[sort.by] ? -sign : a[sort.by] > b[sort.by] ? sign : 0));
    return { items: found.slice((page - 1) * pageSize, page * pageSize), total: found.length };
  };

const COLUMNS: TListColumn<TPart, TSortKey>[] = [
  {
    id: 'partNumber',
    header: 'Part number',
    sort: 'partNumber',
    cell: (r) => r.partNumber,
    detail: (r) => (r.onHand === 0 ? <span>None on hand</span> : null),
  },
  { id: 'name', header: 'Name', sort: 'name', cell: (r) => r.name },
  { id: 'onHand', header: 'On hand', sort: 'onHand', numeric: true, cell: (r) => String(r.onHand) },
  {
    id: 'actions',
    header: 'Actions',
    headerHidden: true,
    cell: (r) => <Button size="xs">{`Edit ${r.partNumber}`}</Button>,
  },
];

function Parts({ server, hiddenColumns }: { server: TServer; hiddenColumns?: string[] }) {
  const list = useListState<Record<string, never>, TSortKey>({
    pageSize: 25,
    sort: { by: 'partNumber', dir: 'asc' },
  });
  const request = { q: list.q, page: list.page, pageSize: list.pageSize, sort: list.sort };
  const query = useQuery({
    queryKey: ['parts', request],
    queryFn: () => server(request),
    placeholderData: keepPreviousData,
  });
  return (
    <DataList
      query={query}
      columns={COLUMNS}
      rowKey={(r) => r.id}
      label="Parts"
      paging={list}
      pagesLabel="Pages of parts"
      errorTitle="Parts could not be loaded"
      loadingLabel="Loading parts"
      summary={{ noun: 'part', empty: list.q ? `No parts match “${list.q}”.` : 'No parts yet.' }}
      toolbar={
        <TextInput
          label="Search parts"
          value={list.search}
          onChange={(e) => list.setSearch(e.currentTarget.value)}
        />
      }
      rowHref={(r) => `/parts/${r.id}`}
      card={(r) => <article aria-label={`Card ${r.partNumber}`}>{r.name}</article>}
      {...(hiddenColumns ? { hiddenColumns } : {})}
    />
  );
}

function PartPage() {
  return <p>Opened {useLocation().pathname}</p>;
}

function show(server: TServer, hiddenColumns?: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/parts']}>
          <Routes>
            <Route
              path="/parts"
              element={<Parts server={server} {...(hiddenColumns ? { hiddenColumns } : {})} />}
            />
            <Route path="/parts/:id" element={<PartPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup();
}

const table = () => screen.findByRole('table', { name: 'Parts' });
const header = (name: string) => screen.getByRole('columnheader', { name });
/** The part number each body row links with, in order. */
const firstCells = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent);

describe('DataList', () => {
  it('sorts on the server when a header is clicked, turns the order round on a second click and says so in aria-sort', async () => {
    const user = show(serverOf(parts(3)));
    const t = await table();
    expect(firstCells(t)).toEqual(['P-001', 'P-002', 'P-003']);
    expect(header('Part number')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    // Only columns the server sorts by are buttons; the actions column is not.
    expect(within(header('Actions')).queryByRole('button')).toBeNull();

    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Part number')).toHaveAttribute('aria-sort', 'none');
    await vi.waitFor(() => expect(firstCells(t)).toEqual(['P-003', 'P-002', 'P-001']));

    await user.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    await vi.waitFor(() => expect(firstCells(t)).toEqual(['P-001', 'P-002', 'P-003']));
  });

  it('pages on the server with the named page control, and a new order starts again at page 1', async () => {
    const user = show(serverOf(parts(30)));
    const t = await table();
    expect(screen.getByText('30 parts')).toBeInTheDocument();
    const pages = screen.getByLabelText('Pages of parts');

    await user.click(within(pages).getByRole('button', { name: '2' }));
    await vi.waitFor(() => expect(firstCells(t)).toEqual(['P-026', 'P-027', 'P-028', 'P-029', 'P-030']));
    expect(within(pages).getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(header('On hand')).getByRole('button', { name: 'On hand' }));
    await vi.waitFor(() => expect(firstCells(t)[0]).toBe('P-001'));
    expect(within(pages).getByRole('button', { name: '1' })).toHaveAttribute('aria-current', 'page');
  });

  it('goes back to page 1 when the search changes, and sends the search once typing rests', async () => {
    const server = vi.fn(serverOf(parts(30)));
    const user = show(server);
    const t = await table();
    await user.click(screen.getByRole('button', { name: '2' }));
    await vi.waitFor(() => expect(firstCells(t)[0]).toBe('P-026'));

    // Keystrokes on a fake clock take no time, so what is sent does not depend on how fast the machine types.
    vi.useFakeTimers();
    try {
      const box = screen.getByRole('textbox', { name: 'Search parts' });
      for (const typed of ['P', 'P-', 'P-0', 'P-02']) fireEvent.change(box, { target: { value: typed } });
      await vi.advanceTimersByTimeAsync(249);
      expect(server.mock.calls.filter(([request]) => request.q !== '')).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(screen.getByText('10 parts')).toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
    expect(firstCells(t)[0]).toBe('P-020');
    // One request for the whole search, on page 1.
    const searches = server.mock.calls.map(([request]) => request).filter((r) => r.q !== '');
    expect(searches).toEqual([{ q: 'P-02', page: 1, pageSize: 25, sort: { by: 'partNumber', dir: 'asc' } }]);
  });

  it('shows the list’s own message instead of an empty table when nothing matches', async () => {
    show(serverOf([]));
    expect(await screen.findByText('No parts yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByLabelText('Pages of parts')).toBeNull();
  });

  it('shows a spinner before the first page, then the failure with “Try again”, which loads the list', async () => {
    let fail = true;
    const rows = serverOf(parts(2));
    const server: TServer = async (request) => {
      if (fail) throw new ApiError(503, 'UNAVAILABLE', 'The server is busy.');
      return rows(request);
    };
    const user = show(server);
    expect(screen.getByLabelText('Loading parts')).toBeInTheDocument();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Parts could not be loaded');
    expect(alert).toHaveTextContent('The server is busy.');
    expect(screen.queryByRole('table')).toBeNull();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await table()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens a row’s page on a click anywhere in the row, with a real link in its first cell', async () => {
    const user = show(serverOf(parts(2)));
    const t = await table();
    const link = within(t).getByRole('link', { name: 'P-002' });
    expect(link).toHaveAttribute('href', '/parts/id-2');
    // The row's other links are none: one link per row, in its first cell.
    expect(within(t).getAllByRole('link')).toHaveLength(2);

    // A second line under the first cell stays out of the link's name.
    const first = within(t).getByRole('link', { name: 'P-001' });
    expect(first.closest('td')).toHaveTextContent('P-001None on hand');

    await user.click(within(t).getByRole('cell', { name: 'Widget 001' }));
    expect(await screen.findByText('Opened /parts/id-2')).toBeInTheDocument();
  });

  it('leaves a click on a button inside a row to the button', async () => {
    const user = show(serverOf(parts(2)));
    const t = await table();
    await user.click(within(t).getByRole('button', { name: 'Edit P-001' }));
    expect(screen.queryByText(/^Opened/)).toBeNull();
    expect(screen.getByRole('table', { name: 'Parts' })).toBeInTheDocument();
  });

  it('renders the page’s cards for phones, and leaves out the hidden columns', async () => {
    show(serverOf(parts(2)), ['onHand']);
    await table();
    expect(screen.getByRole('article', { name: 'Card P-001' })).toHaveTextContent('Widget 002');
    expect(screen.queryByRole('columnheader', { name: 'On hand' })).toBeNull();
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
  });
});
