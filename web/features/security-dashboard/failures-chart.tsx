// Failed and rate-limited sign-ins per hour or UTC day, as a stacked bar chart (@mantine/charts, decision 020),
// with the same numbers as a table for screen readers and keyboard users.
import { BarChart } from '@mantine/charts';
import { Box, Table, Text } from '@mantine/core';
import type { TSecurityOverview } from '#common/schemas/security-dashboard.ts';
import { formatBucket } from './range.ts';

const SERIES = [
  { name: 'failed', label: 'Failed sign-ins', color: 'red.7' },
  { name: 'rateLimited', label: 'Rate limited', color: 'orange.5' },
];

export function FailuresChart({ overview }: { overview: TSecurityOverview }) {
  const { bucket, series } = overview;
  const data = series.map((point) => ({ ...point, label: formatBucket(point.at, bucket) }));
  const total = series.reduce((sum, p) => sum + p.failed + p.rateLimited, 0);
  const unit = bucket === 'hour' ? 'hour' : 'day (UTC)';
  const summary =
    total === 0
      ? `No failed or rate-limited sign-ins in this range (per ${unit}).`
      : `Failed and rate-limited sign-ins per ${unit}: ${overview.counts.signInsFailed} failed, ${overview.counts.rateLimited} rate limited in all.`;

  return (
    <Box component="figure" m={0}>
      <Text component="figcaption" size="sm" c="dimmed" mb="xs" id="failures-chart-caption">
        {summary}
      </Text>
      <Box aria-hidden>
        <BarChart
          h={240}
          data={data}
          dataKey="label"
          type="stacked"
          series={SERIES}
          withLegend
          tickLine="y"
          gridAxis="y"
          xAxisProps={{ minTickGap: 16 }}
          yAxisProps={{ width: 36, allowDecimals: false }}
          tooltipAnimationDuration={0}
          accessibilityLayer={false}
        />
      </Box>
      <details>
        <summary>
          <Text component="span" size="sm">
            Show the numbers as a table
          </Text>
        </summary>
        <Box mah={320} style={{ overflow: 'auto' }} tabIndex={0} aria-label="Sign-in failures per bucket">
          <Table striped withTableBorder aria-describedby="failures-chart-caption">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{bucket === 'hour' ? 'Hour' : 'Day (UTC)'}</Table.Th>
                <Table.Th scope="col">Failed</Table.Th>
                <Table.Th scope="col">Rate limited</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {series.map((point) => (
                <Table.Tr key={point.at}>
                  <Table.Td>{formatBucket(point.at, bucket, true)}</Table.Td>
                  <Table.Td>{point.failed}</Table.Td>
                  <Table.Td>{point.rateLimited}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </details>
    </Box>
  );
}
