// A job's drill-down as a user reads it (found at 390 px): every tab has a card per row for a phone — the table is
// for `sm` and up — holding the row's hours and money, money to the cent as the headline figures write it ("$0.55",
// never "0.5512"), rates per hour and activities in words; the cards' buttons open a person's or work order's entries.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  TJobCostEntry,
  TJobCostLine,
  TJobCostPerson,
  TJobCostWorkOrder,
} from '#common/schemas/job-cost-drill.ts';
import { CompanyClockProvider } from '../../lib/company-clock.tsx';
import type { TDrillKind } from './api.ts';
import { DrillTab } from './job-cost-drill.tsx';

const PEOPLE: TJobCostPerson[] = [
  { userId: 'u-1', name: 'Omar Operator', entries: 17, laborHours: '67.54', laborCost: '2161.19' },
];
const WORK_ORDERS: TJobCostWorkOrder[] = [
  {
    workOrderId: 'wo-33',
    number: 'WO-000033',
    partNumber: 'FG-100',
    status: 'in_progress',
    laborHours: '0.02',
    laborCost: '0.64',
    materialConsumed: '54.54',
    totalCost: '55.18',
  },
];
const entry = (id: string, cost: string, activity: TJobCostEntry['activity']): TJobCostEntry => ({
  id,
  userId: 'u-1',
  userName: 'Omar Operator',
  startedAt: '2026-11-30T14:00:00.000Z',
  endedAt: '2026-11-30T14:01:02.000Z',
  hours: '0.02',
  rate: '32',
  cost,
  activity,
  source: 'clock',
  workOrderNumber: null,
});
const ENTRIES = [entry('e-1', '0.5512', 'run'), entry('e-2', '144', 'indirect'), entry('e-3', '72', null)];
const LINES: TJobCostLine[] = [
  {
    id: 'l-1',
    postedAt: '2026-11-30T05:33:12.258Z',
    kind: 'build-consume',
    category: 'consumed',
    reference: 'WO-000033',
    partNumber: 'SA-200',
    itemName: 'Wiring harness, control box',
    quantity: '-1',
    unitCost: '8.1242',
    cost: '8.1242',
    workOrderNumber: 'WO-000033',
  },
];
const PAGES: Record<TDrillKind, unknown[]> = {
  people: PEOPLE,
  'work-orders': WORK_ORDERS,
  entries: ENTRIES,
  lines: LINES,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The tab of `kind` over a server answering that kind's page. */
function show(kind: TDrillKind, onOpen = vi.fn()) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const items = PAGES[kind];
      return new Response(JSON.stringify({ items, total: items.length, page: 1, pageSize: 25 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <CompanyClockProvider timeZone="UTC" locale="en-GB">
          <MemoryRouter>
            <DrillTab
              kind={kind}
              jobId="job-1"
              period={{ from: '2026-11-01', to: '2026-11-30' }}
              filter={{}}
              onClear={() => undefined}
              onOpen={onOpen}
            />
          </MemoryRouter>
        </CompanyClockProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { user: userEvent.setup(), onOpen };
}

/** The table sits in a box shown from `sm` up, the cards in a list hidden from `sm` up (Mantine's responsive props). */
function expectTableWideAndCardsOnPhone(table: HTMLElement, card: HTMLElement) {
  expect(table.closest('.mantine-visible-from-sm')).not.toBeNull();
  expect(card.closest('.mantine-hidden-from-sm')).not.toBeNull();
  expect(card.closest('.mantine-visible-from-sm')).toBeNull();
}

describe('the drill-down', () => {
  it('shows a person’s hours and labor cost on a card, and opens their entries', async () => {
    const { user, onOpen } = show('people');
    const card = await screen.findByRole('article', { name: 'Omar Operator' });
    expect(card).toHaveTextContent('17 entries · Hours 67.54');
    expect(card).toHaveTextContent('Labor cost $2,161.19');
    expectTableWideAndCardsOnPhone(screen.getByRole('table', { name: 'Time by person' }), card);
    await user.click(within(card).getByRole('button', { name: 'Entries of Omar Operator' }));
    expect(onOpen).toHaveBeenCalledWith('entries', { userId: 'u-1', label: 'Omar Operator' });
  });

  it('shows a work order’s money as money, its total the parts shown', async () => {
    show('work-orders');
    const card = await screen.findByRole('article', { name: 'WO-000033' });
    expect(card).toHaveTextContent('WO-000033 · builds FG-100');
    expect(card).toHaveTextContent('Labor 0.02 h · $0.64');
    expect(card).toHaveTextContent('Consumed $54.54');
    expect(card).toHaveTextContent('Total $55.18');
    expect(within(card).getByRole('button', { name: 'Lines of WO-000033' })).toBeVisible();
    const row = within(screen.getByRole('table', { name: 'Cost by work order' })).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['WO-000033', 'FG-100', '0.02', '$0.64', '$54.54', '$55.18', 'EntriesLines']);
  });

  it('writes an entry’s cost to the cent, its rate per hour and its activity in words', async () => {
    show('entries');
    const cards = await screen.findAllByRole('article');
    expect(cards[0]).toHaveTextContent('$0.55');
    expect(cards[0]).toHaveTextContent('0.02 h at $32.00/h · Run');
    expect(cards[0]).toHaveTextContent('30 Nov 2026, 14:00 – 14:01');
    expect(cards[1]).toHaveTextContent('$144.00');
    expect(cards[1]).toHaveTextContent('· Indirect');
    // Nothing said of what it was spent on: the card leaves it out rather than end on "· —".
    expect(cards[2]).toHaveTextContent(/0\.02 h at \$32\.00\/h$/);
    const table = screen.getByRole('table', { name: 'Time entries' });
    expectTableWideAndCardsOnPhone(table, cards[0]!);
    expect(table).toHaveTextContent('$0.55');
    expect(table).toHaveTextContent('$32.00/h');
    expect(table).toHaveTextContent('Indirect');
    for (const raw of ['0.5512', 'run', 'indirect']) expect(document.body).not.toHaveTextContent(raw);
  });

  it('writes a ledger line’s unit cost and cost to the cent', async () => {
    show('lines');
    const card = await screen.findByRole('article', { name: /^SA-200, / });
    expect(card).toHaveTextContent('SA-200 · Wiring harness, control box$8.12');
    expect(card).toHaveTextContent('Consumed by a work order · WO-000033');
    expect(card).toHaveTextContent('Quantity -1 at $8.12');
    expect(screen.getByRole('table', { name: 'Ledger lines' })).toHaveTextContent('$8.12');
    expect(document.body).not.toHaveTextContent('8.1242');
  });
});
