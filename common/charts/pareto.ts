// The arithmetic of a Pareto chart (decision 040, Charts): categories sorted by count, each with its share and the
// cumulative share so far, and the "vital few" — the fewest largest categories that together make up the threshold
// (80% by default). Pure, so the quality reports on the server and the chart in the browser agree to the digit.

/** One category as counted, e.g. a defect code and how often it was found. */
export interface TParetoInput {
  label: string;
  count: number;
}

/** One bar of the chart, in the chart's order. */
export interface TParetoBar {
  label: string;
  count: number;
  /** This category's share of the total, 0–100. */
  share: number;
  /** The share of this category and every larger one, 0–100; the last bar is 100 (0 when the total is 0). */
  cumulative: number;
  /** One of the vital few. */
  vital: boolean;
}

export interface TPareto {
  bars: TParetoBar[];
  total: number;
  /** How many categories are vital (they are the first bars). */
  vitalCount: number;
  /** The threshold the vital few reach, in percent. */
  threshold: number;
}

export const PARETO_THRESHOLD = 80;

// Ties are ordered by label so the same counts always draw the same chart, whatever order the query returned;
// numeric collation puts "Defect 2" before "Defect 10".
const byLabel = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Sorts `categories` by count (largest first, ties by label) and adds shares, cumulative shares and the vital few.
 * The vital few are the largest categories up to and including the one whose cumulative share reaches the
 * threshold, plus any category tied with the last of them (their order among equals is only alphabetical).
 * A zero total has no vital few and every share is 0. Counts must be finite and not negative: a count below zero
 * is a fault in the caller, not data to draw.
 */
export function pareto(categories: readonly TParetoInput[], threshold = PARETO_THRESHOLD): TPareto {
  if (!Number.isFinite(threshold) || threshold <= 0 || threshold > 100) {
    throw new RangeError(`A Pareto threshold is a percentage above 0 and at most 100, not ${threshold}.`);
  }
  for (const { label, count } of categories) {
    if (!Number.isFinite(count) || count < 0) {
      throw new RangeError(`The count of "${label}" must be a finite number of at least 0, not ${count}.`);
    }
  }
  const sorted = [...categories].sort((a, b) => b.count - a.count || byLabel.compare(a.label, b.label));
  const total = sorted.reduce((sum, c) => sum + c.count, 0);

  let running = 0;
  let reached = total === 0;
  let lastVitalCount = Number.NaN;
  const bars = sorted.map(({ label, count }): TParetoBar => {
    // Before this bar the running total had not reached the threshold: this bar is needed to reach it.
    // Compared as running × 100 against threshold × total, so 4 of 5 is exactly 80% and no rounding decides.
    const needed = !reached && count > 0;
    const tied = reached && count > 0 && count === lastVitalCount;
    running += count;
    const vital = needed || tied;
    if (vital) lastVitalCount = count;
    if (running * 100 >= threshold * total) reached = true;
    return {
      label,
      count,
      share: total === 0 ? 0 : (count * 100) / total,
      // From the running count, not by adding rounded shares: the last bar is exactly 100.
      cumulative: total === 0 ? 0 : (running * 100) / total,
      vital,
    };
  });
  return { bars, total, vitalCount: bars.filter((b) => b.vital).length, threshold };
}
