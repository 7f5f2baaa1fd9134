// What the disposition dialog says will happen, before anything is sent (decision 073): the stock it moves, from
// which lot, whether the nonconformance stays open for the rest, and whether the held lot comes off hold or what it
// still waits for — predicted by the rule the server releases by.
import { describe, expect, it } from 'vitest';
import type { TNcDetail, TNcDispositionEntry, TNcSummary } from '#common/schemas/nonconformances.ts';
import { afterDisposition, decidedText, dispositionsText, entrySummary, willDo } from './nc-format.ts';

// NC-000007: 8 of lot R-88's 8 found bad by a failed inspection; the lot is held pending it.
const nc = {
  id: 'nc7',
  numberText: 'NC-000007',
  status: 'open',
  partNumber: 'RES-5',
  unitOfMeasure: 'ea',
  lotNumber: 'R-88',
  lotQuantity: '8',
  lotOnHold: true,
  quantity: '8',
  decidedQuantity: '0',
  undecidedQuantity: '8',
  dispositions: [],
  supplierName: 'Acme',
  dispositionLog: [],
  lotHold: {
    reason: 'Failed inspection QI-000003: held pending NC-000007',
    facts: {
      onHand: '8',
      undecided: [{ id: 'nc7', numberText: 'NC-000007', quantity: '8' }],
      openInspection: null,
      vouched: false,
      judged: '0',
    },
  },
} as unknown as TNcDetail;

describe('willDo', () => {
  it('says a part leaves the nonconformance open and the lot held for the rest; the whole releases it', () => {
    expect(willDo(nc, 'scrap', '3', null)).toBe(
      "Takes 3 ea of RES-5 from lot R-88 out of stock as scrap, written off at the ledger's unit cost. NC-000007 stays open for the rest of its quantity. Lot R-88 stays on hold, waiting for NC-000007 (5 ea undecided).",
    );
    expect(willDo(nc, 'scrap', '8', null)).toContain(
      'That decides all of NC-000007. Lot R-88 comes off hold.',
    );
  });

  it('names the supplier of a return, the work order of a rework, and that use as is moves nothing', () => {
    expect(willDo(nc, 'return_to_supplier', '2', 'Acme')).toContain('returned to Acme');
    expect(willDo(nc, 'rework', '8', null)).toBe(
      'Makes a planned work order to rework 8 ea of RES-5. No stock moves now. That decides all of NC-000007. Lot R-88 comes off hold.',
    );
    expect(willDo(nc, 'use_as_is', '1', null)).toContain('No stock moves: 1 ea of RES-5 is used as it is.');
  });

  it('says nothing of a hold when the lot is free, and reads a half-typed quantity without failing', () => {
    const free = { ...nc, lotOnHold: false, lotHold: null };
    expect(willDo(free, 'scrap', '8', null)).toBe(
      "Takes 8 ea of RES-5 from lot R-88 out of stock as scrap, written off at the ledger's unit cost. That decides all of NC-000007.",
    );
    expect(willDo(nc, 'scrap', '', null)).toContain('Takes 0 ea');
  });
});

describe('what was decided', () => {
  const entry = {
    id: 'd1',
    disposition: 'rework',
    quantity: '2',
    reworkWorkOrderNumber: 12,
    lotReleased: false,
  } as TNcDispositionEntry;

  it('says what a disposition did, and what is left after it', () => {
    expect(entrySummary(nc, entry)).toBe('WO-000012 made to rework 2 ea of RES-5.');
    const after = {
      ...nc,
      undecidedQuantity: '6',
      dispositionLog: [entry],
      lotHold: { ...nc.lotHold!, facts: { ...nc.lotHold!.facts, judged: '2' } },
    } as TNcDetail;
    expect(
      afterDisposition({
        ...after,
        lotHold: {
          ...after.lotHold!,
          facts: {
            ...after.lotHold!.facts,
            undecided: [{ id: 'nc7', numberText: 'NC-000007', quantity: '6' }],
          },
        },
      }),
    ).toBe(
      'WO-000012 made to rework 2 ea of RES-5. 6 ea is left to decide. Lot R-88 stays on hold, waiting for NC-000007 (6 ea undecided).',
    );
  });

  it('shows the list what is decided and left', () => {
    const partly = {
      ...nc,
      decidedQuantity: '2',
      undecidedQuantity: '6',
      dispositions: ['scrap'],
    } as TNcSummary;
    expect(dispositionsText(partly)).toBe('Scrap · 6 ea left');
    expect(dispositionsText({ ...nc, dispositions: [] } as TNcSummary)).toBe('—');
    expect(decidedText(partly)).toBe('2 of 8 ea decided, 6 ea left to decide');
    // Every figure written the same way, the decided one too.
    const big = {
      ...nc,
      quantity: '2000',
      decidedQuantity: '1234.50',
      undecidedQuantity: '765.5',
    } as TNcSummary;
    expect(decidedText(big)).toBe('1234.5 of 2000 ea decided, 765.5 ea left to decide');
  });
});
