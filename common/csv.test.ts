// Exports open in spreadsheets: every awkward value must come back as the same text, and none may run as a formula.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvFile, csvRecords, guardFormula, unguardFormula } from './csv.ts';

describe('csvRecords', () => {
  it('quotes commas, quotes and line breaks so a reader gets the cell back whole', () => {
    const awkward = ['a, b', 'say "hi"', 'line one\nline two', 'cr\r\nlf', 'plain'];
    const text = csvRecords([awkward]);
    expect(text).toBe('"a, b","say ""hi""","line one\nline two","cr\r\nlf",plain\r\n');
    expect(parse(text)).toEqual([awkward]);
  });

  it('writes formula starts as text: = + - @, tab and carriage return get an apostrophe', () => {
    const text = csvRecords([
      ['=SUM(A1:A9)', '+1+1', '-2+3', '@cmd', '\tx', '=HYPERLINK("http://x.example")'],
    ]);
    expect(parse(text)).toEqual([
      ["'=SUM(A1:A9)", "'+1+1", "'-2+3", "'@cmd", "'\tx", `'=HYPERLINK("http://x.example")`],
    ]);
  });

  it('leaves plain numbers, negative ones included, as numbers', () => {
    expect(csvRecords([['-5', '-0.25', '12', 3, -4.5, true, null, undefined]])).toBe(
      '-5,-0.25,12,3,-4.5,true,,\r\n',
    );
  });

  it('ends every record with CRLF (RFC 4180)', () => {
    expect(csvRecords([['a'], ['b']])).toBe('a\r\nb\r\n');
  });
});

describe('csvFile', () => {
  it('starts with a byte order mark and the header', () => {
    const text = csvFile(['part_number', 'name'], [['P-1', 'Bolt']]);
    expect(text.startsWith(`${CSV_BOM}part_number,name\r\n`)).toBe(true);
    expect(parse(text, { bom: true, columns: true })).toEqual([{ part_number: 'P-1', name: 'Bolt' }]);
  });
});

describe('unguardFormula', () => {
  it('gives back what guardFormula changed, and nothing else', () => {
    for (const value of ['=1+1', '+x', '-y', '@z', 'plain', "'quoted", '-5']) {
      expect(unguardFormula(guardFormula(value))).toBe(value);
    }
    expect(unguardFormula("'plain")).toBe("'plain");
  });
});
