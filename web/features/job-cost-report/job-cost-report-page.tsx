// The Job Cost Report (/job-cost-report, decision 084; admins): per job over a period of the company's days, the labor
// at each time entry's own cost, the material issued to it and consumed by its work orders at ledger cost, the
// maintenance parts charged to it, and the total against its budget — sorted and paged on the server, with the CSV
// of the same cells. A job (?job=<id>) opens its page: its figures, its cost against budget over time, and the
// people, work orders, time entries and ledger lines behind them.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type {
  TJobCostFilter,
  TJobCostQuery,
  TJobCostReport,
  TJobCostSort,
} from '#common/schemas/job-cost.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { useListState } from '../../components/data-list/use-list-state.ts';
import type { TDateRange } from '../../components/date-range-field.tsx';
import { ReportPage, useReportQuery } from '../../components/report-page.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { downloadJobCostCsv, getJobCostReport, jobCostKey } from './api.ts';
import { JobCostJobPage } from './job-cost-job-page.tsx';
import { JobCostTotals } from './job-cost-totals.tsx';
import { JobCard, jobColumns, jobHref } from './job-rows.tsx';

const PAGE_SIZE = 25;
const FILTER_ERRORS = { fields: ['period', 'sort'], paths: { from: 'period', to: 'period' } };
const EMPTY =
  'No job was charged in this period and none is open. Jobs are made under Job Management; time clocked to a ' +
  'job, stock issued to it and what its work orders consume are its cost.';
const COLUMNS = jobColumns();

export default function JobCostReportPage() {
  const [params] = useSearchParams();
  const jobId = params.get('job');
  const today = useCompanyClock().today();
  const from = params.get('from') ?? `${today.slice(0, 4)}-01-01`;
  const to = params.get('to') ?? today;
  if (jobId) return <JobCostJobPage key={jobId} jobId={jobId} period={{ from, to }} />;
  return <JobCostList period={{ from, to }} />;
}

function JobCostList({ period: initial }: { period: TDateRange }) {
  const list = useListState<{ period: TDateRange }, TJobCostSort>({
    pageSize: PAGE_SIZE,
    filters: { period: initial },
    sort: { by: 'number', dir: 'desc' },
  });
  const { period } = list.filters;
  const filter: TJobCostFilter = {
    from: period.from,
    to: period.to,
    sort: list.sort.by,
    direction: list.sort.dir,
  };
  const query: TJobCostQuery = { ...filter, page: list.page, pageSize: PAGE_SIZE };
  const report = useQuery({
    queryKey: jobCostKey('list', query),
    queryFn: ({ signal }) => getJobCostReport(query, signal),
    placeholderData: keepPreviousData,
    enabled: Boolean(period.from && period.to),
  });
  const shown = useReportQuery(report, FILTER_ERRORS);
  return (
    <ReportPage
      title="Job Cost Report"
      intro={
        <>
          What each job cost in a period against its budget: labor hours at each time entry’s own rate (a rate
          changed later never re-prices them), material issued to the job and consumed by its work orders at
          ledger cost (a return to stock takes it off), and maintenance parts charged to it. Money in US
          dollars; days are the company’s. Open a job to see its people, work orders, entries and ledger
          lines.
        </>
      }
      period={period}
      onPeriodChange={(next) => list.setFilter('period', next)}
      periodError={shown.errors.period}
      choosePeriod="Pick the first and last days of the period to see what each job cost in it."
      exportCsv={() => downloadJobCostCsv(filter)}
      report={shown}
      errorTitle="The report could not be made"
      loadingLabel="Making the report"
    >
      {(data: TJobCostReport) => (
        <DataList
          query={shown.shown}
          showStatus={false}
          columns={COLUMNS}
          rowKey={(row) => row.jobId}
          rowHref={(row) => jobHref(row, period)}
          label="Cost per job"
          paging={list}
          pagesLabel="Pages of jobs"
          errorTitle="The report could not be made"
          loadingLabel="Making the report"
          summary={{ noun: 'job', plural: 'jobs', empty: EMPTY }}
          beforeSummary={() => <JobCostTotals totals={data.totals} />}
          card={(row) => <JobCard row={row} href={jobHref(row, period)} />}
          minWidth={1280}
          tableProps={{ highlightOnHover: true }}
        />
      )}
    </ReportPage>
  );
}
