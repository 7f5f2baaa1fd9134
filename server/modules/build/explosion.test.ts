// The arithmetic of "Can we build it?", worked out by hand: scrap per level, sub-assemblies taken from stock and then
// from work orders under way before they are built, needs summed over parents before netting, reservations held back, exact decimals.
import { describe, expect, it } from 'vitest';
import { availableOf, explode, type TExplosionItem, type TExplosionLine } from './explosion.ts';

// Measured (kg) unless said otherwise: the scrap arithmetic below is about fractions, which whole units round away.
const item = (
  id: string,
  onHand = '0',
  {
    revision = null,
    reserved = '0',
    unit = 'kg',
    incoming = '0',
  }: { revision?: string | null; reserved?: string; unit?: string; incoming?: string } = {},
): TExplosionItem => ({
  id,
  part_number: id.toUpperCase(),
  name: `Part ${id}`,
  unit_of_measure: unit,
  revision_id: revision,
  is_assembly: revision !== null,
  on_hand: onHand,
  reserved,
  incoming,
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

  it('then takes what work orders under way will put out, and explodes only what is still to build', () => {
    const items = [
      item('sub', '2', { revision: 's', incoming: '5' }),
      item('p1', '10'),
      item('p2', '9.45'),
      item('p3', '1'),
    ];
    const result = explode([{ revisionId: 't', quantity: '4' }], { lines, items });
    // 8 SUB needed: 2 in stock, 5 coming from released work orders (their parts reserved already), 1 to build →
    // P2 = 3 × 1.05 = 3.15 and P3 = 0.5, both covered.
    expect(result.subAssemblies[0]).toMatchObject({
      needed: '8',
      fromStock: '2',
      fromWorkOrders: '5',
      toBuild: '1',
    });
    expect(need(result, 'p2')).toMatchObject({ needed: '3.15', missing: '0' });
    expect(need(result, 'p3')).toMatchObject({ needed: '0.5', missing: '0' });
    // More coming than needed: none is built, and nothing below it is needed.
    const covered = explode([{ revisionId: 't', quantity: '1' }], { lines, items });
    expect(covered.subAssemblies[0]).toMatchObject({
      needed: '2',
      fromStock: '2',
      fromWorkOrders: '0',
      toBuild: '0',
    });
    expect(need(covered, 'p2')).toBeUndefined();
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

describe('explode with whole units (decision 064)', () => {
  const ea = (id: string, onHand = '0', revision: string | null = null) =>
    item(id, onHand, { revision, unit: 'ea' });
  // Three levels: TOP = 4 SCREW at 5 % + 2.5 SUB; SUB = 2.1 SUB2 + 0.35 m of WIRE; SUB2 = 1.5 SCREW at 10 %.
  const lines = [
    line('t', 'screw', '4', '5'),
    line('t', 'sub', '2.5'),
    line('s', 'sub2', '2.1'),
    line('s', 'wire', '0.35'),
    line('u', 'screw', '1.5', '10'),
  ];

  it('rounds each line up per parent demand, through three levels, and leaves a measure as it is', () => {
    const items = [ea('screw'), ea('sub', '0', 's'), ea('sub2', '0', 'u'), item('wire', '0', { unit: 'm' })];
    const result = explode([{ revisionId: 't', quantity: '3' }], { lines, items });
    // 3 TOP: SUB 7.5 → 8; SUB2 8 × 2.1 = 16.8 → 17; WIRE 8 × 0.35 = 2.8 m; SCREW 12.6 → 13 at TOP and
    // 17 × 1.65 = 28.05 → 29 in SUB2, 42 in all: what the three work orders would reserve.
    expect(result.subAssemblies).toEqual([
      expect.objectContaining({ itemId: 'sub', needed: '8', fromStock: '0', toBuild: '8' }),
      expect.objectContaining({ itemId: 'sub2', needed: '17', fromStock: '0', toBuild: '17' }),
    ]);
    expect(need(result, 'screw')).toMatchObject({ needed: '42', missing: '42' });
    expect(need(result, 'wire')).toMatchObject({ needed: '2.8', missing: '2.8' });
  });

  it('builds whole sub-assemblies, counting only whole units of their stock', () => {
    // 3 SUB on hand and 5.5 SUB2 (half of one, counted before whole units): 5 SUB and 5 SUB2 come from stock.
    const items = [ea('screw', '100'), ea('sub', '3', 's'), ea('sub2', '5.5', 'u'), item('wire', '9')];
    const result = explode([{ revisionId: 't', quantity: '3' }], { lines, items });
    // SUB: 8 needed, 3 from stock, 5 built → SUB2 5 × 2.1 = 10.5 → 11, 5 from stock, 6 built → SCREW 6 × 1.65 =
    // 9.9 → 10, plus 13 at TOP.
    expect(result.subAssemblies).toEqual([
      expect.objectContaining({ itemId: 'sub', needed: '8', fromStock: '3', toBuild: '5' }),
      expect.objectContaining({ itemId: 'sub2', needed: '11', fromStock: '5', toBuild: '6' }),
    ]);
    expect(need(result, 'screw')).toMatchObject({ needed: '23', available: '100', missing: '0' });
    expect(need(result, 'wire')).toMatchObject({ needed: '1.75' });
    expect(result.canBuild).toBe(true);
  });

  it('rounds two lines of one part apart, as two steps each take whole parts', () => {
    const items = [ea('screw', '7')];
    const twoSteps = [line('x', 'screw', '1.25'), line('x', 'screw', '1.25')];
    const result = explode([{ revisionId: 'x', quantity: '2' }], { lines: twoSteps, items });
    // 2.5 → 3 at each step: 6, not 5.
    expect(need(result, 'screw')).toMatchObject({ needed: '6', missing: '0' });
  });

  it('rounds each ordered line on its own, as each becomes its own work order', () => {
    const items = [ea('screw')];
    const result = explode(
      [
        { revisionId: 'x', quantity: '1' },
        { revisionId: 'x', quantity: '1' },
      ],
      { lines: [line('x', 'screw', '0.5')], items },
    );
    expect(need(result, 'screw')).toMatchObject({ needed: '2', missing: '2' });
  });

  it('counts a whole need exactly, without rounding up a product that is whole', () => {
    // 10 × 0.3 at 0 % is exactly 3 (a float would make it 3.0000000000000004, and 4 screws).
    const items = [ea('screw', '3')];
    const result = explode([{ revisionId: 'x', quantity: '10' }], {
      lines: [line('x', 'screw', '0.3')],
      items,
    });
    expect(need(result, 'screw')).toMatchObject({ needed: '3', missing: '0' });
  });
});
