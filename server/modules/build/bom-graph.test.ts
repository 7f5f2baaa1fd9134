// The loop a new BOM line would close, found and named shortest-first; and the roll-up's exact arithmetic on a
// BOM with scrap at two levels, as worked out by hand.
import { describe, expect, it } from 'vitest';
import { costTotals, findLoop, rollUp } from './bom-graph.ts';

describe('findLoop', () => {
  const edges = [
    { parent: 'B', child: 'C' },
    { parent: 'C', child: 'A' },
    { parent: 'C', child: 'D' },
    { parent: 'D', child: 'E' },
  ];

  it('names the path from the assembly through the new component back to itself', () => {
    expect(findLoop('A', ['B'], edges)).toEqual(['A', 'B', 'C', 'A']);
  });
  it('finds an assembly put inside itself', () => {
    expect(findLoop('A', ['A'], edges)).toEqual(['A', 'A']);
  });
  it('finds none where the components never lead back', () => {
    expect(findLoop('A', ['D', 'E'], edges)).toBeNull();
  });
  it('names a shortest loop when there are several', () => {
    const more = [...edges, { parent: 'B', child: 'A' }];
    expect(findLoop('A', ['B'], more)).toEqual(['A', 'B', 'A']);
  });
});

describe('rollUp', () => {
  // TOP: 2 × SUB (5 % scrap) + 0.333 × P1; SUB: 1.5 × P2 (2 % scrap); 3 + 1.25 run minutes.
  const input = {
    lines: [
      { revision_id: 'top', component_item_id: 'sub', quantity: '2', scrap_percent: '5' },
      { revision_id: 'top', component_item_id: 'p1', quantity: '0.333', scrap_percent: '0' },
      { revision_id: 'subrev', component_item_id: 'p2', quantity: '1.5', scrap_percent: '2' },
    ],
    items: [
      { id: 'sub', part_number: 'SUB', name: 'Sub', unit_cost: '999', current_id: 'subrev' },
      { id: 'p1', part_number: 'P1', name: 'One', unit_cost: '3', current_id: null },
      { id: 'p2', part_number: 'P2', name: 'Two', unit_cost: '0.1234', current_id: null },
    ],
    minutes: [
      { revision_id: 'top', run: '3', setup: '10' },
      { revision_id: 'subrev', run: '1.25', setup: '30' },
    ],
  };

  it('carries scrap through each level and costs only bought components', () => {
    const totals = rollUp('top', input);
    // SUB needed: 2 × 1.05 = 2.1; P2: 2.1 × 1.5 × 1.02 = 3.213 at 0.1234 = 0.3964842; P1: 0.333 × 3 = 0.999.
    expect(totals.rows.map((r) => [r.depth, r.partNumber, r.quantity, r.materialCost])).toEqual([
      [1, 'SUB', '2.1', '0.3965'],
      [2, 'P2', '3.213', '0.3965'],
      [1, 'P1', '0.333', '0.999'],
    ]);
    // Minutes: 3 + 2.1 × 1.25 = 5.625; at $40/h = 3.75; total 0.3964842 + 0.999 + 3.75 = 5.1454842.
    expect(costTotals(totals, '40')).toEqual({
      materialCost: '1.3955',
      laborMinutes: '5.625',
      setupMinutes: '10',
      laborRate: '40',
      laborCost: '3.75',
      totalCost: '5.1455',
    });
    expect(costTotals(totals, null)).toMatchObject({ laborCost: null, totalCost: '1.3955' });
  });
});
