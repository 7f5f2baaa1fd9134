// The Production Report (/build/production-report, decision 052): the work orders completed in a period of the
// company's days — output per day or week, on time against their due dates, scrap rate, and actual against standard
// minutes per unit — in total, charted, and per assembly in a server-paged table, with the CSV of the same numbers.
// "This month" is the company's month (decision 040), and every filter goes to the server.
import { Select, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TProductionGranularity,
  TProductionReport,
  TProductionReportFilter,
  TProductionReportQuery,
} from '#common/schemas/production-report.ts';
import { startOfMonth } from '#common/time/calendar.ts';
import { AssemblySelect, type TAssemblyOption } from '../../components/assembly-picker.tsx';
import { DataList } from '../../components/data-list/data-list.tsx';
import { useListState } from '../../components/data-list/use-list-state.ts';
import type { TDateRange } from '../../components/date-range-field.tsx';
import { ReportPage, useReportQuery } from '../../components/report-page.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { downloadProductionReportCsv, getProductionReport, productionReportKey } from './api.ts';
import { ASSEMBLY_COLUMNS, AssemblyCard } from './assembly-rows.tsx';
import { ReportCharts, ReportFigures } from './report-charts.tsx';

const PAGE_SIZE = 25;

const GRANULARITIES: { value: TProductionGranularity; label: string }[] = [
  { value: 'day', label: 'Days' },
  { value: 'week', label: 'Weeks (Monday to Sunday)' },
];

/** Where the server's refusals show: "from" and "to" are both the period's. */
const FILTER_ERRORS = {
  fields: ['period', 'assemblyId', 'granularity'],
  paths: { from: 'period', to: 'period' },
};

/** What fills the report, said when a period has nothing in it. */
const EMPTY =
  'No work orders were completed in this period. The report counts work orders completed on the shop floor ' +
  '(Work Orders → Run on the floor → Complete), each on the day it was completed: choose an earlier period or ' +
  'another assembly, or complete a work order.';

interface TFilters {
  period: TDateRange;
  assembly: TAssemblyOption | null;
  granularity: TProductionGranularity;
}

export default function ProductionReportPage() {
  const today = useCompanyClock().today();
  const list = useListState<TFilters>({
    pageSize: PAGE_SIZE,
    filters: { period: { from: startOfMonth(today), to: today }, assembly: null, granularity: 'day' },
  });
  const { period, assembly, granularity } = list.filters;
  const filter: TProductionReportFilter = {
    from: period.from,
    to: period.to,
    granularity,
    ...(assembly ? { assemblyId: assembly.value } : {}),
  };
  const query: TProductionReportQuery = { ...filter, page: list.page, pageSize: PAGE_SIZE };
  const report = useQuery({
    queryKey: productionReportKey(query),
    queryFn: ({ signal }) => getProductionReport(query, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(period.from && period.to),
  });
  const shown = useReportQuery(report, FILTER_ERRORS);
  const { errors } = shown;

  return (
    <ReportPage
      title="Production Report"
      intro={
        <>
          What the floor completed in a period: output per day or week, work orders finished on time against
          their due dates, the scrap rate, the minutes each unit took against the assemblies’ standard, and
          the material used against plan. Days are the company’s; each work order counts on the day it was
          completed.
        </>
      }
      period={period}
      onPeriodChange={(next) => list.setFilter('period', next)}
      periodError={errors.period}
      choosePeriod="Pick the first and last days of the period to see its report."
      filters={
        <>
          <AssemblySelect
            filter
            label="Assembly"
            value={assembly}
            onChange={(next) => list.setFilter('assembly', next)}
            error={errors.assemblyId}
            w={{ base: '100%', xs: 260 }}
          />
          <Select
            label="Periods"
            data={GRANULARITIES}
            value={granularity}
            allowDeselect={false}
            onChange={(next) => next && list.setFilter('granularity', next as TProductionGranularity)}
            error={errors.granularity}
            w={{ base: '100%', xs: 230 }}
          />
        </>
      }
      exportCsv={() => downloadProductionReportCsv(filter)}
      report={shown}
      errorTitle="The report could not be made"
      loadingLabel="Making the report"
    >
      {(data: TProductionReport) => (
        <DataList
          query={shown.shown}
          showStatus={false}
          columns={ASSEMBLY_COLUMNS}
          rowKey={(row) => row.assemblyId}
          label="Production by assembly"
          paging={list}
          pagesLabel="Pages of assemblies"
          errorTitle="The report could not be made"
          loadingLabel="Making the report"
          summary={{ noun: 'assembly built', plural: 'assemblies built', empty: EMPTY }}
          beforeSummary={() =>
            data.totals.completed > 0 ? (
              <Stack gap="lg">
                <ReportFigures report={data} />
                <ReportCharts report={data} />
              </Stack>
            ) : null
          }
          card={(row) => <AssemblyCard row={row} />}
          minWidth={960}
          tableProps={{ highlightOnHover: false }}
        />
      )}
    </ReportPage>
  );
}
