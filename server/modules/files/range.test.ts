// Range headers as a phone's video player sends them, read into the bytes to send and the chunks that hold them.
import { describe, expect, it } from 'vitest';
import { chunksOf, parseRange } from './range.ts';

describe('parseRange', () => {
  it('reads a closed, an open-ended and a suffix range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
  });

  it('clamps an end past the file and a suffix longer than it', () => {
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('says unsatisfiable for a start past the end, and for an empty suffix', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=2000-3000', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });

  it('ignores what it does not take: no header, other units, several ranges, nonsense', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=-', 'bytes=9-3', 'bytes=a-b']) {
      expect(parseRange(header, 1000), String(header)).toBeNull();
    }
  });
});

describe('chunksOf', () => {
  it('names the chunks a range overlaps', () => {
    expect(chunksOf({ start: 0, end: 9 }, 100)).toEqual({ first: 0, last: 0 });
    expect(chunksOf({ start: 95, end: 105 }, 100)).toEqual({ first: 0, last: 1 });
    expect(chunksOf({ start: 200, end: 299 }, 100)).toEqual({ first: 2, last: 2 });
  });
});
