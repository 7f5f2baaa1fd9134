// Yield and defect figures as REFERENCES.md gives them: first pass yield = units passing first time ÷ units
// inspected; rolled throughput yield = the product of the steps' first pass yields; DPU = defects ÷ units;
// DPMO = defects × 10^6 ÷ (units × opportunities per unit). Each keeps its numerator and denominator (the dashboard
// shows both) and is null, not NaN or Infinity, when there is nothing to divide by. Exact arithmetic: ratio.ts.
import { divideExact, EXACT_PLACES, figure, type TFigure } from './ratio.ts';

/** First pass yield, 0..1: units that passed their first inspection ÷ units inspected. */
export function firstPassYield(passedFirstTime: number, inspected: number): TFigure {
  if (passedFirstTime > inspected) {
    throw new RangeError(`${passedFirstTime} units cannot pass first time out of ${inspected} inspected.`);
  }
  return figure(passedFirstTime, inspected);
}

/** Rolled throughput yield: each step's first pass yield and their product. */
export interface TRolledYield {
  steps: TFigure[];
  /** The product of the steps' numerators and of their denominators, as exact whole numbers in text (they outgrow a double). */
  numerator: string;
  denominator: string;
  value: number | null;
  exact: string | null;
}

/** RTY = FPY₁ × FPY₂ × … ; null with no step or when any step inspected nothing (its yield is unknown). */
export function rolledThroughputYield(
  steps: readonly { passedFirstTime: number; inspected: number }[],
): TRolledYield {
  const figures = steps.map((s) => firstPassYield(s.passedFirstTime, s.inspected));
  const numerator = figures.reduce((p, f) => p * BigInt(f.numerator), 1n);
  const denominator = figures.reduce((p, f) => p * BigInt(f.denominator), 1n);
  const known = figures.length > 0 && denominator !== 0n;
  return {
    steps: figures,
    numerator: known ? numerator.toString() : '0',
    denominator: known ? denominator.toString() : '0',
    value: known ? figures.reduce((p, f) => p * (f.value ?? 0), 1) : null,
    exact: known ? divideExact(numerator, denominator, EXACT_PLACES) : null,
  };
}

/** Defects per unit: defects found ÷ units inspected (a unit may carry several defects). */
export function defectsPerUnit(defects: number, units: number): TFigure {
  return figure(defects, units);
}

/** DPMO: defects × 10^6 ÷ (units × opportunities per unit); the denominator is the opportunities in all. */
export function defectsPerMillionOpportunities(
  defects: number,
  units: number,
  opportunitiesPerUnit: number,
): TFigure {
  return figure(defects, units * opportunitiesPerUnit, { multiplier: 1_000_000 });
}
