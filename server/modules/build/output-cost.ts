// The arithmetic of a built lot's cost (decision 064), pure and exact: BigInt at fixed scales — money on the ledger's
// 4 decimals, quantities on 6, minutes on 3 — each result rounded half away from zero once, never through a float.
// work-order-cost.ts reads the numbers, calls these and writes the results.
import { fromScaled, toScaled } from '#common/decimal.ts';

const MONEY = 4;
const QUANTITY = 6;
const MINUTES = 3;
const money = (v: string) => toScaled(v, MONEY);
const units = (v: string) => toScaled(v, QUANTITY);
const moneyText = (v: bigint) => fromScaled(v, MONEY);

/** n ÷ d rounded half away from zero (d > 0). */
export function divideRounded(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (2n * (r < 0n ? -r : r) < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

/**
 * What consuming `picks` adds to a work order's material cost: each pick's quantity × the unit cost its posting line
 * carried, rounded to money once per pick (as the ledger values each line), summed.
 */
export function consumedCost(picks: ReadonlyArray<{ quantity: string; unitCost: string }>): string {
  let total = 0n;
  for (const p of picks)
    total += divideRounded(units(p.quantity) * money(p.unitCost), 10n ** BigInt(QUANTITY));
  return moneyText(total);
}

/** A revision's standard minutes: the steps' setup (once per work order) and run (per unit) summed. */
export interface TStandardMinutes {
  setup: string;
  run: string;
}

/**
 * Standard labor of `made` units (good and scrap): setup minutes once plus run minutes per unit, at `rate` an hour
 * (the blended rate of decision 044), in money. None without a rate, and none before the first unit.
 */
export function standardLabor(minutes: TStandardMinutes, made: string, rate: string | null): string {
  if (rate === null || units(made) <= 0n) return '0';
  // Minutes at scale 3 + 6 = 9, times the rate at scale 4 = 13; an hour is 60 minutes; back to money's scale 4.
  const scaledMinutes =
    toScaled(minutes.setup, MINUTES) * 10n ** BigInt(QUANTITY) + toScaled(minutes.run, MINUTES) * units(made);
  return moneyText(divideRounded(scaledMinutes * money(rate), 60n * 10n ** BigInt(MINUTES + QUANTITY)));
}

/**
 * The work order's labor once `made` units are made: the time recorded on its steps at each entry's own cost when
 * there is any (decision 085, `recorded`), else their standard labor.
 */
export function laborOf(
  basis: { minutes: TStandardMinutes; rate: string | null; recorded?: string | null },
  made: string,
): string {
  if (basis.recorded !== undefined && basis.recorded !== null) return moneyText(money(basis.recorded));
  return standardLabor(basis.minutes, made, basis.rate);
}

/** What the work order holds before an output, and the output itself. */
export interface TOutputCostInput {
  /** The work order's quantity. */
  quantity: string;
  /** Good and scrap recorded by earlier outputs. */
  madeBefore: string;
  good: string;
  scrap: string;
  /** work_orders.material_cost: the ledger cost of everything consumed so far. */
  materialCost: string;
  /** work_orders.output_value: what earlier outputs carried. */
  outputValue: string;
  minutes: TStandardMinutes;
  rate: string | null;
  /** The cost of the time recorded on the work order's steps so far; null (or absent) when none was. */
  recorded?: string | null;
}

export interface TOutputCost {
  /** The work order's labor once this output is in (laborOf): its labor cost from now on. */
  labor: string;
  /** The output's share of the pool (before rounding to a unit cost). */
  share: string;
  /** What each good unit carries into stock; null when the output is scrap alone. */
  unitCost: string | null;
  /** good × unit cost: the value the posting puts into stock, added to the work order's output value. */
  carried: string;
}

/**
 * An output's cost: pool = material + labor (recorded, else standard for the units made so far) − what earlier
 * outputs carried. The
 * output that brings good + scrap to the quantity takes the whole pool; an earlier one takes pool × its units ÷ the
 * units still to come. Scrap carries nothing: the good units of the output absorb its share. What rounding to a unit
 * cost leaves behind stays in the pool for the next output or the settlement.
 */
export function outputCost(input: TOutputCostInput): TOutputCost {
  const made = units(input.madeBefore) + units(input.good) + units(input.scrap);
  const labor = laborOf(input, fromScaled(made, QUANTITY));
  const pool = money(input.materialCost) + money(labor) - money(input.outputValue);
  const good = units(input.good);
  const toCome = units(input.quantity) - units(input.madeBefore);
  const share =
    made >= units(input.quantity) || toCome <= 0n
      ? pool
      : divideRounded(pool * (good + units(input.scrap)), toCome);
  if (good <= 0n) return { labor, share: moneyText(share), unitCost: null, carried: '0' };
  // A pool below zero is rounding's leftovers, never a negative cost on the shelf.
  const unitCost = share > 0n ? divideRounded(share * 10n ** BigInt(QUANTITY), good) : 0n;
  const carried = divideRounded(good * unitCost, 10n ** BigInt(QUANTITY));
  return { labor, share: moneyText(share), unitCost: moneyText(unitCost), carried: moneyText(carried) };
}

/**
 * The moving average (AVCO) of an item after `good` units arrive at `unitCost`:
 * (on hand × cost + good × unit cost) ÷ (on hand + good), on 4 decimals. `onHand` is what was there before.
 */
export function movingAverage(onHand: string, cost: string, good: string, unitCost: string): string {
  const before = units(onHand) > 0n ? units(onHand) : 0n;
  const total = before + units(good);
  if (total <= 0n) return moneyText(money(unitCost));
  return moneyText(divideRounded(before * money(cost) + units(good) * money(unitCost), total));
}

/** What completion settles: the pool no output carried, and the labor of every unit made (laborOf). */
export function settlement(input: {
  made: string;
  materialCost: string;
  outputValue: string;
  minutes: TStandardMinutes;
  rate: string | null;
  recorded?: string | null;
}): { labor: string; rest: string } {
  const labor = laborOf(input, input.made);
  return {
    labor,
    rest: moneyText(money(input.materialCost) + money(labor) - money(input.outputValue)),
  };
}

/** An item's cost once `rest` is spread over what it has on hand (none on hand: unchanged); never below zero. */
export function spreadOverOnHand(onHand: string, cost: string, rest: string): string {
  if (units(onHand) <= 0n) return moneyText(money(cost));
  const value = units(onHand) * money(cost) + money(rest) * 10n ** BigInt(QUANTITY);
  const spread = divideRounded(value, units(onHand));
  return moneyText(spread > 0n ? spread : 0n);
}
