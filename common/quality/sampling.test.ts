// MIL-STD-105E single sampling against the standard's own rows: Table I's code letters, and the plans of Tables II-A,
// II-B and II-C with their arrows, as an inspector reads them off the page.
import { describe, expect, it } from 'vitest';
import { codeLetterFor, judgeLot, samplingPlan } from './sampling.ts';
import { AQLS, INSPECTION_LEVELS, TABLE_II_A, TABLE_II_B, TABLE_II_C, type TAql } from './sampling-tables.ts';

const normal = (lotSize: number, aql: TAql, level: 'I' | 'II' | 'III' = 'II') =>
  samplingPlan({ lotSize, level, aql, severity: 'normal' });

describe('Table I, sample size code letters', () => {
  it('gives J at level II for a lot of 501 to 1,200 (REFERENCES.md example)', () => {
    expect(codeLetterFor(501, 'II')).toBe('J');
    expect(codeLetterFor(1200, 'II')).toBe('J');
    expect(codeLetterFor(1201, 'II')).toBe('K');
  });

  it('reads the row "281 to 500" across the seven levels: B C D E F H J', () => {
    expect(INSPECTION_LEVELS.map((level) => codeLetterFor(281, level)).join(' ')).toBe('B C D E F H J');
  });

  it('reads the first row "2 to 8" (A everywhere but B at III) and the last "500,001 and over" (D E H K N Q R)', () => {
    expect(INSPECTION_LEVELS.map((level) => codeLetterFor(8, level)).join('')).toBe('AAAAAAB');
    expect(INSPECTION_LEVELS.map((level) => codeLetterFor(2_000_000, level)).join('')).toBe('DEHKNQR');
  });

  it('has no letter for a lot below 2 units', () => {
    expect(() => codeLetterFor(1, 'II')).toThrow(RangeError);
  });
});

describe('Table II-A, normal inspection', () => {
  it('gives code letter J sample 80 Ac 2 Re 3 at AQL 1.0 for a lot of 1,000 at level II (REFERENCES.md example)', () => {
    expect(normal(1000, '1.0')).toEqual({
      severity: 'normal',
      codeLetter: 'J',
      planLetter: 'J',
      sampleSize: 80,
      fullInspection: false,
      accept: 2,
      reject: 3,
    });
  });

  it('reads row J (80) from AQL 0.65 to 15 as Re 2 3 4 6 8 11 15 22, with Ac one less', () => {
    const columns: TAql[] = ['0.65', '1.0', '1.5', '2.5', '4.0', '6.5', '10', '15'];
    const plans = columns.map((aql) => normal(1000, aql));
    expect(plans.map((p) => p.reject)).toEqual([2, 3, 4, 6, 8, 11, 15, 22]);
    expect(plans.map((p) => p.accept)).toEqual([1, 2, 3, 5, 7, 10, 14, 21]);
    expect(new Set(plans.map((p) => p.sampleSize))).toEqual(new Set([80]));
  });

  it('follows an up arrow to the first plan above: F (20) at AQL 1.0 uses E’s sample of 13, Ac 0 Re 1', () => {
    expect(normal(120, '1.0')).toMatchObject({
      codeLetter: 'F',
      planLetter: 'E',
      sampleSize: 13,
      accept: 0,
      reject: 1,
    });
  });

  it('follows a down arrow to the first plan below: F (20) at AQL 1.5 uses G’s sample of 32, Ac 1 Re 2', () => {
    expect(normal(120, '1.5')).toMatchObject({
      codeLetter: 'F',
      planLetter: 'G',
      sampleSize: 32,
      accept: 1,
      reject: 2,
    });
  });

  it('inspects every unit when the arrow’s sample reaches the lot: B at AQL 0.010 leads to Q’s 1,250 for 10 units', () => {
    expect(normal(10, '0.010')).toMatchObject({
      codeLetter: 'B',
      planLetter: 'Q',
      sampleSize: 10,
      fullInspection: true,
      accept: 0,
      reject: 1,
    });
  });

  it('R at AQL 0.010 points up to Q’s Ac 0 Re 1; its down arrow at 0.015 has nothing below and takes P’s above', () => {
    const lot = 600_000;
    expect(normal(lot, '0.010', 'III')).toMatchObject({ codeLetter: 'R', planLetter: 'Q', sampleSize: 1250 });
    expect(normal(lot, '0.015', 'III')).toMatchObject({ codeLetter: 'R', planLetter: 'P', sampleSize: 800 });
    expect(normal(lot, '0.025', 'III')).toMatchObject({
      planLetter: 'R',
      sampleSize: 2000,
      accept: 1,
      reject: 2,
    });
  });

  it('takes the plan below when row A’s up arrow (AQL 10) has nothing above: C’s sample of 5, Ac 1 Re 2', () => {
    expect(normal(8, '10')).toMatchObject({
      codeLetter: 'A',
      planLetter: 'C',
      sampleSize: 5,
      fullInspection: false,
    });
    expect(normal(4, '10')).toMatchObject({
      planLetter: 'C',
      sampleSize: 4,
      fullInspection: true,
      accept: 1,
    });
  });

  it('reads the top-right corner: AQL 1000 is Ac 30 Re 31 on A (2) and Ac 44 Re 45 on B (3)', () => {
    expect(normal(10, '1000')).toMatchObject({ codeLetter: 'B', sampleSize: 3, accept: 44, reject: 45 });
    expect(normal(5, '1000')).toMatchObject({ codeLetter: 'A', sampleSize: 2, accept: 30, reject: 31 });
    // G (32) at AQL 1000 has an up arrow: the first plan above in that column is B's.
    expect(normal(200, '1000')).toMatchObject({
      codeLetter: 'G',
      planLetter: 'B',
      sampleSize: 3,
      accept: 44,
    });
  });

  it('holds rows A and B as printed around AQL 4.0–15: Ac 0 Re 1, ⇑, ⇓, Ac 1 Re 2 (nibs.org reprint of II-A)', () => {
    const cells = (letter: 'A' | 'B', from: number, to: number) =>
      TABLE_II_A.rows[letter]?.split(' ').slice(from, to);
    expect(cells('A', 13, 18)).toEqual(['v', '0/1', '^', 'v', '1/2']);
    expect(cells('B', 13, 17)).toEqual(['0/1', '^', 'v', '1/2']);
  });

  it('has a plan behind every cell of every letter in all three tables', () => {
    for (const severity of ['normal', 'tightened', 'reduced'] as const) {
      for (const from of [2, 9, 16, 26, 51, 91, 151, 281, 501, 1201, 3201, 10001, 35001, 150001, 500001]) {
        for (const aql of AQLS) {
          const plan = samplingPlan({ lotSize: from, level: 'III', aql, severity });
          expect(plan.reject).toBeGreaterThan(plan.accept);
        }
      }
    }
    expect(Object.keys(TABLE_II_A.rows)).toHaveLength(16);
    expect(Object.keys(TABLE_II_B.rows)).toHaveLength(17);
    expect(Object.keys(TABLE_II_C.rows)).toHaveLength(16);
  });
});

describe('Table II-B, tightened inspection', () => {
  const tightened = (lotSize: number, aql: TAql) =>
    samplingPlan({ lotSize, level: 'II', aql, severity: 'tightened' });

  it('reads row J (80) from AQL 1.0 to 15 as Ac/Re 1/2 2/3 3/4 5/6 8/9 12/13 18/19', () => {
    const columns: TAql[] = ['1.0', '1.5', '2.5', '4.0', '6.5', '10', '15'];
    expect(columns.map((aql) => tightened(1000, aql)).map((p) => `${p.accept}/${p.reject}`)).toEqual([
      '1/2',
      '2/3',
      '3/4',
      '5/6',
      '8/9',
      '12/13',
      '18/19',
    ]);
  });

  it('follows J’s down arrow at AQL 0.65 to K’s sample of 125, Ac 1 Re 2', () => {
    expect(tightened(1000, '0.65')).toMatchObject({
      codeLetter: 'J',
      planLetter: 'K',
      sampleSize: 125,
      accept: 1,
    });
  });

  it('turns R’s down arrow at AQL 0.015 back up when S has no plan there: Q’s 1,250, Ac 0 Re 1', () => {
    const plan = samplingPlan({ lotSize: 600_000, level: 'III', aql: '0.015', severity: 'tightened' });
    expect(plan).toMatchObject({ codeLetter: 'R', planLetter: 'Q', sampleSize: 1250, accept: 0, reject: 1 });
  });

  it('leads R’s arrow at AQL 0.025 to letter S, sample 3,150, Ac 1 Re 2', () => {
    const plan = samplingPlan({ lotSize: 600_000, level: 'III', aql: '0.025', severity: 'tightened' });
    expect(plan).toMatchObject({ codeLetter: 'R', planLetter: 'S', sampleSize: 3150, accept: 1, reject: 2 });
  });
});

describe('Table II-C, reduced inspection', () => {
  const reduced = (lotSize: number, aql: TAql) =>
    samplingPlan({ lotSize, level: 'II', aql, severity: 'reduced' });

  it('gives J a sample of 32 and Ac 1 Re 3 at AQL 1.0 — a pair with a gap', () => {
    expect(reduced(1000, '1.0')).toMatchObject({ codeLetter: 'J', sampleSize: 32, accept: 1, reject: 3 });
  });

  it('reads row J (32) from AQL 0.65 to 10 as 0/2 1/3 1/4 2/5 3/6 5/8 7/10 10/13', () => {
    const columns: TAql[] = ['0.65', '1.0', '1.5', '2.5', '4.0', '6.5', '10'];
    expect(columns.map((aql) => reduced(1000, aql)).map((p) => `${p.accept}/${p.reject}`)).toEqual([
      '0/2',
      '1/3',
      '1/4',
      '2/5',
      '3/6',
      '5/8',
      '7/10',
    ]);
    expect(reduced(1000, '15')).toMatchObject({ sampleSize: 32, accept: 10, reject: 13 });
  });

  it('follows J’s down arrow at AQL 0.40 to K’s sample of 50, Ac 0 Re 2', () => {
    expect(reduced(1000, '0.40')).toMatchObject({ planLetter: 'K', sampleSize: 50, accept: 0, reject: 2 });
  });
});

describe('judging a lot', () => {
  it('accepts at Ac or fewer and rejects at Re or more (J, AQL 1.0, normal: Ac 2 Re 3)', () => {
    const plan = normal(1000, '1.0');
    expect(judgeLot(plan, 0)).toBe('accepted');
    expect(judgeLot(plan, 2)).toBe('accepted');
    expect(judgeLot(plan, 3)).toBe('rejected');
  });

  it('accepts a reduced lot in the gap but sends inspection back to normal (Ac 1 Re 3, 2 found)', () => {
    const plan = samplingPlan({ lotSize: 1000, level: 'II', aql: '1.0', severity: 'reduced' });
    expect(judgeLot(plan, 1)).toBe('accepted');
    expect(judgeLot(plan, 2)).toBe('accepted-back-to-normal');
    expect(judgeLot(plan, 3)).toBe('rejected');
  });

  it('refuses a count that is not a whole number', () => {
    expect(() => judgeLot({ accept: 0, reject: 1 }, -1)).toThrow(RangeError);
    expect(() => judgeLot({ accept: 0, reject: 1 }, 0.5)).toThrow(RangeError);
  });
});
