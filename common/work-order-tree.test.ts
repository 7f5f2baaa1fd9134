import { describe, expect, it } from 'vitest';
import { nestByParent, nodesToMake } from './work-order-tree.ts';

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

describe('nodesToMake', () => {
  const node = (key: string, parentKey: string | null, quantity = '1') => ({ key, parentKey, quantity });
  const tree = [
    node('fg', null, '3'),
    node('fg/sa', 'fg', '6'),
    node('fg/sa/lm', 'fg/sa', '6'),
    node('fg/cv', 'fg', '0'),
  ];

  it('makes every node with something to build, and none that stock covers', () => {
    expect(nodesToMake(tree, []).map((n) => n.key)).toEqual(['fg', 'fg/sa', 'fg/sa/lm']);
  });

  it('leaves out an unticked node with everything under it', () => {
    expect(nodesToMake(tree, ['fg/sa']).map((n) => n.key)).toEqual(['fg']);
    expect(nodesToMake(tree, ['fg/sa/lm']).map((n) => n.key)).toEqual(['fg', 'fg/sa']);
  });
});
