// Whole units and measures (decision 064): a unit of measure either counts whole things (ea, pcs, box…), which are
// never fractional anywhere — requirements round up, quantities typed must be whole — or measures (m, kg, l…),
// which keep the ledger's six decimals. The list of units is inventory's (UNITS_OF_MEASURE); this says which kind
// each is, so every screen and every rule asks the same question.
import { fromScaled, toScaled } from './decimal.ts';
import { QUANTITY_SCALE, type UNITS_OF_MEASURE } from './schemas/inventory-setup.ts';

type TUnit = (typeof UNITS_OF_MEASURE)[number];

/** The units that count whole things. Every other unit of the list measures. */
export const WHOLE_UNITS: ReadonlySet<string> = new Set<TUnit>(['ea', 'pcs', 'box', 'set', 'pair', 'roll']);

/** Whether `unit` counts whole things (an unknown unit measures: nothing is rounded that should not be). */
export function isWholeUnit(unit: string): boolean {
  return WHOLE_UNITS.has(unit);
}

/**
 * Whether the decimal text `quantity` is a whole number (any sign). Read from the text's fraction digits, not at a
 * fixed scale, so "3.1000000" (more digits than the ledger keeps) is not taken for 31 millionths past a whole.
 */
export function isWholeNumber(quantity: string): boolean {
  const fraction = quantity.trim().split('.')[1] ?? '';
  return /^0*$/.test(fraction);
}

/**
 * A requirement in `unit`, rounded up to a whole number when the unit counts whole things (12.6 ea → 13 ea), left
 * as it is otherwise. Text in, canonical text out, on the ledger's six decimals; never a float.
 */
export function roundRequirement(quantity: string, unit: string): string {
  const scaled = toScaled(quantity, QUANTITY_SCALE);
  if (!isWholeUnit(unit)) return fromScaled(scaled, QUANTITY_SCALE);
  const one = 10n ** BigInt(QUANTITY_SCALE);
  const whole = scaled / one;
  const up = scaled > whole * one ? whole + 1n : whole;
  return fromScaled(up * one, QUANTITY_SCALE);
}

/** The message for a fractional quantity of a whole-unit item, e.g. "RM-2 is counted in whole ea: enter a whole number". */
export const wholeUnitMessage = (partNumber: string, unit: string) =>
  `${partNumber} is counted in whole ${unit}: enter a whole number`;
