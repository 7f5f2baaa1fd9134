// How a quantity field asks for its number (decision 064): an item counted in whole things (ea, pcs, box…) takes
// whole numbers only, so a phone shows it the digits keypad without a decimal point; a measure (kg, m, l…) keeps the
// decimal keypad. The server refuses a fraction of a whole unit whatever is typed; this only stops offering one.
import { isWholeUnit } from '#common/units.ts';

/** The `inputMode` of a quantity field in `unit`: 'numeric' for a whole unit, 'decimal' for a measure or unknown. */
export function quantityInputMode(unit: string | null | undefined): 'numeric' | 'decimal' {
  return unit && isWholeUnit(unit) ? 'numeric' : 'decimal';
}
