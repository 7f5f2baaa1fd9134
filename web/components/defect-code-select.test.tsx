// The defect-code picker: offers only the company's active codes, as "CODE — name", hands on the chosen id, and
// names a code given by its id alone from the server.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DefectCodeSelect, defectCodeOption, type TDefectCodeOption } from './defect-code-select.tsx';

const SCRATCH = {
  id: 'dc-1',
  code: 'SCR-01',
  name: 'Scratched',
  category: 'Finish',
  severity: 'minor' as const,
};
const DENT = { id: 'dc-2', code: 'DNT-01', name: 'Dented', category: 'Body', severity: 'major' as const };

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

function serve() {
  const fetched: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url);
      if (url.startsWith('/api/v1/defect-codes/dc-2'))
        return json({ ...DENT, active: true, createdAt: '2026-11-01T00:00:00.000Z' });
      const items = [SCRATCH, DENT].map((c) => ({
        ...c,
        active: true,
        createdAt: '2026-11-01T00:00:00.000Z',
      }));
      return json({ items, total: 2, page: 1, pageSize: 20 });
    }),
  );
  return fetched;
}

function show(value: TDefectCodeOption | null, onChange = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <DefectCodeSelect value={value} onChange={onChange} required />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { user: userEvent.setup(), onChange };
}

afterEach(() => vi.unstubAllGlobals());

describe('DefectCodeSelect', () => {
  it('labels a code "CODE — name"', () => {
    expect(defectCodeOption(SCRATCH)).toEqual({ value: 'dc-1', label: 'SCR-01 — Scratched' });
  });

  it('offers the active codes from the server and hands on the chosen id and label', async () => {
    const fetched = serve();
    const { user, onChange } = show(null);
    await user.click(screen.getByPlaceholderText('Search defect codes'));
    await user.click(await screen.findByRole('option', { name: 'DNT-01 — Dented' }));
    expect(onChange).toHaveBeenCalledWith({ value: 'dc-2', label: 'DNT-01 — Dented' });
    expect(fetched.some((u) => u.startsWith('/api/v1/defect-codes?') && u.includes('active=active'))).toBe(
      true,
    );
  });

  it('names a code given by its id alone', async () => {
    serve();
    show({ value: 'dc-2', label: '' });
    expect(await screen.findByDisplayValue('DNT-01 — Dented')).toBeInTheDocument();
  });
});
