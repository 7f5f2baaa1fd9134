// What is left of each BOM line and where backflush takes it (decision 064), as plain arithmetic.
import { describe, expect, it } from 'vitest';
import {
  linePlans,
  lineRequirement,
  pickStock,
  type TPlanLine,
  type TStockRow,
  takenFrom,
} from './consumption-plan.ts';

const line = (over: Partial<TPlanLine> = {}): TPlanLine => ({
  id: 'l1',
  itemId: 'screw',
  stepPosition: 1,
  position: 1,
  quantity: '4',
  scrapPercent: '5',
  unitOfMeasure: 'ea',
  ...over,
});
const stock = (over: Partial<TStockRow>): TStockRow => ({
  locationId: 'bin',
  locationCode: 'S / BIN',
  lotId: null,
  lotNumber: null,
  lotRank: null,
  quantity: '10',
  ...over,
});

describe('a line’s requirement', () => {
  it('rounds a whole unit up: 4 ea + 5 % for 3 is 13, not 12.6', () => {
    expect(lineRequirement(line(), '3')).toBe('13');
  });

  it('keeps a measure’s fraction, up to the ledger’s six decimals', () => {
    expect(lineRequirement(line({ unitOfMeasure: 'm', quantity: '0.333333', scrapPercent: '0' }), '2')).toBe(
      '0.666666',
    );
    expect(lineRequirement(line({ unitOfMeasure: 'm', quantity: '0.1', scrapPercent: '0.001' }), '1')).toBe(
      '0.100001',
    );
  });
});

describe('what is left of each line', () => {
  it('counts what was scanned against the line: 3 of 13 leaves 10', () => {
    const plans = linePlans([line()], '3', new Map([['screw', { planned: '13', consumed: '3' }]]));
    expect(plans).toEqual([{ lineId: 'l1', itemId: 'screw', required: '13', left: '10' }]);
  });

  it('fills an item’s lines in step order, the last taking what the plan leaves', () => {
    const lines = [
      line({ id: 'late', stepPosition: 2, quantity: '1' }),
      line({ id: 'early', quantity: '2' }),
    ];
    const plans = linePlans(lines, '1', new Map([['screw', { planned: '5', consumed: '4' }]]));
    // early: 2 + 5 % = 2.1 → 3, all consumed; late: 5 − 3 = 2, of which 1 consumed.
    expect(plans.map((p) => [p.lineId, p.required, p.left])).toEqual([
      ['early', '3', '0'],
      ['late', '2', '1'],
    ]);
  });

  it('never leaves less than nothing when more than planned was consumed', () => {
    const plans = linePlans([line()], '3', new Map([['screw', { planned: '13', consumed: '15' }]]));
    expect(plans[0]!.left).toBe('0');
  });
});

describe('where backflush takes it', () => {
  const plain = { lotTracked: false, defaultLocationId: 'home' };

  it('takes all from the default location when it holds enough', () => {
    const rows = [
      stock({ locationId: 'home', locationCode: 'S / HOME', quantity: '13' }),
      stock({ quantity: '50' }),
    ];
    expect(pickStock(rows, '13', plain)).toEqual({
      ok: true,
      picks: [{ locationId: 'home', locationCode: 'S / HOME', lotId: null, lotNumber: null, quantity: '13' }],
    });
  });

  it('else takes from the locations holding most first, split when it must', () => {
    const rows = [
      stock({ locationId: 'home', locationCode: 'S / HOME', quantity: '5' }),
      stock({ locationId: 'a', locationCode: 'S / A', quantity: '8' }),
      stock({ locationId: 'b', locationCode: 'S / B', quantity: '3' }),
    ];
    const picked = pickStock(rows, '13', plain);
    expect(picked.ok && picked.picks.map((p) => [p.locationId, p.quantity])).toEqual([
      ['a', '8'],
      ['home', '5'],
    ]);
  });

  it('says how much is missing when the stock is short, taking nothing', () => {
    expect(pickStock([stock({ quantity: '12' })], '13', plain)).toEqual({ ok: false, short: '1' });
  });

  it('takes lots first expired, then first received, and asks when two tie', () => {
    const lotted = { lotTracked: true, defaultLocationId: null };
    const rows = [
      stock({ lotId: 'late', lotNumber: 'L-LATE', lotRank: 2, quantity: '10' }),
      stock({ lotId: 'soon', lotNumber: 'L-SOON', lotRank: 1, quantity: '4' }),
    ];
    const picked = pickStock(rows, '6', lotted);
    expect(picked.ok && picked.picks.map((p) => [p.lotNumber, p.quantity])).toEqual([
      ['L-SOON', '4'],
      ['L-LATE', '2'],
    ]);
    const tied = [
      stock({ lotId: 'x', lotNumber: 'L-X', lotRank: 1 }),
      stock({ lotId: 'y', lotNumber: 'L-Y', lotRank: 1 }),
    ];
    expect(pickStock(tied, '6', lotted)).toEqual({ ok: false, tie: ['L-X', 'L-Y'] });
    // Taking the whole of both tied lots needs no choice.
    expect(pickStock(tied, '20', lotted).ok).toBe(true);
  });
});

describe('where “Taken from” points', () => {
  it('at the default location when it holds some, else at the location holding most', () => {
    const rows = [
      stock({ locationId: 'home', locationCode: 'S / HOME', quantity: '1' }),
      stock({ locationId: 'a', locationCode: 'S / A', lotId: 'l1', quantity: '6' }),
      stock({ locationId: 'b', locationCode: 'S / B', quantity: '9' }),
      stock({ locationId: 'a', locationCode: 'S / A', lotId: 'l2', quantity: '4' }),
    ];
    expect(takenFrom(rows, 'home')).toEqual({ id: 'home', code: 'S / HOME' });
    expect(takenFrom(rows, 'elsewhere')).toEqual({ id: 'a', code: 'S / A' });
    expect(takenFrom([], 'home')).toBeNull();
  });
});
