import { describe, expect, it } from 'vitest';
import type { TWorkOrderStatus } from '#common/work-order-status.ts';
import { stillShort } from './sub-assembly-short.ts';

const harness = { assemblyId: 'sa', required: '8', available: '2' };
const child = (quantity: string, status: TWorkOrderStatus = 'planned', assemblyId = 'sa') => ({
  assemblyId,
  status,
  quantity,
});

describe('stillShort', () => {
  it('is what stock and the open work orders of the sub-assembly do not cover', () => {
    expect(stillShort({ status: 'planned' }, harness, [])).toBe(6_000000n);
    expect(stillShort({ status: 'planned' }, harness, [child('4')])).toBe(2_000000n);
    expect(stillShort({ status: 'planned' }, harness, [child('4'), child('3')])).toBe(0n);
  });

  it('counts neither finished work orders nor those of another sub-assembly, nor stock below zero', () => {
    const children = [child('6', 'cancelled'), child('6', 'completed'), child('6', 'planned', 'other')];
    expect(stillShort({ status: 'planned' }, { ...harness, available: '-3' }, children)).toBe(8_000000n);
  });

  it('says nothing once the work order is released: its reservation does', () => {
    expect(stillShort({ status: 'released' }, harness, [])).toBe(0n);
  });
});
