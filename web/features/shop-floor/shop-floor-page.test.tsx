// The floor page draws the run the server answered: the step to work on (the first not finished), its Markdown
// instructions with no HTML written in them rendered, the buttons its state allows and what its finish backflushes;
// the scan field while the work order is in progress, whatever its steps (components are consumed until completion);
// components as the operator needs them; the output form prefilled from the last finished step.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BIN, bolt, floorOf, OUT, run, screw } from './floor-fixture.ts';
import { showFloor } from './render-floor.tsx';

describe('ShopFloorPage', () => {
  it('shows a released work order’s first step with Start, its instructions as Markdown and no HTML', () => {
    const { container } = showFloor(floorOf('released', [null, null]));
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
    showFloor(floorOf('in_progress', [run('running'), null]));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    // The operator by name: the trail's address is no use to a colleague on the floor.
    expect(screen.getByText('Started by Otto Op')).toBeInTheDocument();
    expect(screen.queryByText(/otto@floor\.example/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Finish…' })).toBeInTheDocument();
    expect(screen.getByLabelText('Scan or type a label')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record output' })).toBeInTheDocument();
    expect(screen.getByText('BOLT Bolt: 0 of 2 ea consumed (scan its lot)')).toBeInTheDocument();
  });

  it('says what the running step’s finish backflushes, and shows backflushed parts with their step', () => {
    showFloor(floorOf('in_progress', [run('running'), null]));
    expect(
      screen.getByText('Finishing this step takes 8 ea SCREW (backflushed: no scan needed).'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('SCREW Screw: 8 ea planned, backflushed at step 1 “Fit” (no scan needed)'),
    ).toBeInTheDocument();
  });

  it('shows what was consumed beyond the plan', () => {
    showFloor(
      floorOf('in_progress', [run('finished'), run('running')], {
        components: [bolt({ consumed: '3', left: '0', over: '1' }), screw({ consumed: '8', left: '0' })],
      }),
    );
    expect(screen.getByText('BOLT Bolt: 3 of 2 ea consumed, 1 over plan (scan its lot)')).toBeInTheDocument();
    expect(
      screen.getByText('SCREW Screw: 8 of 8 ea consumed, backflushed at step 1 “Fit” (no scan needed)'),
    ).toBeInTheDocument();
  });

  it('goes on to the first step not finished, and keeps the scan field between steps', () => {
    showFloor(floorOf('in_progress', [run('finished'), null]));
    expect(screen.getByRole('heading', { name: 'Step 2 of 2: Fasten' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(screen.getByLabelText('Scan or type a label')).toBeInTheDocument();
  });

  it('keeps the scan field and the components once every step is finished, until completion', () => {
    showFloor(floorOf('in_progress', [run('finished'), run('finished')]));
    expect(screen.getByLabelText('Scan or type a label')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Consume' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete work order' })).toBeInTheDocument();
  });

  it('presets “Taken from” to where the part expected next lies', () => {
    showFloor(floorOf('in_progress', [run('running'), null]));
    expect(screen.getByRole('combobox', { name: 'Taken from' })).toHaveValue(BIN.code);
  });

  it('prefills the output with the last finished step’s good, scrap and reason, put away at the output location', () => {
    showFloor(
      floorOf('in_progress', [
        run('finished', { good: '2' }),
        run('finished', { good: '1', scrap: '1', reason: 'Stripped thread' }),
      ]),
    );
    const output = screen.getByRole('form', { name: 'Record output' });
    expect(within(output).getByRole('textbox', { name: 'Good' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Scrap' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Scrap reason' })).toHaveValue('Stripped thread');
    expect(screen.getByRole('combobox', { name: 'Put away at' })).toHaveValue(OUT.code);
  });
});
