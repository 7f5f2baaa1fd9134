// The Add time dialog and the keyboard (found at 390 px): it opens on its first field (Job), not its close button; a
// day picked from the calendar by the keyboard or the mouse leaves the focus on the Day field inside the dialog, not
// on <body>; and while it is open, a scanner's burst does not reach the Time page's clock-in scanner behind it.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '#common/time/calendar.ts';
import { CompanyClockProvider, companyClock } from '../../lib/company-clock.tsx';
import { EntryDialog, type TEntryTarget } from './entry-dialog.tsx';
import { ScanClockIn } from './scan-clock-in.tsx';

const ZONE = 'UTC';
const today = () => companyClock(ZONE).today();

/** fetch answering every call with an empty page; returns the URLs asked for. */
function stubFetch(): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ items: [], total: 0 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

/** The Time page in little: its clock-in scanner, and the Add time dialog opened over it until closed. */
function Page() {
  const [target, setTarget] = useState<TEntryTarget | null>({
    kind: 'add',
    userId: 'u-1',
    userName: 'Ana Operator',
    date: today(),
  });
  return (
    <>
      <ScanClockIn camera={() => null} />
      <EntryDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // env="test": no transitions, so the dialog and the calendar are there as soon as they open.
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <CompanyClockProvider timeZone={ZONE} locale="en-GB">
          <Page />
        </CompanyClockProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup();
}

/** What a keyboard-wedge scanner sends, its keys landing where the focus is (here <body>): fast, then Enter. */
function wedge(code: string) {
  const target = document.activeElement ?? document.body;
  for (const key of code) fireEvent.keyDown(target, { key });
  fireEvent.keyDown(target, { key: 'Enter' });
}

const dialog = () => screen.getByRole('dialog', { name: 'Add time' });
const dayField = () => within(dialog()).getByRole('button', { name: 'Day' });
/** "29 November 2026", as the calendar names a day. */
const dayName = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

let asked: string[];
beforeEach(() => {
  asked = stubFetch();
  // The Reason field grows with its text and listens for fonts loading; jsdom has no document.fonts.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The web project shares one module graph and one document per worker: leave it as jsdom made it.
  delete (document as { fonts?: unknown }).fonts;
});

describe('EntryDialog and the keyboard', () => {
  it('opens with the focus on its first field, Job', async () => {
    show();
    await waitFor(() => expect(within(dialog()).getByRole('combobox', { name: 'Job' })).toHaveFocus());
  });

  it('gives the focus back to the Day field when a day is picked with the arrows and Enter', async () => {
    const user = show();
    const yesterday = addDays(today(), -1);
    // From Job, where the dialog opens, past Activity to Day: the tester's way.
    await waitFor(() => expect(within(dialog()).getByRole('combobox', { name: 'Job' })).toHaveFocus());
    await user.tab();
    await user.tab();
    expect(dayField()).toHaveFocus();
    await user.keyboard('{Enter}');
    const calendar = await screen.findByRole('dialog', { name: 'Day' });
    expect(within(calendar).getByRole('button', { name: dayName(today()) })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Day' })).toBeNull());
    expect(dayField()).toHaveTextContent(companyClock(ZONE, 'en-GB').calendarDate(yesterday));
    await waitFor(() => expect(dayField()).toHaveFocus());
    // Tab goes on to the next field of the dialog, not to the page behind it.
    await user.tab();
    expect(within(dialog()).getByLabelText(/^Start/)).toHaveFocus();
  });

  it('gives the focus back to the Day field when a day is clicked', async () => {
    const user = show();
    const yesterday = addDays(today(), -1);
    await user.click(dayField());
    const calendar = await screen.findByRole('dialog', { name: 'Day' });
    const day = within(calendar).queryByRole('button', { name: dayName(yesterday) });
    // Today the 1st: yesterday is last month's.
    if (!day) await user.click(within(calendar).getByRole('button', { name: 'Previous month' }));
    await user.click(within(calendar).getByRole('button', { name: dayName(yesterday) }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Day' })).toBeNull());
    await waitFor(() => expect(dayField()).toHaveFocus());
  });

  it('keeps a scanner’s burst from the page’s clock-in scanner while it is open, even with the focus on <body>', async () => {
    const user = show();
    await waitFor(() => expect(within(dialog()).getByRole('combobox', { name: 'Job' })).toHaveFocus());
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    wedge('0600AM0630AM');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.filter((url) => url.includes('/scan/resolve') || url.includes('/clock'))).toEqual([]);
    // Closed, the same burst reaches the scanner: the test sees the wedge at work.
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add time' })).toBeNull());
    (document.activeElement as HTMLElement | null)?.blur();
    wedge('JOB-000001');
    await waitFor(() =>
      expect(asked.some((url) => url.includes('/scan/resolve?code=JOB-000001'))).toBe(true),
    );
  });
});
