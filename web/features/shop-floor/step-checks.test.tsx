// A step's inspections in place (decision 076): each plan with required or not, where it stands and its inspection's
// number, "Inspect" opening QC Instructions on this work order, step and plan while it is not passed, and what the
// step's finish waits for.
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TFloorStepCheck } from '#common/schemas/floor-checks.ts';
import type { TFloor } from '#common/schemas/shop-floor.ts';
import { floorOf, run, STEP_FIT } from './floor-fixture.ts';
import { StepChecks } from './step-checks.tsx';

const check = (over: Partial<TFloorStepCheck>): TFloorStepCheck => ({
  planId: '01930000-0000-7000-8000-0000000000c1',
  name: 'Torque check',
  required: true,
  active: true,
  released: true,
  state: 'not_started',
  inspection: null,
  blocking: true,
  ...over,
});

function show(floor: TFloor) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <StepChecks floor={floor} step={floor.steps[0]!} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function withChecks(checks: TFloorStepCheck[], status: TFloor['status'] = 'in_progress') {
  const floor = floorOf(status, [run('running'), null]);
  floor.steps[0] = { ...floor.steps[0]!, checks };
  return floor;
}

describe('StepChecks', () => {
  it('lists each plan with where it stands, and Inspect opens QC Instructions on this step and plan', () => {
    const floor = withChecks([
      check({}),
      check({
        planId: '01930000-0000-7000-8000-0000000000c2',
        name: 'Visual',
        required: false,
        state: 'failed',
        inspection: { id: 'qi-7', number: 7, numberText: 'QI-000007' },
        blocking: false,
      }),
    ]);
    show(floor);
    const torque = screen.getByRole('listitem', { name: 'Torque check' });
    expect(torque).toHaveTextContent('Required before the step is finished');
    expect(torque).toHaveTextContent('Not started');
    expect(within(torque).getByRole('link', { name: 'Inspect: Torque check' })).toHaveAttribute(
      'href',
      `/quality/qc-display?workOrder=${floor.id}&step=${STEP_FIT}&plan=01930000-0000-7000-8000-0000000000c1`,
    );
    const visual = screen.getByRole('listitem', { name: 'Visual' });
    expect(visual).toHaveTextContent('Optional');
    expect(visual).toHaveTextContent('Failed');
    expect(within(visual).getByRole('link', { name: 'QI-000007' })).toHaveAttribute(
      'href',
      '/quality/qc-display?inspection=qi-7',
    );
    expect(screen.getByText('Finishing this step waits for “Torque check” to pass.')).toBeInTheDocument();
  });

  it('offers no Inspect for a passed plan, one switched off or one with no released version', () => {
    show(
      withChecks([
        check({
          state: 'passed',
          blocking: false,
          inspection: { id: 'qi-2', number: 2, numberText: 'QI-000002' },
        }),
        check({ planId: 'p2', name: 'Old check', active: false, blocking: false }),
        check({ planId: 'p3', name: 'Leak test', released: false }),
      ]),
    );
    expect(screen.queryByRole('link', { name: /^Inspect/ })).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Torque check' })).toHaveTextContent('Passed');
    expect(screen.getByRole('listitem', { name: 'Old check' })).toHaveTextContent('Switched off by Quality');
    expect(screen.getByRole('listitem', { name: 'Leak test' })).toHaveTextContent(
      'no released version yet: Quality releases one first',
    );
  });

  it('shows nothing for a step without plans, and no Inspect once the work order is completed', () => {
    show(withChecks([]));
    expect(screen.queryByRole('region', { name: 'Inspections' })).toBeNull();
    show(withChecks([check({})], 'completed'));
    expect(screen.queryByRole('link', { name: /^Inspect/ })).toBeNull();
  });
});
