// One job in the Job Cost Report (?job=<id>&from=&to=): its figures over the period in the shared PageHeader, its cost
// so far against its budget per day or week (a line each), and what is behind the figures — by person and by work
// order, down to the time entries and ledger lines — in tabs of server-paged lists.
import { Alert, Badge, Container, Group, Select, Stack, Tabs } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { JOB_STATUS_LABELS, jobNumberText } from '#common/schemas/jobs.ts';
import { TrendChart } from '../../components/charts/trend-chart.tsx';
import { DateRangeField, type TDateRange } from '../../components/date-range-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { getJobCost, jobCostKey, type TDrillKind } from './api.ts';
import { DrillTab, type TDrillFilter } from './job-cost-drill.tsx';
import { JobCostTotals } from './job-cost-totals.tsx';
import { overBudgetWords } from './job-rows.tsx';

type TGranularity = 'day' | 'week';

/**
 * The filter a tab shows: entries are narrowed to a person or a work order, ledger lines only to a work order (a
 * person has none: the lines tab said "Of Ada Admin" above every line of the job).
 */
function narrowed(kind: TDrillKind, filter: TDrillFilter): TDrillFilter {
  if (kind === 'entries') return filter;
  return kind === 'lines' && filter.workOrderId ? filter : {};
}
const GRANULARITIES = [
  { value: 'week', label: 'Weeks' },
  { value: 'day', label: 'Days' },
];

export function JobCostJobPage({ jobId, period }: { jobId: string; period: TDateRange }) {
  const navigate = useNavigate();
  const [granularity, setGranularity] = useState<TGranularity>('week');
  const [tab, setTab] = useState<string>('people');
  const [filter, setFilter] = useState<TDrillFilter>({});
  const chosen = Boolean(period.from && period.to);
  const job = useQuery({
    queryKey: jobCostKey('job', jobId, period, granularity),
    queryFn: ({ signal }) => getJobCost(jobId, period, granularity, signal),
    placeholderData: keepPreviousData,
    enabled: chosen,
  });
  const setPeriod = (next: TDateRange) =>
    navigate(`/job-cost-report?${new URLSearchParams({ job: jobId, from: next.from, to: next.to })}`, {
      replace: true,
    });
  const refusal = job.error instanceof ApiError ? job.error.fieldErrors : undefined;
  const data = job.isError ? undefined : job.data;
  const open = (next: string, drill: TDrillFilter) => {
    setFilter(drill);
    setTab(next);
  };
  return (
    <Container size="xl" py="lg">
      <Stack>
        <PageHeader
          title={data ? jobNumberText(data.job.number) : 'Job cost'}
          badges={
            data ? (
              <>
                <Badge variant="light" color="gray">
                  {JOB_STATUS_LABELS[data.job.status]}
                </Badge>
                {overBudgetWords(data.job) ? (
                  <Badge variant="light" color="red">
                    {overBudgetWords(data.job)}
                  </Badge>
                ) : null}
              </>
            ) : null
          }
          subtitle={data ? data.job.name : undefined}
          back="All jobs"
        >
          {data?.job.customer ? data.job.customer : null}
        </PageHeader>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <DateRangeField
            label="Period"
            value={period}
            onChange={setPeriod}
            error={refusal?.from ?? refusal?.to}
            w={{ base: '100%', xs: 250 }}
          />
          <Select
            label="Chart by"
            data={GRANULARITIES}
            value={granularity}
            allowDeselect={false}
            onChange={(next) => next && setGranularity(next as TGranularity)}
            w={{ base: '100%', xs: 160 }}
          />
        </Group>
        {!chosen ? <Alert color="blue">Pick the first and last days of the period.</Alert> : null}
        <QueryStatus
          query={job}
          errorTitle="The job’s cost could not be read"
          loadingLabel="Reading the job’s cost"
        />
        {data ? (
          <>
            <JobCostTotals totals={data.job} what="on this job" />
            <TrendChart
              caption={`Cost so far against the budget, by ${granularity}, from ${data.from} to ${data.to} (what came before the period included)`}
              tableLabel="Cost so far per period"
              time="day"
              points={data.series.map((p) => ({
                at: p.start,
                values: {
                  cost: Number(p.cumulativeCost),
                  ...(data.job.budgetCost === null ? {} : { budget: Number(data.job.budgetCost) }),
                },
              }))}
              series={[
                { name: 'cost', label: 'Cost so far', color: 'blue.7' },
                ...(data.job.budgetCost === null
                  ? []
                  : [{ name: 'budget', label: 'Budget', color: 'red.7' }]),
              ]}
            />
            <Tabs value={tab} onChange={(next) => next && setTab(next)} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="people">People</Tabs.Tab>
                <Tabs.Tab value="work-orders">Work orders</Tabs.Tab>
                <Tabs.Tab value="entries">Time entries</Tabs.Tab>
                <Tabs.Tab value="lines">Ledger lines</Tabs.Tab>
              </Tabs.List>
              {(['people', 'work-orders', 'entries', 'lines'] as const).map((kind) => (
                <Tabs.Panel key={kind} value={kind} pt="md">
                  <DrillTab
                    kind={kind}
                    jobId={jobId}
                    period={period}
                    filter={narrowed(kind, filter)}
                    onClear={() => setFilter({})}
                    onOpen={open}
                  />
                </Tabs.Panel>
              ))}
            </Tabs>
          </>
        ) : null}
      </Stack>
    </Container>
  );
}
