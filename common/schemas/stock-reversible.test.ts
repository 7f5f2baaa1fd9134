// Which ledger lines the lot and item pages offer to reverse (decision 073, 2026-11-30).
import { describe, expect, it } from 'vitest';
import { isReversible } from './stock.ts';

describe('isReversible', () => {
  it('offers an ordinary posting not yet reversed', () => {
    expect(isReversible({ kind: 'receive', reversed: false })).toBe(true);
    expect(isReversible({ kind: 'build-output', reversed: false })).toBe(true);
  });

  it('does not offer a reversal, a reversed posting or a nonconformance disposition', () => {
    expect(isReversible({ kind: 'reversal', reversed: false })).toBe(false);
    expect(isReversible({ kind: 'issue', reversed: true })).toBe(false);
    expect(isReversible({ kind: 'scrap', reversed: false })).toBe(false);
    expect(isReversible({ kind: 'return-to-supplier', reversed: false })).toBe(false);
  });
});
