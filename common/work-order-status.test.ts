import { describe, expect, it } from 'vitest';
import {
  BUILD_ORDER_STATUSES,
  BUILD_ORDER_TRANSITIONS,
  canMoveWorkOrder,
  holdsReservation,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TRANSITIONS,
  workOrderNumberText,
} from './work-order-status.ts';

describe('work order statuses', () => {
  it('ends at completed and cancelled, from which nothing moves', () => {
    expect(WORK_ORDER_TRANSITIONS.completed).toEqual([]);
    expect(WORK_ORDER_TRANSITIONS.cancelled).toEqual([]);
  });

  it('reaches completed only through in progress', () => {
    const into = WORK_ORDER_STATUSES.filter((s) => canMoveWorkOrder(s, 'completed'));
    expect(into).toEqual(['in_progress']);
  });

  it('names only known statuses and never stays in place', () => {
    for (const from of WORK_ORDER_STATUSES) {
      for (const to of WORK_ORDER_TRANSITIONS[from]) {
        expect(WORK_ORDER_STATUSES).toContain(to);
        expect(to).not.toBe(from);
      }
    }
    for (const from of BUILD_ORDER_STATUSES) {
      for (const to of BUILD_ORDER_TRANSITIONS[from]) expect(BUILD_ORDER_STATUSES).toContain(to);
    }
  });

  it('holds a reservation from release until it ends', () => {
    expect(WORK_ORDER_STATUSES.filter(holdsReservation)).toEqual(['released', 'in_progress', 'paused']);
  });

  it('prints numbers with six digits', () => {
    expect(workOrderNumberText(42)).toBe('WO-000042');
    expect(workOrderNumberText(1234567)).toBe('WO-1234567');
  });
});
