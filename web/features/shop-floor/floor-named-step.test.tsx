// The floor opened at a named step (QC Instructions' way back, &step=): it shows that step while it is not finished,
// even ahead of the step under way; a named step already finished opens the step under way instead.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { floorOf, run, STEP_FASTEN, STEP_FIT } from './floor-fixture.ts';
import { showFloor } from './render-floor.tsx';

describe('ShopFloorPage at a named step', () => {
  it('opens at the named step, also one ahead of the step under way', () => {
    showFloor(floorOf('in_progress', [run('running'), null]), { stepId: STEP_FASTEN });
    expect(screen.getByRole('heading', { name: 'Step 2 of 2: Fasten', level: 2 })).toBeInTheDocument();
  });

  it('opens at the step under way when the named step is finished or not of this work order', () => {
    const { unmount } = showFloor(floorOf('in_progress', [run('finished'), run('running')]), {
      stepId: STEP_FIT,
    });
    expect(screen.getByRole('heading', { name: 'Step 2 of 2: Fasten', level: 2 })).toBeInTheDocument();
    unmount();
    showFloor(floorOf('in_progress', [run('running'), null]), { stepId: 'not-a-step' });
    expect(screen.getByRole('heading', { name: 'Step 1 of 2: Fit', level: 2 })).toBeInTheDocument();
  });
});
