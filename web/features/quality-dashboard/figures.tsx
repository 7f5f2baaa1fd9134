// The Quality dashboard's headline figures and charts (decision 074): first pass yield, DPU, DPMO and the defects
// found, each card saying what it was worked out from ("3 of 6 units", "4 defects ÷ 12 opportunities") and "No data"
// where nothing was inspected; the Pareto of defects by code, FPY and defects over time, and defects per machine —
// each chart with its table (the chart kit, decision 040). Texts come from common/quality/dashboard-tables.ts, as the
// CSV's do.
import { SimpleGrid } from '@mantine/core';
import { numberText, percentText } from '#common/quality/dashboard-tables.ts';
import type { TQualityDashboard } from '#common/schemas/quality-dashboard.ts';
import { CategoryBarChart } from '../../components/charts/category-bar-chart.tsx';
import { ParetoChart } from '../../components/charts/pareto-chart.tsx';
import { TrendChart } from '../../components/charts/trend-chart.tsx';
import { FigureCard } from '../../components/figure-card.tsx';

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function QualityFigures({ dashboard }: { dashboard: TQualityDashboard }) {
  const t = dashboard.totals;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <FigureCard
        label="First pass yield"
        value={percentText(t.fpy)}
        detail={`${plural(t.fpy.numerator, 'unit', 'units')} of ${plural(t.fpy.denominator, 'unit', 'units')} inspected passed first time`}
      />
      <FigureCard
        label="Defects per unit"
        value={numberText(t.dpu, 3)}
        detail={`${plural(t.dpu.numerator, 'defect', 'defects')} ÷ ${plural(t.dpu.denominator, 'unit', 'units')}`}
      />
      <FigureCard
        label="DPMO"
        value={numberText(t.dpmo, 0)}
        detail={`${plural(t.dpmo.numerator, 'defect', 'defects')} × 1,000,000 ÷ ${plural(t.dpmo.denominator, 'opportunity', 'opportunities')}`}
      />
      <FigureCard
        label="Defects found"
        value={t.defects.toLocaleString('en-US')}
        detail={`${plural(t.dpu.numerator, 'failed result', 'failed results')} and ${plural(t.defects - t.dpu.numerator, 'unit', 'units')} scrapped, in ${plural(t.inspections, 'inspection', 'inspections')}`}
      />
    </SimpleGrid>
  );
}

/** The Pareto, and FPY, defects and machines charted; each chart's table is its "Show as a table". */
export function QualityCharts({ dashboard }: { dashboard: TQualityDashboard }) {
  const d = dashboard;
  const time = 'day' as const;
  return (
    <>
      <ParetoChart
        caption="Defects by code: failed inspection results and scrap, largest first, with the running share"
        tableLabel="Defects by code"
        categoryHeader="Defect code"
        countLabel="Defects"
        categories={d.pareto.bars.map((b) => ({ label: b.code, count: b.count }))}
        threshold={d.pareto.threshold}
      />
      <TrendChart
        caption={`First pass yield per ${d.granularity === 'week' ? 'week (first day shown)' : 'day'} (%)`}
        tableLabel="First pass yield over time"
        time={time}
        points={d.periods.map((p) => ({
          at: p.start,
          values: { fpy: p.fpy.value === null ? null : Math.round(p.fpy.value * 1000) / 10 },
        }))}
        series={[{ name: 'fpy', label: 'FPY %' }]}
        valueFormatter={(v) => `${v.toFixed(1)}%`}
      />
      <TrendChart
        caption={`Defects found per ${d.granularity === 'week' ? 'week (first day shown)' : 'day'}: failed results and scrap`}
        tableLabel="Defects over time"
        time={time}
        points={d.periods.map((p) => ({ at: p.start, values: { defects: p.defects } }))}
        series={[{ name: 'defects', label: 'Defects', color: 'red.7' }]}
      />
      {d.machines.length > 0 ? (
        <CategoryBarChart
          caption="Defects per machine: failed results of inspections on it and scrap of steps run on it"
          layout="rows"
          integers
          bars={d.machines.map((m) => ({
            key: m.machineId,
            label: m.assetTag,
            longLabel: `${m.name} (${m.assetTag})`,
            values: { defects: m.defects },
          }))}
          series={[{ name: 'defects', label: 'Defects', color: 'red.6' }]}
          tableLabel="Defects per machine"
          categoryHeader="Machine"
        />
      ) : null}
    </>
  );
}
