import { describe, expect, it } from 'vitest';
import {
  factsAfterDisposition,
  heldLotWaiting,
  lotHoldWaits,
  lotWaitsText,
  type TLotHoldFacts,
} from './lot-hold-waits.ts';

const nc = { id: 'n1', numberText: 'NC-000001', quantity: '10' };
const base: TLotHoldFacts = {
  onHand: '40',
  undecided: [nc],
  openInspection: null,
  vouched: false,
  judged: '0',
};

describe('lotHoldWaits', () => {
  it('keeps a lot of 40 held after 10 used as is: the other 30 are decided by nobody', () => {
    const after = factsAfterDisposition(base, 'n1', 'use_as_is', '10');
    expect(lotHoldWaits(after)).toEqual([{ kind: 'unjudged', quantity: '30' }]);
  });

  it('keeps the lot held while part of a nonconformance is undecided', () => {
    const whole = { ...base, undecided: [{ ...nc, quantity: '40' }] };
    const after = factsAfterDisposition(whole, 'n1', 'scrap', '6');
    expect(lotHoldWaits(after)).toEqual([
      { kind: 'nonconformance', id: 'n1', numberText: 'NC-000001', quantity: '34' },
    ]);
  });

  it('releases once every unit is scrapped or kept by a decision', () => {
    const whole = { ...base, undecided: [{ ...nc, quantity: '40' }] };
    const scrapped = factsAfterDisposition(whole, 'n1', 'scrap', '6');
    const kept = factsAfterDisposition(scrapped, 'n1', 'use_as_is', '34');
    expect(lotHoldWaits(kept)).toEqual([]);
  });

  it('waits for the inspection that held the lot while it is open', () => {
    const open = { ...base, openInspection: { id: 'i1', label: 'INS-000003' }, vouched: false };
    const after = factsAfterDisposition(open, 'n1', 'scrap', '10');
    expect(lotHoldWaits(after)).toEqual([
      { kind: 'inspection', id: 'i1', label: 'INS-000003' },
      { kind: 'unjudged', quantity: '30' },
    ]);
  });

  it('asks no decision on units a passed inspection vouched for', () => {
    const passed = { ...base, vouched: true };
    expect(lotHoldWaits(factsAfterDisposition(passed, 'n1', 'scrap', '10'))).toEqual([]);
  });

  it('says the waits in words', () => {
    const waits = lotHoldWaits({ ...base, openInspection: { id: 'i1', label: 'INS-000003' } });
    expect(lotWaitsText(waits, 'pcs')).toBe(
      'NC-000001 (10 pcs undecided), inspection INS-000003, a decision on 30 pcs no nonconformance covers',
    );
  });
});

describe('heldLotWaiting', () => {
  it('names what keeps a lot held by its nonconformance or inspection, for the lot page', () => {
    expect(heldLotWaiting(base, 'ea')).toBe(
      'Waiting for NC-000001 (10 ea undecided), a decision on 30 ea no nonconformance covers. For stock no nonconformance covers, open one for it, or an admin releases the lot once it is judged.',
    );
    // Awaiting its inspection: the units are the inspection's to judge, so only the inspection is named.
    const awaiting = { ...base, undecided: [], openInspection: { id: 'i3', label: 'QI-000003' } };
    expect(heldLotWaiting(awaiting, 'ea')).toBe(
      'Waiting for inspection QI-000003. It comes off hold by itself once these are done.',
    );
  });

  it('says nothing of a hold by hand with nothing behind it, nor of one that waits for nothing more', () => {
    expect(heldLotWaiting({ ...base, undecided: [] }, 'ea')).toBeNull();
    expect(heldLotWaiting({ ...base, undecided: [], vouched: true }, 'ea')).toBeNull();
  });
});
