// "Taken from" points where the scanned part lies: before a scan, the part expected next; a part by its number, at
// its component's default location; a lot where that lot is (its part's default location first, else where most of
// it is). More than is left of the plan is told from the component's figures.
import { describe, expect, it } from 'vitest';
import type { TScanResult } from '#common/schemas/scan.ts';
import { BIN, bolt, floorOf, run, STEP_FASTEN, STEP_FIT, screw } from './floor-fixture.ts';
import {
  componentByPartNumber,
  componentOfLookup,
  expectedComponent,
  passesPlan,
  placeOfLookup,
  presetPlace,
} from './taken-from.ts';

const SHELF = { id: '01930000-0000-7000-8000-00000000005f', code: 'SITE / SHELF' };

function lotResult(
  balances: Array<{ location: { id: string; code: string }; quantity: string }>,
): TScanResult {
  const item = bolt();
  return {
    kind: 'lot',
    matchedBy: 'lot-number',
    lot: { id: 'lot-1', lotNumber: 'L-1', expiresOn: null, hold: null },
    item: {
      id: item.itemId,
      partNumber: 'BOLT',
      name: 'Bolt',
      description: '',
      unitOfMeasure: 'ea',
      category: '',
      unitCost: '1',
      reorderPoint: null,
      defaultLocationId: BIN.id,
      defaultLocationPath: BIN.code,
      lotTracked: true,
      active: true,
      createdAt: '2026-11-26T22:00:00.000Z',
      updatedAt: '2026-11-26T22:00:00.000Z',
    },
    onHand: '10',
    balances: balances.map((b) => ({
      itemId: item.itemId,
      partNumber: 'BOLT',
      itemName: 'Bolt',
      unitOfMeasure: 'ea',
      locationId: b.location.id,
      locationCode: b.location.code,
      lotId: 'lot-1',
      lotNumber: 'L-1',
      quantity: b.quantity,
    })),
    balanceCount: balances.length,
  };
}

describe('taken from', () => {
  it('presets the location of the scanned part still to consume, never a backflushed one', () => {
    const floor = floorOf('in_progress', [run('running'), null], {
      components: [screw({ defaultLocation: SHELF }), bolt()],
    });
    expect(expectedComponent(floor, STEP_FIT)?.partNumber).toBe('BOLT');
    expect(presetPlace(floor, STEP_FIT)).toEqual(BIN);
  });

  it('prefers the part of the step in hand', () => {
    const floor = floorOf('in_progress', [run('finished'), run('running')], {
      components: [
        bolt({ itemId: 'other', partNumber: 'NUT', stepIds: [null], defaultLocation: SHELF }),
        bolt(),
      ],
    });
    expect(presetPlace(floor, STEP_FASTEN)).toEqual(BIN);
    expect(presetPlace(floor, STEP_FIT)).toEqual(SHELF);
  });

  it('falls back to any part with a location once every scanned part is consumed, and to none', () => {
    const done = floorOf('in_progress', [run('finished'), run('finished')], {
      components: [bolt({ consumed: '2', left: '0', defaultLocation: SHELF })],
    });
    expect(presetPlace(done, undefined)).toEqual(SHELF);
    const nowhere = floorOf('in_progress', [null, null], { components: [bolt({ defaultLocation: null })] });
    expect(presetPlace(nowhere, undefined)).toBeNull();
  });

  it('knows a part number in any case without asking the server', () => {
    const floor = floorOf('in_progress', [run('running'), null]);
    expect(componentByPartNumber(floor, ' bolt ')?.itemId).toBe(bolt().itemId);
    expect(componentByPartNumber(floor, 'L-1')).toBeNull();
  });

  it('takes a lot from where it lies: the default location when it is there, else where most of it is', () => {
    const floor = floorOf('in_progress', [run('running'), null]);
    const there = lotResult([
      { location: SHELF, quantity: '9' },
      { location: BIN, quantity: '1' },
    ]);
    expect(componentOfLookup(floor, there)?.partNumber).toBe('BOLT');
    expect(placeOfLookup(bolt(), there)).toEqual(BIN);
    const elsewhere = lotResult([
      { location: { id: 'x', code: 'SITE / X' }, quantity: '2' },
      { location: SHELF, quantity: '7' },
    ]);
    expect(placeOfLookup(bolt(), elsewhere)).toEqual(SHELF);
    expect(placeOfLookup(bolt(), lotResult([]))).toEqual(BIN);
  });

  it('tells a quantity beyond what is left of the plan, and leaves a typo to the contract', () => {
    const component = bolt({ consumed: '1', left: '1' });
    expect(passesPlan(component, '1')).toBe(false);
    expect(passesPlan(component, '1.000001')).toBe(true);
    expect(passesPlan(component, 'two')).toBe(false);
  });
});
