// Display helpers of SKU setup: location kinds in words (failures are web/lib's api-errors.ts; money and quantities
// its format-money.ts and format-quantity.ts).
import { LOCATION_KINDS, type TLocationKind } from '#common/schemas/inventory-setup.ts';

export const KIND_LABELS: Record<TLocationKind, string> = {
  site: 'Site',
  area: 'Area',
  shelf: 'Shelf',
  bin: 'Bin',
};

/** The kinds a child of `parent` may be: only smaller ones (site > area > shelf > bin); a bin holds none. */
export function childKinds(parent: TLocationKind): TLocationKind[] {
  return LOCATION_KINDS.slice(LOCATION_KINDS.indexOf(parent) + 1);
}
