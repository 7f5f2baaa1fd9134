// Consuming on the floor: a wedge scanner's burst with no field focused records a consumption; "Taken from" follows
// the lot scanned to where it lies; more than is left of the plan asks why before anything is sent, and the reason
// goes with the consumption; a refusal lands beside its field and is scrolled into view.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TFloor } from '#common/schemas/shop-floor.ts';
import { BIN, bolt, floorOf, run, STEP_FIT } from './floor-fixture.ts';
import { showFloor, stubApi, type TSent } from './render-floor.tsx';

const SHELF = { id: '01930000-0000-7000-8000-00000000005f', code: 'SITE / SHELF' };

/** What a keyboard-wedge scanner sends: its characters fast, then Enter, to whatever has the focus (here: none). */
function wedge(code: string) {
  for (const key of code) fireEvent.keyDown(document.body, { key });
  fireEvent.keyDown(document.body, { key: 'Enter' });
}

/** The run after consuming `quantity` BOLTs from `place`. */
function consumed(floor: TFloor, quantity: string, place: { code: string }): TFloor {
  return {
    ...floor,
    components: [bolt({ consumed: quantity, left: '0' }), ...floor.components.slice(1)],
    consumptions: [
      {
        id: 'c1',
        partNumber: 'BOLT',
        lotNumber: 'LOT-1',
        locationCode: place.code,
        quantity,
        stepId: STEP_FIT,
        source: 'scan',
        reason: null,
        createdAt: '2026-11-26T22:05:00.000Z',
        createdBy: 'Otto Op',
      },
    ],
  };
}

const lotLookup = {
  kind: 'lot',
  matchedBy: 'lot-number',
  lot: { id: 'lot-1', lotNumber: 'LOT-1', expiresOn: null, hold: null },
  item: { id: bolt().itemId, partNumber: 'BOLT', name: 'Bolt' },
  onHand: '5',
  balances: [
    {
      itemId: bolt().itemId,
      partNumber: 'BOLT',
      itemName: 'Bolt',
      unitOfMeasure: 'ea',
      locationId: SHELF.id,
      locationCode: SHELF.code,
      lotId: 'lot-1',
      lotNumber: 'LOT-1',
      quantity: '5',
    },
  ],
  balanceCount: 1,
};

const posted = (sent: TSent[]) => sent.filter((r) => r.method === 'POST');

afterEach(() => vi.unstubAllGlobals());

describe('ConsumeForm', () => {
  it('records a wedge scan typed with no field focused, from where the scanned lot lies', async () => {
    const floor = floorOf('in_progress', [run('running'), null]);
    const sent = stubApi((r) =>
      r.url.startsWith('/api/v1/scan/resolve')
        ? { body: lotLookup }
        : { body: { recordId: 'c1', transactionId: 't1', floor: consumed(floor, '1', SHELF) } },
    );
    showFloor(floor);
    expect(screen.getByRole('combobox', { name: 'Taken from' })).toHaveValue(BIN.code);

    wedge('LOT-1');

    expect(await screen.findByText('BOLT Bolt: 1 of 2 ea consumed (scan its lot)')).toBeInTheDocument();
    expect(sent[0]?.url).toBe('/api/v1/scan/resolve?code=LOT-1');
    expect(posted(sent)).toHaveLength(1);
    expect(posted(sent)[0]).toMatchObject({
      url: `/api/v1/work-orders/${floor.id}/consumptions`,
      body: { code: 'LOT-1', quantity: '1', locationId: SHELF.id, stepId: STEP_FIT },
    });
    expect(screen.getByRole('combobox', { name: 'Taken from' })).toHaveValue(SHELF.code);
    // The field is emptied for the next scan, and not focused: a phone would open its keyboard for nothing.
    expect(screen.getByRole('textbox', { name: 'Scan or type a label' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Scan or type a label' })).not.toHaveFocus();
  });

  it('asks why before consuming more than is left of the plan, and sends the reason', async () => {
    const user = userEvent.setup();
    const floor = floorOf('in_progress', [run('running'), null]);
    const sent = stubApi(() => ({
      body: { recordId: 'c1', transactionId: 't1', floor: consumed(floor, '3', BIN) },
    }));
    showFloor(floor);
    const form = screen.getByRole('form', { name: 'Consume a component' });
    await user.clear(within(form).getByRole('textbox', { name: 'Quantity' }));
    await user.type(within(form).getByRole('textbox', { name: 'Quantity' }), '3');
    await user.type(within(form).getByRole('textbox', { name: 'Scan or type a label' }), 'BOLT{Enter}');

    const reason = await within(form).findByRole('textbox', { name: 'Why more than planned' });
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Say why more than planned was used'));
    expect(within(form).getByText('2 ea of BOLT was left of the plan')).toBeInTheDocument();
    expect(posted(sent)).toHaveLength(0);

    await user.type(reason, 'Two stripped in fitting{Enter}');
    await waitFor(() => expect(posted(sent)).toHaveLength(1));
    expect(posted(sent)[0]?.body).toMatchObject({
      code: 'BOLT',
      quantity: '3',
      locationId: BIN.id,
      reason: 'Two stripped in fitting',
    });
  });

  it('shows the server’s refusal on the field it names and scrolls it into view', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const message = 'Lot CLIP-1 is of CLIP, which is not on this work order. Expected a lot of: BOLT.';
    stubApi((r) =>
      r.url.startsWith('/api/v1/scan/resolve')
        ? { status: 400, body: { error: { code: 'BAD_REQUEST', message: 'Not recognised' } } }
        : { status: 400, body: { error: { code: 'BAD_REQUEST', message, fieldErrors: { code: message } } } },
    );
    showFloor(floorOf('in_progress', [run('running'), null]));

    wedge('CLIP-1');

    const field = screen.getByRole('textbox', { name: 'Scan or type a label' });
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(message)));
    await waitFor(() => expect(scrolled.mock.contexts).toContain(field));
    scrolled.mockRestore();
  });
});
