// The output form starts from what the last finished step recorded, less what outputs already carry, and puts away
// at the work order's output location, else the assembly item's default location.
import { describe, expect, it } from 'vitest';
import { BIN, floorOf, OUT, run } from './floor-fixture.ts';
import { outputPrefill, prefillKey } from './output-prefill.ts';

describe('outputPrefill', () => {
  it('carries the last finished step’s good, scrap, scrap reason and defect code', () => {
    const code = { id: '01930000-0000-7000-8000-0000000000dc', code: 'CRK-01', name: 'Cracked' };
    const floor = floorOf('in_progress', [
      run('finished', { good: '3' }),
      { ...run('finished', { good: '2', scrap: '1', reason: 'Cracked base' }), scrapDefectCode: code },
    ]);
    expect(outputPrefill(floor)).toEqual({
      goodQuantity: '2',
      scrapQuantity: '1',
      scrapReason: 'Cracked base',
      scrapDefectCodeId: code.id,
      scrapDefectCodeLabel: 'CRK-01 — Cracked',
      locationId: OUT.id,
      locationCode: OUT.code,
    });
  });

  it('leaves out what earlier outputs recorded, and an empty field rather than a 0', () => {
    const floor = floorOf(
      'in_progress',
      [run('finished', { good: '3' }), run('finished', { good: '2.5', scrap: '1', reason: 'Bent' })],
      { goodQuantity: '1', scrapQuantity: '1' },
    );
    expect(outputPrefill(floor)).toMatchObject({ goodQuantity: '1.5', scrapQuantity: '', scrapReason: '' });
  });

  it('starts empty before any step is finished', () => {
    expect(outputPrefill(floorOf('in_progress', [run('running'), null]))).toMatchObject({
      goodQuantity: '',
      scrapQuantity: '',
    });
  });

  it('puts away at the assembly item’s default location when the work order names none, else asks', () => {
    const fromItem = floorOf('in_progress', [], { outputLocation: null, assemblyDefaultLocation: BIN });
    expect(outputPrefill(fromItem)).toMatchObject({ locationId: BIN.id, locationCode: BIN.code });
    const nowhere = floorOf('in_progress', [], { outputLocation: null });
    expect(outputPrefill(nowhere)).toMatchObject({ locationId: '', locationCode: '' });
  });

  it('starts again when a step is finished or an output recorded', () => {
    const running = floorOf('in_progress', [run('finished'), run('running')]);
    const finished = floorOf('in_progress', [
      run('finished'),
      { ...run('finished'), finishedAt: '2026-11-27' },
    ]);
    expect(prefillKey(running)).not.toBe(prefillKey(finished));
  });
});
