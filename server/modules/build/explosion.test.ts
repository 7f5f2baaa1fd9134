// The arithmetic of "Can we build it?", worked out by hand: scrap per level, sub-assemblies taken from stock before
// they are built, needs summed over parents before netting, reservations held back, exact decimals.
import { describe, expect, it } from 'vitest';
import { availableOf, explode, type TExplosionItem, type TExplosionLine } from './explosion.ts';

const item = (
  id: string,
  onHand = '0',
  { revision = null, reserved = '0' }: { revision?: string | null; reserved?: string } = {},
): TExplosionItem => ({
  id,
  part_number: id.toUpperCase(),
  name: `Part ${id}`,
  unit_of_measure: 'ea',
  revision_id: revision,
  is_assembly: revision !== null,
  on_hand: onHand,
  reserved,
});
const line = (rev: string, child: string, quantity: string, scrap = '0'): TExplosionLine => ({
  revision_id: rev,
  component_item_id: child,
  quantity,
  scrap_percent: scrap,
});
const need = (result: ReturnType<typeof explode>, id: string) =>
  result.components.find((c) => c.itemId === id);

describe('explode', () => {
  // TOP (rev t) = 2 × SUB (rev s) + 1 × P1 at 10 % scrap; SUB = 3 × P2 at 5 % scrap + 0.5 × P3.
  const lines = [
    line('t', 'sub', '2'),
    line('t', 'p1', '1', '10'),
    line('s', 'p2', '3', '5'),
    line('s', 'p3', '0.5'),
  ];

  it('multiplies quantity × (1 + scrap%/100) at every level', () => {
    const items = [item('sub', '0', { revision: 's' }), item('p1'), item('p2'), item('p3')];
    const result = explode([{ revisionId: 't', quantity: '4' }], { lines, items });
    // 4 TOP: 8 SUB; P1 = 4 × 1.1 = 4.4; P2 = 8 × 3.15 = 25.2; P3 = 8 × 0.5 = 4.
    expect(result.subAssemblies).toEqual([
      expect.objectContaining({ itemId: 'sub', needed: '8', fromStock: '0', toBuild: '8' }),
    ]);
    expect(need(result, 'p1')).toMatchObject({ needed: '4.4', available: '0', missing: '4.4' });
    expect(need(result, 'p2')).toMatchObject({ needed: '25.2', missing: '25.2' });
    expect(need(result, 'p3')).toMatchObject({ needed: '4', missing: '4' });
    expect(result.canBuild).toBe(false);
  });

  it('takes sub-assemblies from stock first and explodes only the rest', () => {
    const items = [
      item('sub', '5', { revision: 's' }),
      item('p1', '10'),
      item('p2', '9.45'),
      item('p3', '1'),
    ];
    const result = explode([{ revisionId: 't', quantity: '4' }], { lines, items });
    // 8 SUB needed, 5 in stock: build 3 → P2 = 9.45 (enough), P3 = 1.5 (1 available: 0.5 missing).
    expect(result.subAssemblies[0]).toMatchObject({ needed: '8', fromStock: '5', toBuild: '3' });
    expect(need(result, 'p2')).toMatchObject({ needed: '9.45', available: '9.45', missing: '0' });
    expect(need(result, 'p3')).toMatchObject({ needed: '1.5', available: '1', missing: '0.5' });
    expect(result.components[0]?.itemId).toBe('p3'); // the shortfall first
    expect(result.canBuild).toBe(false);
  });

  it('holds back what open reservations keep, and never counts a negative available', () => {
    expect(availableOf({ on_hand: '10', reserved: '3.5' })).toBe(6_500_000_000_000n);
    expect(availableOf({ on_hand: '2', reserved: '3' })).toBe(0n);
    const items = [item('sub', '8', { revision: 's' }), item('p1', '5', { reserved: '1' })];
    const result = explode([{ revisionId: 't', quantity: '4' }], { lines, items });
    expect(need(result, 'p1')).toMatchObject({ needed: '4.4', available: '4', missing: '0.4' });
  });

  it('sums a sub-assembly over every parent before taking its stock once', () => {
    // Two demands of TOP (two lines) and a part P2 used directly by TOP too (at level 1) and inside SUB (level 2).
    const more = [...lines, line('t', 'p2', '1')];
    const items = [
      item('sub', '10', { revision: 's' }),
      item('p1', '100'),
      item('p2', '100'),
      item('p3', '100'),
    ];
    const result = explode(
      [
        { revisionId: 't', quantity: '4' },
        { revisionId: 't', quantity: '3' },
      ],
      { lines: more, items },
    );
    // 14 SUB needed, 10 from stock, 4 built → P2 = 4 × 3.15 + 7 × 1 = 19.6; P3 = 4 × 0.5 = 2.
    expect(result.subAssemblies[0]).toMatchObject({ needed: '14', fromStock: '10', toBuild: '4' });
    expect(need(result, 'p2')).toMatchObject({ needed: '19.6', missing: '0' });
    expect(need(result, 'p3')).toMatchObject({ needed: '2' });
    expect(result.canBuild).toBe(true);
  });

  it('checks an assembly never released as a part that only stock can give', () => {
    const items = [item('sub', '1'), item('p1', '10')];
    items[0] = { ...items[0]!, is_assembly: true };
    const result = explode([{ revisionId: 't', quantity: '1' }], { lines, items });
    expect(need(result, 'sub')).toMatchObject({
      isAssembly: true,
      needed: '2',
      available: '1',
      missing: '1',
    });
    expect(result.subAssemblies).toEqual([]);
  });

  it('is exact where floats are not: 0.1 × 3 at 0.1 % scrap', () => {
    const items = [item('p1', '0.3003')];
    const result = explode([{ revisionId: 'x', quantity: '3' }], {
      lines: [line('x', 'p1', '0.1', '0.1')],
      items,
    });
    expect(need(result, 'p1')).toMatchObject({ needed: '0.3003', missing: '0' });
  });

  it('refuses a loop instead of walking for ever', () => {
    const items = [item('a', '0', { revision: 'ra' }), item('b', '0', { revision: 'rb' })];
    const loop = [line('ra', 'b', '1'), line('rb', 'a', '1')];
    expect(() => explode([{ revisionId: 'ra', quantity: '1' }], { lines: loop, items })).toThrow(/loop/);
  });
});
