// The demo catalogue's item: the fields an item is created with, where it lives and how fast it moves.
import type { TItemInput } from '#common/schemas/inventory-setup.ts';
import type { TRandom } from './random.ts';

export interface TDemoItem extends TItemInput {
  /** Where it lives: a key of the location map below. */
  home: string;
  /** A typical stock level and a typical issue, in the item's unit. */
  stock: number;
  issue: number;
  /** Months of shelf life for lots (seals, wire), if any. */
  shelfLifeMonths?: number;
}

export const item = (
  fields: Partial<TItemInput> &
    Pick<TDemoItem, 'partNumber' | 'name' | 'home' | 'stock' | 'issue'> & { shelfLifeMonths?: number },
): TDemoItem => ({
  description: '',
  unitOfMeasure: 'ea',
  category: '',
  unitCost: '0',
  reorderPoint: null,
  defaultLocationId: null,
  lotTracked: false,
  ...fields,
});

/** A demo item as created: its catalogue entry and its id. */
export interface TSeededItem {
  spec: TDemoItem;
  id: string;
}

/** A unit cost drawn between `min` and `max`, to the cent. */
export const randomCost = (random: TRandom, min: number, max: number) =>
  (min + random.next() * (max - min)).toFixed(2);
