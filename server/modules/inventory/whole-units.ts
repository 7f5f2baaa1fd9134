// Whole units on the server (decision 064): a quantity typed for an item counted in whole things (ea, pcs, box…)
// must be whole. One refusal for every place that takes such a quantity — the posting engine (so every stock change),
// counts, order lines, work orders and the shop floor — so each says the same words on the field the request named.
import { AppError } from '#common/errors.ts';
import { isWholeNumber, isWholeUnit, wholeUnitMessage } from '#common/units.ts';

/** What the refusal needs of an item: how it is named and what it is counted in. */
export interface TUnitItem {
  partNumber: string;
  unitOfMeasure: string;
}

/**
 * Refuses with 400 naming `field` ("RM-2 is counted in whole ea: enter a whole number") when `quantity` is not
 * whole and `item` counts whole things; a measured item (kg, m…) keeps its fractions.
 */
export function assertWholeQuantity(field: string, quantity: string, item: TUnitItem): void {
  if (!isWholeUnit(item.unitOfMeasure) || isWholeNumber(quantity)) return;
  const message = wholeUnitMessage(item.partNumber, item.unitOfMeasure);
  throw new AppError('BAD_REQUEST', message, { [field]: message });
}
