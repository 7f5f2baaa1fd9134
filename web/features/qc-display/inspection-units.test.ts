// Where the runner goes next: the first unit still missing a result, and after a unit the next one missing results —
// wrapping to an earlier unit the inspector skipped — or none when everything is recorded.
import { describe, expect, it } from 'vitest';
import type { TInspection } from '#common/schemas/inspections.ts';
import { firstOpenUnit, nextOpenUnit } from './inspection-units.ts';

const check = { id: 'c-1', readingsPerUnit: 2 } as TInspection['checks'][number];
const reading = (unitNo: number, readingNo: number) =>
  ({ checkId: 'c-1', unitNo, readingNo }) as TInspection['results'][number];
const inspection = (results: TInspection['results']) =>
  ({ sampleSize: 3, checks: [check], results }) as TInspection;

describe('the units still to record', () => {
  it('opens at the first unit missing a reading, and at the last when all are in', () => {
    expect(firstOpenUnit(inspection([reading(1, 1), reading(1, 2), reading(2, 1)]))).toBe(2);
    const all = [1, 2, 3].flatMap((u) => [reading(u, 1), reading(u, 2)]);
    expect(firstOpenUnit(inspection(all))).toBe(3);
  });

  it('goes on to the next unit missing results, back to a skipped one, or nowhere when all are in', () => {
    const skippedOne = inspection([reading(2, 1), reading(2, 2), reading(3, 1), reading(3, 2)]);
    expect(nextOpenUnit(skippedOne, 2)).toBe(1);
    expect(nextOpenUnit(inspection([reading(1, 1), reading(1, 2)]), 1)).toBe(2);
    const all = [1, 2, 3].flatMap((u) => [reading(u, 1), reading(u, 2)]);
    expect(nextOpenUnit(inspection(all), 3)).toBeNull();
  });
});
