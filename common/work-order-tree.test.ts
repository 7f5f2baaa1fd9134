import { describe, expect, it } from 'vitest';
import { nestByParent } from './work-order-tree.ts';

const row = (id: string, parentId: string | null = null) => ({ id, parentId });
const shape = (rows: Array<{ id: string; depth: number }>) => rows.map((r) => `${r.id}:${r.depth}`);

describe('nestByParent', () => {
  it('puts each child right under its parent, through every level', () => {
    // Newest first, as the list comes: the children were made after their parent, so they come before it.
    const rows = [row('4'), row('3', '2'), row('2', '1'), row('5', '1'), row('1')];
    expect(shape(nestByParent(rows))).toEqual(['4:0', '1:0', '2:1', '3:2', '5:1']);
  });

  it('leaves a row whose parent is not among the rows where it was, at the top level', () => {
    expect(shape(nestByParent([row('9', 'elsewhere'), row('8')]))).toEqual(['9:0', '8:0']);
  });

  it('returns every row once even when parents form a loop', () => {
    expect(shape(nestByParent([row('a', 'b'), row('b', 'a'), row('c')]))).toEqual(['c:0', 'a:0', 'b:1']);
  });
});
