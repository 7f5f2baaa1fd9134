// A measured check's control chart on the Quality dashboard (decision 074): pick a characteristic with readings in
// the period; its X̄ (or individuals) chart and R (or moving range) chart with their limits, the points that break a
// Western Electric rule named, Cp/Cpk/Pp/Ppk against the check's limits, and every point's inspection one link away
// (QC Instructions opens it). The table is the CSV's (common/quality/dashboard-tables.ts).
import { Alert, Anchor, Card, List, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { chartNumber, controlChartTable } from '#common/quality/dashboard-tables.ts';
import type { TControlChart, TQualityDashboard } from '#common/schemas/quality-dashboard.ts';
import { ControlChart } from '../../components/charts/control-chart.tsx';
import { ExportCsvButton } from '../../components/data-list/export-csv-button.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { downloadControlChartCsv, getControlChart, inspectionPath, qualityDashboardKeys } from './api.ts';

const NO_LIMITS = {
  'no-data': 'No readings of this check in the period.',
  'too-few-points':
    'Too few subgroups to work out control limits (at least 2 are needed): choose a longer period.',
} as const;

const index = (value: number | null) => (value === null ? 'No data' : value.toFixed(2));

function Capability({ chart }: { chart: TControlChart }) {
  const c = chart.capability;
  const limits = [chart.check.lowerLimit, chart.check.upperLimit].map((l) => l ?? 'none').join(' to ');
  return (
    <Card withBorder padding="sm" component="section" aria-label="Capability">
      <Text fw={600}>Capability against the limits {limits}</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
        {(
          [
            ['Cp', c.cp],
            ['Cpk', c.cpk],
            ['Pp', c.pp],
            ['Ppk', c.ppk],
          ] as const
        ).map(([name, value]) => (
          <div key={name}>
            <Text size="xs" c="dimmed">
              {name}
            </Text>
            <Text fw={700}>{index(value)}</Text>
          </div>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="xs">
        {c.count} readings, mean {c.mean === null ? 'none' : chartNumber(c.mean)}; σ within{' '}
        {c.sigmaWithin === null ? 'unknown' : chartNumber(c.sigmaWithin)} (from the chart, for Cp and Cpk), σ
        overall {c.sigmaOverall === null ? 'unknown' : chartNumber(c.sigmaOverall)} (for Pp and Ppk).
      </Text>
    </Card>
  );
}

/**
 * Which chart the rules were checked on, said plainly: the server checks the X̄ (or individuals) chart alone, so a
 * range above the R chart's limit is seen on that chart and never listed here (decision 074).
 */
export function rulesScopeOf(kind: TControlChart['kind']): string {
  return kind === 'xbar-r'
    ? 'Checked on the X̄ chart (the inspections’ means) only, not on the R chart: a range outside the R chart’s limits shows on that chart but is not listed here.'
    : 'Checked on the individuals chart (the readings) only, not on the moving range chart: a moving range outside its limits shows on that chart but is not listed here.';
}

function Breaks({ chart }: { chart: TControlChart }) {
  const broken = chart.points.filter((p) => p.rules.length > 0);
  return (
    <Stack gap={4} component="section" aria-label="Western Electric rule breaks">
      <Text fw={600}>Western Electric rules</Text>
      <Text size="sm" c="dimmed">
        {rulesScopeOf(chart.kind)}
      </Text>
      {broken.length === 0 ? (
        <Text size="sm">No point breaks a rule.</Text>
      ) : (
        <List size="sm" spacing={2}>
          {broken.map((p) => (
            <List.Item key={`${p.inspectionId}-${p.at}-${p.value}`}>
              <Anchor component={Link} to={inspectionPath(p.inspectionId)}>
                {p.inspectionNumber}
              </Anchor>{' '}
              ({chartNumber(p.value)}): {p.rules.join('; ')}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function Charts({ chart }: { chart: TControlChart }) {
  const xbar = chart.kind === 'xbar-r';
  const unit = chart.check.unit ? ` (${chart.check.unit})` : '';
  const text = controlChartTable(chart);
  const points = chart.points.map((p) => ({ at: p.inspectionNumber, value: p.value }));
  return (
    <Stack>
      {chart.subgroups > chart.points.length && xbar ? (
        <Text size="sm" c="dimmed">
          The latest {chart.points.length} of {chart.subgroups} inspections of the period.
        </Text>
      ) : null}
      {chart.leftOut > 0 ? (
        <Text size="sm" c="dimmed">
          {chart.leftOut} inspection(s) with another number of readings than {chart.subgroupSize} left out.
        </Text>
      ) : null}
      {chart.centre ? (
        <ControlChart
          caption={`${xbar ? `X̄ chart: the mean of each inspection’s ${chart.subgroupSize} readings` : 'Individuals chart: each reading'} of ${chart.check.name}${unit}`}
          tableLabel={`${chart.check.name}: ${xbar ? 'subgroup means' : 'readings'}`}
          points={points}
          limits={chart.centre}
          valueLabel={`${xbar ? 'Mean' : 'Reading'}${unit}`}
          valueFormatter={chartNumber}
        />
      ) : (
        <Alert color="blue">{NO_LIMITS[chart.noLimits ?? 'no-data']}</Alert>
      )}
      {chart.rangeLimits ? (
        <ControlChart
          caption={`${xbar ? 'R chart: the range of each inspection’s readings' : 'Moving range chart: the difference from the reading before'}${unit}`}
          tableLabel={`${chart.check.name}: ${xbar ? 'ranges' : 'moving ranges'}`}
          points={chart.points.map((p) => ({ at: p.inspectionNumber, value: p.range }))}
          limits={chart.rangeLimits}
          valueLabel={`${xbar ? 'Range' : 'Moving range'}${unit}`}
          valueFormatter={chartNumber}
        />
      ) : null}
      <Breaks chart={chart} />
      <Capability chart={chart} />
      <Text size="sm" c="dimmed">
        {text.rows.length} points, by inspection number; Export CSV gives each with its date and the rules it
        breaks.
      </Text>
    </Stack>
  );
}

export function ControlChartPanel({ dashboard }: { dashboard: TQualityDashboard }) {
  const options = dashboard.characteristics.map((c) => ({
    value: c.checkId,
    label: `${c.partNumber} · ${c.planName} v${c.versionNumber} · ${c.name} (${c.readings} readings)`,
  }));
  const [picked, setPicked] = useState<string | null>(null);
  const checkId = options.some((o) => o.value === picked) ? picked : (options[0]?.value ?? null);
  const query = {
    from: dashboard.from,
    to: dashboard.to,
    checkId: checkId ?? '',
    ...(dashboard.itemId ? { itemId: dashboard.itemId } : {}),
  };
  const chart = useQuery({
    queryKey: qualityDashboardKeys.controlChart(query),
    queryFn: ({ signal }) => getControlChart(query, signal),
    placeholderData: keepPreviousData,
    enabled: checkId !== null,
  });
  return (
    <Stack component="section" aria-labelledby="quality-control-chart">
      <Title order={2} fz="lg" id="quality-control-chart">
        Control chart of a measured check
      </Title>
      {options.length === 0 ? (
        <Text c="dimmed">
          No measured check has readings in this period. Measurements recorded in QC Instructions chart here.
        </Text>
      ) : (
        <>
          <Select
            label="Measured check"
            data={options}
            value={checkId}
            allowDeselect={false}
            onChange={setPicked}
            maw={560}
            w="100%"
          />
          <QueryStatus
            query={chart}
            errorTitle="The chart could not be made"
            loadingLabel="Making the chart"
          />
          {chart.data ? (
            <>
              <div>
                <ExportCsvButton onExport={() => downloadControlChartCsv(query)} />
              </div>
              <Charts chart={chart.data} />
            </>
          ) : null}
        </>
      )}
    </Stack>
  );
}
