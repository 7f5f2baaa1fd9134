// Scrap names a defect code where the company keeps them (decision 076): finishing a step with scrap asks for one
// before anything is sent, and sends the chosen code with the reason as its note; a company keeping none is asked
// for a reason as before, and nothing about codes shows until scrap is typed.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { floorOf, run } from './floor-fixture.ts';
import { showFloor, stubApi, type TSent } from './render-floor.tsx';

const floor = floorOf('in_progress', [run('running'), null]);
const CODE = { id: '01930000-0000-7000-8000-0000000000dc', code: 'SCR-01', name: 'Scratched' };

function serve(kept: boolean) {
  return stubApi((r) => {
    if (r.url.startsWith('/api/v1/session')) return { body: {} };
    if (r.url.startsWith('/api/v1/defect-codes')) {
      const items = kept
        ? [{ ...CODE, category: '', severity: 'minor', active: true, createdAt: '2026-11-01' }]
        : [];
      return { body: { items, total: items.length, page: 1, pageSize: 20 } };
    }
    return { body: floorOf('in_progress', [run('finished'), null]) };
  });
}
const finishes = (sent: TSent[]) => sent.filter((r) => r.method === 'POST');

afterEach(() => vi.unstubAllGlobals());

describe('finishing a step with scrap', () => {
  it('asks for a defect code where the company keeps them, and sends it with the reason as note', async () => {
    const user = userEvent.setup();
    const sent = serve(true);
    showFloor(floor, { instant: true });
    await user.click(screen.getByRole('button', { name: 'Finish…' }));
    const form = within(screen.getByRole('form', { name: 'Finish the step' }));
    expect(form.queryByPlaceholderText('Search defect codes')).toBeNull();
    await user.type(form.getByRole('textbox', { name: 'Good' }), '1');
    await user.clear(form.getByRole('textbox', { name: 'Scrap' }));
    await user.type(form.getByRole('textbox', { name: 'Scrap' }), '1');
    await user.type(form.getByRole('textbox', { name: 'Scrap reason' }), 'Dropped');
    const code = await form.findByPlaceholderText('Search defect codes');
    await user.click(form.getByRole('button', { name: 'Finish step' }));
    expect(await screen.findByText('Choose the defect code it was scrapped for')).toBeInTheDocument();
    expect(finishes(sent)).toHaveLength(0);

    await user.click(code);
    await user.click(await screen.findByRole('option', { name: 'SCR-01 — Scratched' }));
    await user.click(form.getByRole('button', { name: 'Finish step' }));
    await waitFor(() => expect(finishes(sent)).toHaveLength(1));
    expect(finishes(sent)[0]?.body).toEqual({
      goodQuantity: '1',
      scrapQuantity: '1',
      scrapReason: 'Dropped',
      scrapDefectCodeId: CODE.id,
    });
  });

  it('asks for a reason as before where the company keeps no code', async () => {
    const user = userEvent.setup();
    const sent = serve(false);
    showFloor(floor);
    await user.click(screen.getByRole('button', { name: 'Finish…' }));
    const form = within(screen.getByRole('form', { name: 'Finish the step' }));
    await user.type(form.getByRole('textbox', { name: 'Good' }), '1');
    await user.clear(form.getByRole('textbox', { name: 'Scrap' }));
    await user.type(form.getByRole('textbox', { name: 'Scrap' }), '1');
    await user.click(form.getByRole('button', { name: 'Finish step' }));
    expect(await screen.findByText('Say why it was scrapped')).toBeInTheDocument();
    expect(form.queryByPlaceholderText('Search defect codes')).toBeNull();
    expect(finishes(sent)).toHaveLength(0);
  });
});
