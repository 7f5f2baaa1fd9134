// The logs' figures where repair time and downtime meet (issue 29, decision 067): the issue's shop, a machine added
// ten minutes before the period's end, down one minute for a breakdown recorded (before the rule) with 45 minutes of
// repair. Availability must agree with the downtime beside it, so a repair counts at most its own downtime.
import { describe, expect, it } from 'vitest';
import { figuresOf, type TLogData } from './logs-figures.ts';

const at = (iso: string) => new Date(iso).getTime();

describe('figuresOf: repair time and downtime', () => {
  const stretch = {
    from: '2026-11-28',
    to: '2026-11-28',
    start: at('2026-11-28T20:27:00Z'),
    end: at('2026-11-28T20:37:00Z'),
  };
  const history = (repairMinutes: number | null): TLogData => ({
    machines: [
      {
        id: 'm',
        addedAt: at('2026-11-28T20:27:00Z'),
        downtime: [{ start: at('2026-11-28T20:30:00Z'), end: at('2026-11-28T20:31:00Z') }],
      },
    ],
    breakdowns: [
      {
        machineId: 'm',
        reportedAt: at('2026-11-28T20:30:00Z'),
        resolvedAt: at('2026-11-28T20:31:00Z'),
        repairMinutes,
      },
    ],
    occurrences: [],
  });

  it('counts a repair recorded longer than its downtime as its downtime: availability is the uptime, not 13.4 %', () => {
    const figures = figuresOf(history(45), stretch, '2026-11-28');
    // 10 minutes, 1 down: MTBF 9 min, MTTR 1 min → 90 %, as 9 of 10 minutes running.
    expect(figures).toMatchObject({
      failures: 1,
      repairs: 1,
      downtimeHours: '0.0',
      availabilityPercent: '90.0',
    });
    expect(figuresOf(history(null), stretch, '2026-11-28').availabilityPercent).toBe('90.0');
  });

  it('keeps a repair shorter than its downtime as recorded', () => {
    // MTTR 0 minutes (fixed at once, the rest waiting): availability 100 % by REFERENCES.md's formula.
    expect(figuresOf(history(0), stretch, '2026-11-28').availabilityPercent).toBe('100.0');
  });
});
