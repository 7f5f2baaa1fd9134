// The arithmetic of a built lot's cost (decision 064): labor, an output's share of the pool, the moving average and
// the settlement, to the ledger's 4 decimals.
import { describe, expect, it } from 'vitest';
import { toScaled } from '#common/decimal.ts';
import {
  consumedCost,
  divideRounded,
  movingAverage,
  outputCost,
  settlement,
  spreadOverOnHand,
  standardLabor,
} from './output-cost.ts';

const minutes = { setup: '5', run: '2' };
const base = {
  quantity: '3',
  madeBefore: '0',
  scrap: '0',
  materialCost: '30',
  outputValue: '0',
  minutes,
  rate: '30',
};

describe('divideRounded', () => {
  it('rounds halves away from zero and the rest to the nearer', () => {
    expect([
      divideRounded(5n, 2n),
      divideRounded(-5n, 2n),
      divideRounded(7n, 3n),
      divideRounded(-8n, 3n),
    ]).toEqual([3n, -3n, 2n, -3n]);
  });
});

describe('consumedCost', () => {
  it('values each pick at its posting line and rounds it to money once, as the ledger values the line', () => {
    expect(consumedCost([{ quantity: '13', unitCost: '0.0125' }])).toBe('0.1625');
    // 0.333333 × 1.0001 = 0.33336666…: 0.3334 for the pick; two such picks add their rounded values.
    expect(consumedCost([{ quantity: '0.333333', unitCost: '1.0001' }])).toBe('0.3334');
    expect(
      consumedCost([
        { quantity: '0.333333', unitCost: '1.0001' },
        { quantity: '0.333333', unitCost: '1.0001' },
      ]),
    ).toBe('0.6668');
    // A half rounds away from zero: 0.5 × 0.0001 = 0.00005 → 0.0001.
    expect(consumedCost([{ quantity: '0.5', unitCost: '0.0001' }])).toBe('0.0001');
    expect(consumedCost([])).toBe('0');
  });
});

describe('standardLabor', () => {
  it('charges setup once and run per unit at the rate an hour', () => {
    // (5 + 2 × 3) minutes at $30 an hour = $5.50.
    expect(standardLabor(minutes, '3', '30')).toBe('5.5');
    expect(standardLabor(minutes, '1', '30')).toBe('3.5');
  });

  it('is none without a rate and before the first unit', () => {
    expect(standardLabor(minutes, '3', null)).toBe('0');
    expect(standardLabor(minutes, '0', '30')).toBe('0');
  });

  it('rounds to the ledger’s 4 decimals, never through a float', () => {
    // 7 minutes at $10.0001 an hour = 1.16667833… → 1.1667.
    expect(standardLabor({ setup: '0', run: '7' }, '1', '10.0001')).toBe('1.1667');
    expect(standardLabor({ setup: '0.001', run: '0' }, '1', '0.0001')).toBe('0');
  });
});

describe('outputCost', () => {
  it('gives the whole pool to the output that brings the work order to its quantity', () => {
    const cost = outputCost({ ...base, good: '3' });
    // $30 of material + $5.50 of labor over 3 units.
    expect(cost).toEqual({ labor: '5.5', share: '35.5', unitCost: '11.8333', carried: '35.4999' });
  });

  it('gives an earlier output the pool × its units ÷ the units still to come, and the last one the rest', () => {
    const first = outputCost({ ...base, good: '1' });
    // Labor so far: 5 + 2 = 7 minutes = $3.50; pool $33.50 over 3 units to come: one takes a third.
    expect(first).toEqual({ labor: '3.5', share: '11.1667', unitCost: '11.1667', carried: '11.1667' });
    const last = outputCost({ ...base, madeBefore: '1', good: '2', outputValue: first.carried });
    expect(last).toMatchObject({ labor: '5.5', share: '24.3333', unitCost: '12.1667' });
    // What the two carried, and what rounding to a unit cost left for the settlement.
    expect(last.carried).toBe('24.3334');
    expect(toScaled(first.carried, 4) + toScaled(last.carried, 4)).toBe(355_001n);
  });

  it('lets the good units absorb the scrap: scrap carries nothing', () => {
    const cost = outputCost({ ...base, good: '2', scrap: '1' });
    expect(cost).toMatchObject({ share: '35.5', unitCost: '17.75', carried: '35.5' });
    const partial = outputCost({ ...base, good: '1', scrap: '1' });
    // Two of three units' share of (30 + 5 + 2×2 minutes = $4.50 labor) rests on the one good unit.
    expect(partial).toMatchObject({ labor: '4.5', share: '23', unitCost: '23', carried: '23' });
  });

  it('carries nothing for scrap alone, yet charges its labor', () => {
    expect(outputCost({ ...base, good: '0', scrap: '1' })).toEqual({
      labor: '3.5',
      share: '11.1667',
      unitCost: null,
      carried: '0',
    });
  });

  it('is material alone without a labor rate', () => {
    expect(outputCost({ ...base, good: '3', rate: null })).toMatchObject({ labor: '0', unitCost: '10' });
  });

  it('never puts a negative cost on the shelf', () => {
    expect(
      outputCost({ ...base, good: '1', madeBefore: '2', materialCost: '0', outputValue: '1', rate: null }),
    ).toMatchObject({ share: '-1', unitCost: '0', carried: '0' });
  });

  it('keeps a measured output’s fractions', () => {
    expect(outputCost({ ...base, quantity: '2.5', good: '2.5', rate: null })).toMatchObject({
      unitCost: '12',
      carried: '30',
    });
  });
});

describe('movingAverage', () => {
  it('averages what was on hand with what arrives', () => {
    // 2 at $10 and 2 at $14 → $12.
    expect(movingAverage('2', '10', '2', '14')).toBe('12');
    // 1 at $0 (a new assembly's standard) and 3 at $11.8333.
    expect(movingAverage('1', '0', '3', '11.8333')).toBe('8.875');
  });

  it('takes the output’s cost when nothing was on hand', () => {
    expect(movingAverage('0', '20', '3', '11.8333')).toBe('11.8333');
  });
});

describe('settlement', () => {
  it('is the pool no output carried, with the labor of every unit made', () => {
    expect(
      settlement({ made: '3', materialCost: '32', outputValue: '35.4999', minutes, rate: '30' }),
    ).toEqual({ labor: '5.5', rest: '2.0001' });
  });

  it('spreads the rest over what is on hand, and leaves the cost when nothing is', () => {
    expect(spreadOverOnHand('3', '11.8333', '2.0001')).toBe('12.5');
    expect(spreadOverOnHand('0', '11.8333', '2')).toBe('11.8333');
    expect(spreadOverOnHand('1', '0.5', '-2')).toBe('0');
  });
});
