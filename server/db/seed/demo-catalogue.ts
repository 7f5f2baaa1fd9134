// The demo shop's location tree and its catalogue, the families in the order the seed creates them.
import type { TLocationKind } from '#common/schemas/inventory-setup.ts';
import { goodsAndGauges } from './demo-catalogue-goods.ts';
import { purchasedParts } from './demo-catalogue-parts.ts';
import { storesItems } from './demo-catalogue-stores.ts';
import type { TDemoItem } from './demo-item.ts';
import type { TRandom } from './random.ts';

/**
 * The catalogue: made up from the ranges a shop like this stocks, so it reads like a real item master. The families
 * draw from `random` one after the other, so their order fixes every size, cost and home the seed picks.
 */
export function catalogue(random: TRandom): TDemoItem[] {
  const parts = purchasedParts(random);
  const stores = storesItems(random);
  return [...parts, ...stores, ...goodsAndGauges(random)];
}

/** The location tree: sites, areas, shelves and bins, keyed by a short name the catalogue uses. */
export const LOCATIONS: readonly {
  key: string;
  parent: string | null;
  kind: TLocationKind;
  code: string;
  name: string;
}[] = [
  { key: 'PLANT', parent: null, kind: 'site', code: 'PLANT', name: 'Main plant' },
  { key: 'RECV', parent: 'PLANT', kind: 'area', code: 'RECV', name: 'Receiving dock' },
  { key: 'STORES', parent: 'PLANT', kind: 'area', code: 'STORES', name: 'Stores' },
  ...[1, 2, 3, 4, 5, 6].flatMap((s) => [
    { key: `S${s}`, parent: 'STORES', kind: 'shelf' as const, code: `S${s}`, name: `Shelf ${s}` },
    ...[1, 2, 3, 4].map((b) => ({
      key: `S${s}-B${b}`,
      parent: `S${s}`,
      kind: 'bin' as const,
      code: `S${s}-B${b}`,
      name: `Shelf ${s} bin ${b}`,
    })),
  ]),
  { key: 'RAW', parent: 'PLANT', kind: 'area', code: 'RAW', name: 'Raw material racks' },
  { key: 'R1', parent: 'RAW', kind: 'shelf', code: 'R1', name: 'Bar rack 1' },
  { key: 'R2', parent: 'RAW', kind: 'shelf', code: 'R2', name: 'Bar rack 2' },
  { key: 'R3', parent: 'RAW', kind: 'shelf', code: 'R3', name: 'Sheet rack' },
  { key: 'FG', parent: 'PLANT', kind: 'area', code: 'FG', name: 'Finished goods' },
  { key: 'F1', parent: 'FG', kind: 'shelf', code: 'F1', name: 'Finished goods shelf 1' },
  { key: 'F2', parent: 'FG', kind: 'shelf', code: 'F2', name: 'Finished goods shelf 2' },
  { key: 'CRIB', parent: 'PLANT', kind: 'area', code: 'CRIB', name: 'Tool crib' },
  { key: 'T1', parent: 'CRIB', kind: 'shelf', code: 'T1', name: 'Gauge cabinet' },
  { key: 'CELL1', parent: 'PLANT', kind: 'area', code: 'CELL1', name: 'Machining cell 1 (line side)' },
  { key: 'CELL2', parent: 'PLANT', kind: 'area', code: 'CELL2', name: 'Assembly cell (line side)' },
  { key: 'WH2', parent: null, kind: 'site', code: 'WH2', name: 'Overflow warehouse' },
  { key: 'WH2-A', parent: 'WH2', kind: 'area', code: 'WH2-A', name: 'Bulk aisle' },
  ...[1, 2, 3].map((s) => ({
    key: `WH2-A${s}`,
    parent: 'WH2-A',
    kind: 'shelf' as const,
    code: `WH2-A${s}`,
    name: `Bulk shelf ${s}`,
  })),
];
