// Completion is never silent: the server's 409 UNCONSUMED opens a dialog listing each open line (part, planned,
// consumed, left) that asks what became of it; "Consume as planned" completes with that resolution, and a return
// without a reason is asked for on its line before anything is sent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bolt, floorOf, run, screw } from './floor-fixture.ts';
import { showFloor, stubApi, type TSent } from './render-floor.tsx';

const done = [run('finished'), run('finished')];
const floor = floorOf('in_progress', done, {
  components: [bolt({ consumed: '1', left: '1' }), screw({ consumed: '8', left: '0' })],
  goodQuantity: '2',
});
const unconsumed = {
  status: 409,
  body: {
    error: {
      code: 'UNCONSUMED',
      message: 'Not every component is consumed: BOLT.',
      details: {
        lines: [
          { itemId: bolt().itemId, partNumber: 'BOLT', planned: '2', consumed: '1', left: '1', unit: 'ea' },
        ],
      },
    },
  },
};
const completions = (sent: TSent[]) => sent.filter((r) => r.url.endsWith('/complete'));

afterEach(() => vi.unstubAllGlobals());

describe('completing with a component not fully consumed', () => {
  it('lists the open line and completes after “Consume as planned”', async () => {
    const user = userEvent.setup();
    const sent = stubApi((r) =>
      (r.body as { resolutions: unknown[] }).resolutions.length === 0
        ? unconsumed
        : { body: { ...floor, status: 'completed' } },
    );
    showFloor(floor);
    await user.click(screen.getByRole('button', { name: 'Complete work order' }));

    const dialog = await screen.findByRole('dialog', { name: 'Components not fully consumed' });
    const line = within(dialog).getByRole('region', { name: 'BOLT' });
    expect(within(line).getByText('BOLT Bolt')).toBeInTheDocument();
    expect(within(line).getByText('Planned 2 ea · consumed 1 · left 1')).toBeInTheDocument();
    await user.click(within(line).getByRole('radio', { name: 'Consume as planned' }));
    await user.click(within(dialog).getByRole('button', { name: 'Complete work order' }));

    await waitFor(() => expect(screen.getByText('Completed')).toBeInTheDocument());
    expect(completions(sent).map((r) => r.body)).toEqual([
      { resolutions: [] },
      { resolutions: [{ itemId: bolt().itemId, action: 'consume' }] },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks why the rest is returned, and for the quantity used, before sending', async () => {
    const user = userEvent.setup();
    const sent = stubApi(() => unconsumed);
    showFloor(floor);
    await user.click(screen.getByRole('button', { name: 'Complete work order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Components not fully consumed' });
    const line = within(dialog).getByRole('region', { name: 'BOLT' });

    await user.click(within(line).getByRole('radio', { name: 'Return to stock' }));
    await user.click(within(dialog).getByRole('button', { name: 'Complete work order' }));
    expect(await within(line).findByText('Say why the rest is returned')).toBeInTheDocument();

    await user.click(within(line).getByRole('radio', { name: 'Enter what was used' }));
    await user.click(within(dialog).getByRole('button', { name: 'Complete work order' }));
    expect(await within(line).findByText('Enter the quantity actually used')).toBeInTheDocument();
    await user.type(within(line).getByRole('textbox', { name: 'Used (ea)' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Complete work order' }));
    expect(
      await within(line).findByText('Say why the quantity used differs from the plan'),
    ).toBeInTheDocument();
    expect(completions(sent)).toHaveLength(1);
  });

  it('shows the server’s refusal of a line on that line', async () => {
    const user = userEvent.setup();
    stubApi((r) =>
      (r.body as { resolutions: unknown[] }).resolutions.length === 0
        ? unconsumed
        : {
            status: 400,
            body: {
              error: {
                code: 'BAD_REQUEST',
                message: 'Invalid request',
                fieldErrors: { 'resolutions.0.quantity': '1 ea is already consumed: enter at least that' },
              },
            },
          },
    );
    showFloor(floor);
    await user.click(screen.getByRole('button', { name: 'Complete work order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Components not fully consumed' });
    const line = within(dialog).getByRole('region', { name: 'BOLT' });
    await user.click(within(line).getByRole('radio', { name: 'Enter what was used' }));
    await user.type(within(line).getByRole('textbox', { name: 'Used (ea)' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Complete work order' }));
    expect(
      await within(line).findByText('1 ea is already consumed: enter at least that'),
    ).toBeInTheDocument();
  });
});
