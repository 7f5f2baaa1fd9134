// The shop-floor tests' page and server: the floor view drawn from a cached answer (nothing fetched on load), and
// fetch answered by a test's handler, each request kept with its parsed body. Only the tests import it.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { TFloor } from '#common/schemas/shop-floor.ts';
import { floorKey } from './api.ts';
import { ShopFloorPage } from './shop-floor-page.tsx';

export interface TSent {
  method: string;
  url: string;
  body: unknown;
}

export type THandler = (request: TSent) => { status?: number; body: unknown };

/** JSON as the server answers it. */
const answer = ({ status = 200, body }: { status?: number; body: unknown }) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs fetch with `handler`; returns the requests made, in order. Undo with vi.unstubAllGlobals(). */
export function stubApi(handler: THandler): TSent[] {
  const sent: TSent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      sent.push(request);
      return answer(handler(request));
    }),
  );
  return sent;
}

/**
 * The page of `floor`, its answer in the cache and fresh, as after the page's first load; `instant` turns Mantine's
 * transitions off, so a picker's list is there as soon as it opens; `stepId` is the step a link named (&step=).
 */
export function showFloor(
  floor: TFloor,
  { instant = false, stepId }: { instant?: boolean; stepId?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  queryClient.setQueryData(floorKey(floor.id), floor);
  return render(
    <MantineProvider {...(instant ? { env: 'test' as const } : {})}>
      <QueryClientProvider client={queryClient}>
        <ShopFloorPage workOrderId={floor.id} stepId={stepId ?? null} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}
