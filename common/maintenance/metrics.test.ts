// MTBF, MTTR, availability and PM compliance as the maintenance logs show them, worked by hand.
import { describe, expect, it } from 'vitest';
import { minutesWithin, pmCompliance, reliability, reliabilityOf } from './metrics.ts';

const at = (iso: string) => Date.parse(iso);
const JUNE = { start: at('2027-06-01T00:00:00Z'), end: at('2027-07-01T00:00:00Z') }; // 43,200 minutes

describe('downtime inside a period', () => {
  it('counts overlapping reports of one stoppage once, clips spans at the period’s ends, and runs an open one to the end', () => {
    const spans = [
      { start: at('2027-05-31T23:00:00Z'), end: at('2027-06-01T01:00:00Z') }, // 60 min inside June
      { start: at('2027-06-10T08:00:00Z'), end: at('2027-06-10T10:00:00Z') }, // 120 min
      { start: at('2027-06-10T09:00:00Z'), end: at('2027-06-10T11:00:00Z') }, // overlaps: +60 min
      { start: at('2027-06-30T23:30:00Z'), end: null }, // still down: 30 min to the end of June
    ];
    expect(minutesWithin(JUNE, spans)).toBe(270);
    expect(minutesWithin(JUNE, [{ start: at('2027-07-02T00:00:00Z'), end: null }])).toBe(0);
  });
});

describe('reliability of a machine over a month', () => {
  it('divides operating time by failures and repair time by repairs (REFERENCES.md)', () => {
    const downtime = [
      { start: at('2027-06-05T10:00:00Z'), end: at('2027-06-05T12:00:00Z') },
      { start: at('2027-06-20T06:00:00Z'), end: at('2027-06-20T07:00:00Z') },
    ];
    const result = reliability(JUNE, downtime, [{ minutes: 120 }, { minutes: 60 }]);
    expect(result.operatingMinutes).toBe(43_020);
    expect(result.failures).toBe(2);
    expect(result.mtbfMinutes).toBe(21_510);
    expect(result.mttrMinutes).toBe(90);
    expect(result.availability).toBeCloseTo(21_510 / 21_600, 12);
  });

  it('has no MTBF or MTTR without a failure, and availability is the share of the period it could run', () => {
    const plannedStop = [{ start: at('2027-06-01T00:00:00Z'), end: at('2027-06-01T12:00:00Z') }];
    const result = reliability(JUNE, plannedStop, []);
    expect(result).toMatchObject({ failures: 0, mtbfMinutes: null, mttrMinutes: null });
    expect(result.availability).toBeCloseTo((43_200 - 720) / 43_200, 12);
  });
});

describe('PM compliance', () => {
  const period = { from: '2027-06-01', to: '2027-06-30' };

  it('is the PMs done within their window over the PMs due in the period', () => {
    const occurrences = [
      { dueDate: '2027-06-03', completedOn: '2027-06-01', graceDays: 0 }, // early: on time
      { dueDate: '2027-06-10', completedOn: '2027-06-12', graceDays: 2 }, // within grace: on time
      { dueDate: '2027-06-15', completedOn: '2027-06-18', graceDays: 2 }, // late
      { dueDate: '2027-06-20', completedOn: null, graceDays: 1 }, // window closed, not done
      { dueDate: '2027-06-24', completedOn: null, graceDays: 0, missed: true }, // passed while another was open
      { dueDate: '2027-05-31', completedOn: '2027-05-31', graceDays: 0 }, // another period
    ];
    expect(pmCompliance(occurrences, period, '2027-06-25')).toEqual({ due: 5, onTime: 2, ratio: 0.4 });
  });

  it('leaves out a PM still inside its window, which can yet be done on time', () => {
    const open = [{ dueDate: '2027-06-24', completedOn: null, graceDays: 3 }];
    expect(pmCompliance(open, period, '2027-06-25')).toEqual({ due: 0, onTime: 0, ratio: null });
    expect(pmCompliance(open, period, '2027-06-28')).toEqual({ due: 1, onTime: 0, ratio: 0 });
  });
});

describe('reliability of a fleet', () => {
  it('adds the machines’ time and failures and lists their repairs together', () => {
    // Two machines over 30 days (86,400 minutes): one stopped 600 minutes by two breakdowns of 240 and 360 minutes'
    // repair, the other never. Operating 85,800 over 2 failures; MTTR 300.
    const result = reliabilityOf({
      periodMinutes: 86_400,
      downtimeMinutes: 600,
      failures: 2,
      repairMinutes: [240, 360],
    });
    expect(result).toMatchObject({
      operatingMinutes: 85_800,
      failures: 2,
      mtbfMinutes: 42_900,
      mttrMinutes: 300,
    });
    expect(result.availability).toBeCloseTo(42_900 / 43_200, 12);
  });

  it('has an MTBF but no MTTR while the only failure is still being repaired, and availability is uptime', () => {
    const result = reliabilityOf({
      periodMinutes: 1_000,
      downtimeMinutes: 100,
      failures: 1,
      repairMinutes: [],
    });
    expect(result).toMatchObject({ mtbfMinutes: 900, mttrMinutes: null });
    expect(result.availability).toBeCloseTo(0.9, 12);
  });

  it('has no availability for a period the machine did not exist in', () => {
    expect(
      reliabilityOf({ periodMinutes: 0, downtimeMinutes: 0, failures: 0, repairMinutes: [] }),
    ).toMatchObject({
      availability: null,
      mtbfMinutes: null,
    });
  });
});
