// Maintenance Logs (/maintenance/logs, issue 22): every completed PM and finished repair in a period of the company's
// days, with MTBF, MTTR, availability and PM compliance (REFERENCES.md) for the shop or one machine, charted per
// month, per machine in a server-paged table, and the entries themselves with their CSV. Choosing a machine (the
// filter, or "Show" on its row) gives that machine's figures, charts and entries.
import { Select, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TLogKind,
  TMaintenanceLogFilter,
  TMaintenanceReport,
  TMaintenanceReportQuery,
} from '#common/schemas/maintenance-logs.ts';
import { addMonths, startOfMonth } from '#common/time/calendar.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { useListState } from '../../components/data-list/use-list-state.ts';
import type { TDateRange } from '../../components/date-range-field.tsx';
import { MachineSelect, machineOption, type TMachineOption } from '../../components/machine-select.tsx';
import { ReportPage, useReportQuery } from '../../components/report-page.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { getMaintenanceReport, maintenanceReportKey } from './api.ts';
import { LogCharts, LogFigures } from './figures.tsx';
import { LogEntries } from './log-entries.tsx';
import { MachineCard, machineColumns } from './machine-rows.tsx';

const PAGE_SIZE = 25;

const KINDS: { value: TLogKind | 'all'; label: string }[] = [
  { value: 'all', label: 'All work' },
  { value: 'pm', label: 'Preventive (PMs)' },
  { value: 'repair', label: 'Repairs' },
];

/** Where the server's refusals show: "from" and "to" are both the period's. */
const FILTER_ERRORS = { fields: ['period', 'machineId', 'kind'], paths: { from: 'period', to: 'period' } };

const EMPTY =
  'No machines yet, so there is nothing to report. An admin adds them under Machines; their PMs and repairs ' +
  'then show here.';

interface TFilters {
  period: TDateRange;
  machine: TMachineOption | null;
  kind: TLogKind | 'all';
}

export default function MaintenanceLogsPage() {
  const today = useCompanyClock().today();
  const list = useListState<TFilters>({
    pageSize: PAGE_SIZE,
    filters: { period: { from: startOfMonth(addMonths(today, -5)), to: today }, machine: null, kind: 'all' },
  });
  const { period, machine, kind } = list.filters;
  const machineId = machine?.value;
  const query: TMaintenanceReportQuery = {
    from: period.from,
    to: period.to,
    ...(machineId ? { machineId } : {}),
    page: list.page,
    pageSize: PAGE_SIZE,
  };
  const entryFilter: TMaintenanceLogFilter = {
    from: period.from,
    to: period.to,
    ...(machineId ? { machineId } : {}),
    ...(kind !== 'all' ? { kind } : {}),
  };
  const ready = Boolean(period.from && period.to);
  const report = useQuery({
    queryKey: maintenanceReportKey(query),
    queryFn: ({ signal }) => getMaintenanceReport(query, signal),
    placeholderData: keepPreviousData,
    enabled: ready,
  });
  const shown = useReportQuery(report, FILTER_ERRORS);
  const { errors } = shown;
  const choose = (row: { machine: { id: string; name: string; assetTag: string } }) =>
    list.setFilter('machine', machineOption(row.machine));
  const subject = machine ? machine.label : 'all machines';

  return (
    <ReportPage
      title="Maintenance Logs"
      intro={
        <>
          Every PM completed and every repair finished, with how reliable the machines were: mean time between
          failures (MTBF), mean time to repair (MTTR), availability, and the share of PMs done on time. Days
          are the company’s.
        </>
      }
      period={period}
      onPeriodChange={(next) => list.setFilter('period', next)}
      periodError={errors.period}
      choosePeriod="Pick the first and last days of the period to see its logs."
      filters={
        <>
          <MachineSelect
            filter
            value={machine}
            onChange={(next) => list.setFilter('machine', next)}
            error={errors.machineId}
            w={{ base: '100%', xs: 260 }}
          />
          <Select
            label="Work"
            data={KINDS}
            value={kind}
            allowDeselect={false}
            onChange={(next) => next && list.setFilter('kind', next as TFilters['kind'])}
            w={{ base: '100%', xs: 200 }}
          />
        </>
      }
      report={shown}
      errorTitle="The logs could not be read"
      loadingLabel="Reading the logs"
      after={<LogEntries key={JSON.stringify(entryFilter)} filter={entryFilter} />}
    >
      {(data: TMaintenanceReport) => (
        <DataList
          query={shown.shown}
          showStatus={false}
          columns={machineColumns(choose)}
          rowKey={(row) => row.machine.id}
          label="Figures by machine"
          paging={list}
          pagesLabel="Pages of machines"
          errorTitle="The logs could not be read"
          loadingLabel="Reading the logs"
          summary={{ noun: 'machine', plural: 'machines', empty: EMPTY }}
          beforeSummary={() => (
            <Stack gap="lg">
              <Title order={2} fz="lg">
                {machine ? machine.label : 'All machines'}
              </Title>
              <LogFigures figures={data.totals} />
              <LogCharts report={data} subject={subject} />
            </Stack>
          )}
          card={(row) => <MachineCard row={row} choose={choose} />}
          minWidth={900}
          tableProps={{ highlightOnHover: false }}
        />
      )}
    </ReportPage>
  );
}
