// The defect Pareto as the quality dashboard and its CSV give it: counts by defect code, largest first (ties by code),
// each bar's share and the cumulative share as exact percentages with what they were worked out from, and the vital
// few. Order and vital few come from common/charts/pareto.ts — the function ParetoChart draws with — so the table, the
// CSV and the chart name the same bars (decision 040's rule: up to the bar whose running share reaches 80 %, and a bar
// tied with the last of them). Exact arithmetic: ratio.ts.
import { PARETO_THRESHOLD, pareto } from '../charts/pareto.ts';
import { figure, type TFigure } from './ratio.ts';

export interface TDefectCount {
  code: string;
  count: number;
}

export interface TDefectParetoBar {
  code: string;
  count: number;
  /** count × 100 ÷ total: this code's share in percent. */
  share: TFigure;
  /** The running count (this bar and every one before it) × 100 ÷ total; the last bar is exactly 100. */
  cumulative: TFigure;
  vital: boolean;
}

export interface TDefectPareto {
  bars: TDefectParetoBar[];
  total: number;
  /** The share the vital few reach, in percent. */
  threshold: number;
}

/** Counts of the same code are added first, so a query may return a code once per source (scrap, inspection). */
export function defectPareto(counts: readonly TDefectCount[], threshold = PARETO_THRESHOLD): TDefectPareto {
  const byCode = new Map<string, number>();
  for (const { code, count } of counts) byCode.set(code, (byCode.get(code) ?? 0) + count);
  const result = pareto(
    [...byCode].map(([label, count]) => ({ label, count })),
    threshold,
  );
  let running = 0;
  const bars = result.bars.map((bar): TDefectParetoBar => {
    running += bar.count;
    return {
      code: bar.label,
      count: bar.count,
      share: figure(bar.count, result.total, { multiplier: 100 }),
      cumulative: figure(running, result.total, { multiplier: 100 }),
      vital: bar.vital,
    };
  });
  return { bars, total: result.total, threshold };
}
