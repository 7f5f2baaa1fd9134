// The floor page draws the run the server answered: the step to work on (the first not finished), its Markdown
// instructions with no HTML written in them rendered, the buttons its state allows, and the scan field and the
// output form only while the work order is in progress.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TFloor } from '#common/schemas/shop-floor.ts';
import { floorKey } from './api.ts';
import { ShopFloorPage } from './shop-floor-page.tsx';

type TRun = NonNullable<TFloor['steps'][number]['run']>;

const run = (status: TRun['status']): TRun => ({
  status,
  startedByName: 'Otto Op <otto@floor.example>',
  startedAt: '2026-11-26T22:00:00.000Z',
  pausedAt: status === 'paused' ? '2026-11-26T22:10:00.000Z' : null,
  pausedMinutes: '0',
  finishedByName: status === 'finished' ? 'Otto Op <otto@floor.example>' : null,
  finishedAt: status === 'finished' ? '2026-11-26T22:20:00.000Z' : null,
  goodQuantity: status === 'finished' ? '2' : null,
  scrapQuantity: status === 'finished' ? '0' : null,
  scrapReason: null,
});

function floorOf(status: TFloor['status'], runs: Array<TRun | null>): TFloor {
  return {
    id: '01930000-0000-7000-8000-000000000001',
    numberText: 'WO-000042',
    status,
    partNumber: 'TOP-1',
    name: 'Top assembly',
    unitOfMeasure: 'ea',
    quantity: '2',
    goodQuantity: '0',
    scrapQuantity: '0',
    outputLocation: { id: '01930000-0000-7000-8000-000000000009', code: 'SITE / OUT' },
    steps: [
      {
        id: 's1',
        position: 1,
        title: 'Fit',
        instructions: 'Press **firmly**. <script>window.hacked = true</script><b>raw</b>',
        files: [],
        run: runs[0] ?? null,
      },
      {
        id: 's2',
        position: 2,
        title: 'Fasten',
        instructions: 'Torque to 4 Nm.',
        files: [],
        run: runs[1] ?? null,
      },
    ],
    components: [
      {
        itemId: 'i1',
        partNumber: 'BOLT',
        name: 'Bolt',
        unitOfMeasure: 'ea',
        lotTracked: true,
        stepIds: ['s2'],
        reserved: '2',
        consumed: '0',
        left: '2',
      },
    ],
    consumptions: [],
    outputs: [],
  };
}

function show(floor: TFloor) {
  // The answer is in the cache and fresh, as after the page's first load: nothing is fetched.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
  });
  queryClient.setQueryData(floorKey(floor.id), floor);
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <ShopFloorPage workOrderId={floor.id} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('ShopFloorPage', () => {
  it('shows a released work order’s first step with Start, its instructions as Markdown and no HTML', () => {
    const { container } = show(floorOf('released', [null, null]));
    expect(screen.getByRole('heading', { name: 'Step 1 of 2: Fit' })).toBeInTheDocument();
    expect(screen.getByText('firmly').tagName).toBe('STRONG');
    expect(
      container.querySelector(
        '[data-testid="step-instructions"] script, [data-testid="step-instructions"] b',
      ),
    ).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Scan or type a label')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Record output' })).toBeNull();
  });

  it('offers Pause, Finish, the scan field and output while a step runs', () => {
    show(floorOf('in_progress', [run('running'), null]));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    // The operator by name: the trail's address is no use to a colleague on the floor.
    expect(screen.getByText('Started by Otto Op')).toBeInTheDocument();
    expect(screen.queryByText(/otto@floor\.example/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Finish…' })).toBeInTheDocument();
    expect(screen.getByLabelText('Scan or type a label')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record output' })).toBeInTheDocument();
    expect(screen.getByText(/BOLT Bolt: 0 of 2 ea consumed/)).toBeInTheDocument();
  });

  it('goes on to the first step not finished', () => {
    show(floorOf('in_progress', [run('finished'), null]));
    expect(screen.getByRole('heading', { name: 'Step 2 of 2: Fasten' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Scan or type a label')).toBeNull();
  });
});
