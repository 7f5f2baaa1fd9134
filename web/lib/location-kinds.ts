// Location kinds in words, and which kinds may sit under which: SKU setup's tree and every location picker show them.
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
