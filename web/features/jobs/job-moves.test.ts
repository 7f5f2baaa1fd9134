// The words of a job's moves say what the server refuses on a held or closed job, and what it leaves alone.
import { describe, expect, it } from 'vitest';
import { isAskedFirst, moveQuestion, moveResult, refusalNotice } from './job-moves.ts';

describe('a job’s moves in words', () => {
  it('asks before holding or closing a job, not before reopening it', () => {
    expect(isAskedFirst('on_hold')).toBe(true);
    expect(isAskedFirst('closed')).toBe(true);
    expect(isAskedFirst('open')).toBe(false);
  });

  it('says a held job takes no new time, stock or maintenance but still takes orders', () => {
    const asked = moveQuestion('JOB-000002 Gearbox rebuild', 'on_hold', []);
    expect(asked.title).toBe('Put JOB-000002 Gearbox rebuild on hold?');
    const text = asked.lines.join(' ');
    expect(text).toContain('no new time');
    expect(text).toContain('stock issues, borrowings, repairs or PMs');
    expect(text).toContain('Orders can still be linked');
    expect(text).toContain('Nobody is clocked in on it now.');
  });

  it('names the people clocked in on it, whose clocks the move stops, and counts them after', () => {
    expect(moveQuestion('JOB-000002', 'closed', ['Omar Operator']).lines.join(' ')).toContain(
      'Omar Operator is clocked in on it: that clock stops now.',
    );
    expect(
      moveQuestion('JOB-000002', 'on_hold', ['Ada Admin', 'Bo Berg', 'Omar Operator']).lines.join(' '),
    ).toContain('Ada Admin, Bo Berg and Omar Operator are clocked in on it: those clocks stop now.');
    expect(moveResult('JOB-000002', 'closed', 2).message).toMatch(/ 2 clocks stopped\.$/);
    expect(moveResult('JOB-000002', 'on_hold', 1).message).toMatch(/ 1 clock stopped\.$/);
    expect(moveResult('JOB-000002', 'closed').message).not.toMatch(/stopped/);
  });

  it('says a closed job takes no orders either, and keeps what was charged', () => {
    const text = moveQuestion('JOB-000002 Gearbox rebuild', 'closed', []).lines.join(' ');
    expect(text).toContain('no orders can be linked to it');
    expect(text).toContain('what is already charged stay as they are');
  });

  it('writes each result as the job’s new state, and a notice only for a job not open', () => {
    expect(moveResult('JOB-000002', 'closed').title).toBe('JOB-000002 is closed');
    expect(moveResult('JOB-000002', 'on_hold').title).toBe('JOB-000002 is on hold');
    expect(moveResult('JOB-000002', 'open').title).toBe('JOB-000002 is open again');
    expect(refusalNotice('open')).toBeNull();
    expect(refusalNotice('closed')).toContain('until it is reopened');
  });
});
