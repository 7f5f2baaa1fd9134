// The Quality dashboard (/quality, decision 074) on the shared period page (ReportPage): the finished inspections
// and scrap of a period of the company's days, of all items or one — headline figures with what each was worked out
// from, the Pareto of defects by code, FPY and defects over time, defects per machine, the tables by item, step and
// machine (the worst first), RTY over the chosen item's steps, and a measured check's control chart. Every table has
// its CSV, written as the screen writes it.
import { Box, Select, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dashboardTable } from '#common/quality/dashboard-tables.ts';
import type {
  TQualityDashboard,
  TQualityDashboardQuery,
  TQualityGranularity,
  TQualityTable,
} from '#common/schemas/quality-dashboard.ts';
import { startOfMonth } from '#common/time/calendar.ts';
import type { TDateRange } from '../../components/date-range-field.tsx';
import { ItemSelect, type TItemOption } from '../../components/item-pickers.tsx';
import { ReportPage, useReportQuery } from '../../components/report-page.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { downloadQualityCsv, getQualityDashboard, qualityDashboardKeys } from './api.ts';
import { ControlChartPanel } from './control-chart-panel.tsx';
import { QualityCharts, QualityFigures } from './figures.tsx';
import { InspectionsBehind } from './inspections-behind.tsx';
import { ReportTable } from './report-table.tsx';

const GRANULARITIES: { value: TQualityGranularity; label: string }[] = [
  { value: 'day', label: 'Days' },
  { value: 'week', label: 'Weeks (Monday to Sunday)' },
];

const FILTER_ERRORS = {
  fields: ['period', 'itemId', 'granularity'],
  paths: { from: 'period', to: 'period' },
};

const EMPTY: Record<TQualityTable, string> = {
  pareto: 'No defect was found in this period: no failed inspection result and no scrap.',
  trend: 'No data.',
  items: 'No inspection was finished in this period.',
  steps: 'No step was inspected in this period.',
  machines: 'No inspection or scrap on a machine in this period.',
  rty: 'No step of this item was inspected in this period.',
};

function Tables({ dashboard, query }: { dashboard: TQualityDashboard; query: TQualityDashboardQuery }) {
  const tables: TQualityTable[] = [
    'pareto',
    'items',
    'steps',
    'machines',
    ...(dashboard.rty ? (['rty'] as const) : []),
    'trend',
  ];
  return (
    <>
      {tables.map((table) => (
        <ReportTable
          key={table}
          table={dashboardTable(dashboard, table)}
          empty={EMPTY[table]}
          exportCsv={() => downloadQualityCsv(query, table)}
          rowAction={
            table === 'items'
              ? {
                  header: 'Inspections',
                  cell: (index) => {
                    const row = dashboard.items[index]!;
                    return <InspectionsBehind itemId={row.itemId} partNumber={row.partNumber} />;
                  },
                }
              : undefined
          }
        />
      ))}
    </>
  );
}

export function QualityDashboardView() {
  const today = useCompanyClock().today();
  const [period, setPeriod] = useState<TDateRange>({ from: startOfMonth(today), to: today });
  const [item, setItem] = useState<TItemOption | null>(null);
  const [granularity, setGranularity] = useState<TQualityGranularity>('week');
  const query: TQualityDashboardQuery = {
    from: period.from,
    to: period.to,
    granularity,
    ...(item ? { itemId: item.value } : {}),
  };
  const dashboard = useQuery({
    queryKey: qualityDashboardKeys.dashboard(query),
    queryFn: ({ signal }) => getQualityDashboard(query, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(period.from && period.to),
  });
  const report = useReportQuery(dashboard, FILTER_ERRORS);
  return (
    <ReportPage
      title="Quality Dashboard"
      intro={
        <>
          What the inspections of a period found: first pass yield (units that passed their inspection first
          time), defects per unit and per million opportunities (each check and reading of a plan is one), the
          defect codes that matter most, and how a measured check behaves against its limits. Scrap recorded
          on the floor counts as defects under its code. Days are the company’s; an inspection counts on the
          day it was finished.
        </>
      }
      period={period}
      onPeriodChange={setPeriod}
      periodError={report.errors.period}
      choosePeriod="Pick the first and last days of the period to see its quality figures."
      filters={
        <>
          <Box w={{ base: '100%', xs: 280 }}>
            <ItemSelect
              label="Item"
              description={null}
              required={false}
              value={item}
              onChange={setItem}
              error={report.errors.itemId}
            />
          </Box>
          <Select
            label="Periods"
            data={GRANULARITIES}
            value={granularity}
            allowDeselect={false}
            onChange={(next) => next && setGranularity(next as TQualityGranularity)}
            error={report.errors.granularity}
            w={{ base: '100%', xs: 230 }}
          />
        </>
      }
      report={report}
      errorTitle="The dashboard could not be made"
      loadingLabel="Making the dashboard"
    >
      {(data) => (
        <Stack gap="xl">
          <QualityFigures dashboard={data} />
          <QualityCharts dashboard={data} />
          <Tables dashboard={data} query={query} />
          <ControlChartPanel key={`${data.from}-${data.to}-${data.itemId}`} dashboard={data} />
        </Stack>
      )}
    </ReportPage>
  );
}
