// The Maintenance Logs' figures: MTBF, MTTR, availability and PM compliance of the period (the shop, or the chosen
// machine) as four cards, and per month as charts with their tables (the chart kit, decision 040). Numbers are
// written as the API sends them, so the screen and the CSV read the same.
import { SimpleGrid } from '@mantine/core';
import type { TMaintenanceFigures, TMaintenanceReport } from '#common/schemas/maintenance-logs.ts';
import { TrendChart } from '../../components/charts/trend-chart.tsx';
import { FigureCard } from '../../components/figure-card.tsx';

/** Hours as the report writes them, "—" when there is nothing to divide by. */
export const hours = (value: string | null) => (value === null ? '—' : `${value} h`);
export const percent = (value: string | null) => (value === null ? '—' : `${value}%`);
/** "3 of 4 (75.0%)", or "none due". */
export const complianceText = (f: TMaintenanceFigures) =>
  f.pmsDue === 0 ? 'none due' : `${f.pmsOnTime} of ${f.pmsDue} (${percent(f.compliancePercent)})`;

export function LogFigures({ figures }: { figures: TMaintenanceFigures }) {
  const f = figures;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <FigureCard
        label="MTBF"
        value={hours(f.mtbfHours)}
        detail={`${hours(f.operatingHours)} operating over ${f.failures} ${f.failures === 1 ? 'failure' : 'failures'}`}
      />
      <FigureCard
        label="MTTR"
        value={hours(f.mttrHours)}
        detail={`${f.repairs} ${f.repairs === 1 ? 'repair' : 'repairs'} finished`}
      />
      <FigureCard
        label="Availability"
        value={percent(f.availabilityPercent)}
        // Which time it uses (decision 067): with failures and finished repairs it is MTBF ÷ (MTBF + MTTR), the
        // repair time only, while the hours down count every stop; without, it is the share of time running.
        detail={
          f.failures > 0 && f.repairs > 0
            ? `From MTBF and MTTR (repair time); ${hours(f.downtimeHours)} down in all stops`
            : `Share of time running; ${hours(f.downtimeHours)} down`
        }
      />
      <FigureCard
        label="PM compliance"
        value={percent(f.compliancePercent)}
        detail={
          f.pmsDue === 0 ? `No PM fell due; ${f.pmsDone} done` : `${f.pmsOnTime} of ${f.pmsDue} due on time`
        }
      />
    </SimpleGrid>
  );
}

const num = (text: string | null) => (text === null ? null : Number(text));

/** Per month: availability and compliance as percentages, and the hours down. */
export function LogCharts({ report, subject }: { report: TMaintenanceReport; subject: string }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <TrendChart
        caption={`Availability and PM compliance per month, ${subject}`}
        tableLabel="Availability and compliance per month"
        time="month"
        points={report.months.map((m) => ({
          at: m.month,
          values: { availability: num(m.availabilityPercent), compliance: num(m.compliancePercent) },
        }))}
        series={[
          { name: 'availability', label: 'Availability (%)', color: 'blue.7' },
          { name: 'compliance', label: 'PM compliance (%)', color: 'teal.7' },
        ]}
      />
      <TrendChart
        caption={`Hours down and failures per month, ${subject}`}
        tableLabel="Downtime and failures per month"
        time="month"
        points={report.months.map((m) => ({
          at: m.month,
          values: { downtime: Number(m.downtimeHours), failures: m.failures },
        }))}
        series={[
          { name: 'downtime', label: 'Hours down', color: 'red.7' },
          { name: 'failures', label: 'Failures', color: 'orange.7' },
        ]}
      />
    </SimpleGrid>
  );
}
