// Failed and rate-limited sign-ins per hour or UTC day, as a stacked bar chart (the chart kit's bar chart,
// decision 020), with the same numbers as a table for screen readers and keyboard users.
import type { TSecurityOverview } from '#common/schemas/security-dashboard.ts';
import { CategoryBarChart } from '../../components/charts/category-bar-chart.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { formatBucket } from './range.ts';

const SERIES = [
  { name: 'failed', label: 'Failed sign-ins', header: 'Failed', color: 'red.7' },
  { name: 'rateLimited', label: 'Rate limited', color: 'orange.5' },
];

export function FailuresChart({ overview }: { overview: TSecurityOverview }) {
  const clock = useCompanyClock();
  const { bucket, series } = overview;
  const total = series.reduce((sum, p) => sum + p.failed + p.rateLimited, 0);
  const unit = bucket === 'hour' ? 'hour' : 'day (UTC)';
  const summary =
    total === 0
      ? `No failed or rate-limited sign-ins in this range (per ${unit}).`
      : `Failed and rate-limited sign-ins per ${unit}: ${overview.counts.signInsFailed} failed, ${overview.counts.rateLimited} rate limited in all.`;

  return (
    <CategoryBarChart
      caption={summary}
      bars={series.map((point) => ({
        key: point.at,
        label: formatBucket(point.at, bucket, clock),
        longLabel: formatBucket(point.at, bucket, clock, true),
        values: { failed: point.failed, rateLimited: point.rateLimited },
      }))}
      series={SERIES}
      stacked
      integers
      tableLabel="Sign-in failures per bucket"
      categoryHeader={bucket === 'hour' ? 'Hour' : 'Day (UTC)'}
      disclosure="Show the numbers as a table"
    />
  );
}
