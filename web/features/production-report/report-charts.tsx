// The Production Report's figures and charts: the period's totals as five figures (the fifth the material usage
// variance, decision 064), output per day or week as a trend, work orders on time against their due dates, scrap by
// reason and minutes per unit against standard per assembly. Each chart carries its numbers as a table (the chart
// kit, decision 040), the same texts the API and the CSV carry.
import { SimpleGrid } from '@mantine/core';
import type { TProductionReport } from '#common/schemas/production-report.ts';
import { CategoryBarChart } from '../../components/charts/category-bar-chart.tsx';
import { TrendChart } from '../../components/charts/trend-chart.tsx';
import { FigureCard } from '../../components/figure-card.tsx';
import { formatMoney } from '../../lib/format-money.ts';
import { formatQuantity } from '../../lib/format-quantity.ts';
import { materialVariance, minutes, percent } from './assembly-rows.tsx';

/** The period's totals over every assembly (or the one chosen). */
export function ReportFigures({ report }: { report: TProductionReport }) {
  const t = report.totals;
  const due = t.onTime + t.late;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }}>
      <FigureCard
        label="Completed"
        value={String(t.completed)}
        detail={`${formatQuantity(t.goodQuantity)} good, ${formatQuantity(t.scrapQuantity)} scrap`}
      />
      <FigureCard
        label="On time"
        value={percent(t.onTimePercent)}
        detail={`${t.onTime} of ${due} with a due date${t.noDueDate ? `; ${t.noDueDate} without one` : ''}`}
      />
      <FigureCard
        label="Scrap rate"
        value={percent(t.scrapPercent)}
        detail="Scrap of everything made (good and scrap)"
      />
      <FigureCard
        label="Minutes per unit"
        value={minutes(t.actualMinutesPerUnit)}
        detail={`Standard ${minutes(t.standardMinutesPerUnit)}`}
      />
      <FigureCard
        label="Material variance"
        value={materialVariance(t)}
        detail={`Actual ${formatMoney(t.actualMaterialCost)} of ${formatMoney(t.plannedMaterialCost)} planned`}
      />
    </SimpleGrid>
  );
}

const num = (text: string | null) => (text === null ? null : Number(text));

export function ReportCharts({ report }: { report: TProductionReport }) {
  const byWeek = report.granularity === 'week';
  const t = report.totals;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <TrendChart
        caption={
          byWeek
            ? 'Good and scrap per week (Monday to Sunday, each written by its first day in the period)'
            : 'Good and scrap per day'
        }
        tableLabel={byWeek ? 'Output per week' : 'Output per day'}
        time="day"
        points={report.periods.map((p) => ({
          at: p.start,
          values: { good: Number(p.goodQuantity), scrap: Number(p.scrapQuantity) },
        }))}
        series={[
          { name: 'good', label: 'Good', color: 'blue.7' },
          { name: 'scrap', label: 'Scrap', color: 'red.7' },
        ]}
      />
      <CategoryBarChart
        caption={`Work orders against their due dates: ${t.onTime} on time, ${t.late} late, ${t.noDueDate} without a due date`}
        layout="rows"
        integers
        bars={[
          { key: 'on-time', label: 'On time', values: { count: t.onTime } },
          { key: 'late', label: 'Late', values: { count: t.late } },
          { key: 'no-due', label: 'No due date', values: { count: t.noDueDate } },
        ]}
        series={[{ name: 'count', label: 'Work orders', color: 'teal.7' }]}
        tableLabel="Work orders on time"
        categoryHeader="Against the due date"
      />
      {report.scrapReasons.length > 0 && (
        <CategoryBarChart
          caption="Scrap by reason, largest first"
          layout="rows"
          bars={report.scrapReasons.map((r) => ({
            key: r.reason,
            label: r.reason,
            values: { scrap: Number(r.quantity) },
          }))}
          series={[{ name: 'scrap', label: 'Scrap', color: 'red.7' }]}
          tableLabel="Scrap by reason"
          categoryHeader="Reason"
          labelWidth={150}
        />
      )}
      {report.items.length > 0 && (
        <CategoryBarChart
          caption="Minutes per unit, actual against standard, for the assemblies on this page"
          layout="rows"
          bars={report.items.map((a) => ({
            key: a.assemblyId,
            label: a.partNumber,
            longLabel: `${a.partNumber} · ${a.name}`,
            values: {
              actual: num(a.actualMinutesPerUnit) ?? 0,
              standard: num(a.standardMinutesPerUnit) ?? 0,
            },
          }))}
          series={[
            { name: 'actual', label: 'Actual', color: 'orange.7' },
            { name: 'standard', label: 'Standard', color: 'gray.7' },
          ]}
          tableLabel="Minutes per unit by assembly"
          categoryHeader="Assembly"
          labelWidth={110}
        />
      )}
    </SimpleGrid>
  );
}
