// What the disposition dialog says will happen, before anything is sent (decision 073): the stock it moves, from
// which lot, and whether the held lot comes off hold.
import { describe, expect, it } from 'vitest';
import type { TNcDetail } from '#common/schemas/nonconformances.ts';
import { dispositionSummary, willDo } from './nc-format.ts';

const nc = {
  partNumber: 'RES-5',
  unitOfMeasure: 'ea',
  lotNumber: 'R-88',
  lotQuantity: '8',
  lotOnHold: true,
  supplierName: 'Acme',
} as TNcDetail;

describe('willDo', () => {
  it('says a scrap takes the quantity out of the lot, and whether the held lot comes off hold', () => {
    expect(willDo(nc, 'scrap', '3', null)).toBe(
      "Takes 3 ea of RES-5 from lot R-88 out of stock as scrap, written off at the ledger's unit cost. Lot R-88 stays on hold for what is left.",
    );
    expect(willDo(nc, 'scrap', '8', null)).toContain('Lot R-88 comes off hold.');
  });

  it('names the supplier of a return, the work order of a rework, and that use as is moves nothing', () => {
    expect(willDo(nc, 'return_to_supplier', '2', 'Acme')).toContain('returned to Acme');
    expect(willDo(nc, 'rework', '8', null)).toBe(
      'Makes a planned work order to rework 8 ea of RES-5. No stock moves now. Lot R-88 comes off hold.',
    );
    expect(willDo(nc, 'use_as_is', '1', null)).toBe(
      'No stock moves: 1 ea of RES-5 is used as it is. Lot R-88 comes off hold.',
    );
  });

  it('says nothing of a hold when the lot is free, and reads a half-typed quantity without failing', () => {
    const free = { ...nc, lotOnHold: false };
    expect(willDo(free, 'scrap', '8', null)).toBe(
      "Takes 8 ea of RES-5 from lot R-88 out of stock as scrap, written off at the ledger's unit cost.",
    );
    expect(willDo(nc, 'scrap', '', null)).toContain('Takes 0 ea');
  });
});

describe('dispositionSummary', () => {
  it('says what the disposition did', () => {
    const done = {
      ...nc,
      disposition: 'rework',
      dispositionQuantity: '2',
      reworkWorkOrderNumber: 12,
    } as TNcDetail;
    expect(dispositionSummary(done)).toBe('WO-000012 made to rework 2 ea of RES-5.');
  });
});
