// QC Instructions' addresses (decision 072): what the scan cards, the floor and the dashboard link to.
import { describe, expect, it } from 'vitest';
import { qcDisplayPath } from './qc-display-links.ts';

describe('qcDisplayPath', () => {
  it('names an inspection, a lot, or a work order with its step and plan, leaving out what is not given', () => {
    expect(qcDisplayPath({ inspection: 'i-1' })).toBe('/quality/qc-display?inspection=i-1');
    expect(qcDisplayPath({ lot: 'l-1' })).toBe('/quality/qc-display?lot=l-1');
    expect(qcDisplayPath({ workOrder: 'w-1', step: 's-1', plan: 'p-1' })).toBe(
      '/quality/qc-display?workOrder=w-1&step=s-1&plan=p-1',
    );
    expect(qcDisplayPath({ workOrder: 'w 1', step: '' })).toBe('/quality/qc-display?workOrder=w+1');
  });
});
