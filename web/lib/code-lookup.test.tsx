// One code lookup for the scan page and QC Instructions: a typed code is trimmed and looked up (the field emptied
// where the page asks), a scanner's burst with no field focused is looked up while the wedge is on and ignored while
// it is off, a refusal comes back in the server's words, and a code the page declines is never sent.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TScanResult } from '#common/schemas/scan.ts';
import { CodeEntryForm } from '../components/code-entry-form.tsx';
import { type TCodeLookupOptions, type TCodeSource, useCodeLookup } from './code-lookup.ts';

const LOCATION = {
  kind: 'location',
  matchedBy: 'location-code',
  location: { id: 'loc-1', fullCode: 'SITE / BIN' },
} as unknown as TScanResult;

/** fetch answering `/api/v1/scan/resolve` with `status` and `body`; returns the URLs asked for. */
function stubResolve(status: number, body: unknown): string[] {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

function Box(props: TCodeLookupOptions<string>) {
  const lookup = useCodeLookup(props);
  return <CodeEntryForm lookup={lookup} formLabel="Type a code" label="Code" placeholder="Code" showBusy />;
}

function show(options: Partial<TCodeLookupOptions<string>> = {}) {
  const found: { result: TScanResult; via: TCodeSource; context: string | undefined }[] = [];
  const failed: string[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = (more: Partial<TCodeLookupOptions<string>>) => (
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Box
          onFound={(result, via, context) => found.push({ result, via, context })}
          onFailed={(message) => failed.push(message)}
          {...options}
          {...more}
        />
      </QueryClientProvider>
    </MantineProvider>
  );
  const rendered = render(view({}));
  return {
    found,
    failed,
    rerender: (more: Partial<TCodeLookupOptions<string>>) => rendered.rerender(view(more)),
  };
}

/** What a keyboard-wedge scanner sends: its characters fast, then Enter, with no field focused. */
function wedge(code: string) {
  for (const key of code) fireEvent.keyDown(document.body, { key });
  fireEvent.keyDown(document.body, { key: 'Enter' });
}

afterEach(() => vi.unstubAllGlobals());

describe('useCodeLookup', () => {
  it('looks up a typed code trimmed, hands the answer with its context, and empties the field when asked', async () => {
    const asked = stubResolve(200, LOCATION);
    const { found } = show({ onStart: (code) => `card of ${code}`, clearTyped: true });
    const field = screen.getByRole('textbox', { name: 'Code' });
    await userEvent.type(field, '  SITE / BIN ');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    await waitFor(() => expect(found).toHaveLength(1));
    expect(asked).toEqual([`/api/v1/scan/resolve?${new URLSearchParams({ code: 'SITE / BIN' })}`]);
    expect(found[0]).toEqual({ result: LOCATION, via: 'typed', context: 'card of SITE / BIN' });
    expect(field).toHaveValue('');
  });

  it('keeps the typed code where the page does not empty it, and sends nothing for blanks', async () => {
    const asked = stubResolve(200, LOCATION);
    const { found } = show();
    const field = screen.getByRole('textbox', { name: 'Code' });
    await userEvent.type(field, '   {Enter}');
    expect(asked).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, 'BIN{Enter}');
    await waitFor(() => expect(found).toHaveLength(1));
    expect(field).toHaveValue('BIN');
  });

  it('looks up a scanner’s burst while the wedge is on, and ignores it while it is off', async () => {
    const asked = stubResolve(200, LOCATION);
    const { found, rerender } = show({ wedge: false });
    wedge('LOT-1');
    expect(asked).toEqual([]);
    rerender({ wedge: true });
    wedge('LOT-1');
    await waitFor(() => expect(found).toHaveLength(1));
    expect(found[0]?.via).toBe('scanner');
    expect(asked).toEqual(['/api/v1/scan/resolve?code=LOT-1']);
  });

  it('hands back the server’s refusal in its words', async () => {
    stubResolve(404, { error: { code: 'NOT_FOUND', message: 'Nothing in your company has the code NOPE.' } });
    const { found, failed } = show();
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'NOPE{Enter}');
    await waitFor(() => expect(failed).toEqual(['Nothing in your company has the code NOPE.']));
    expect(found).toEqual([]);
  });

  it('sends nothing for a code the page declines before the lookup', async () => {
    const asked = stubResolve(200, LOCATION);
    const { found, failed } = show({ onStart: () => false });
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'BIN{Enter}');
    wedge('LOT-1');
    expect(asked).toEqual([]);
    expect(found).toEqual([]);
    expect(failed).toEqual([]);
  });
});
