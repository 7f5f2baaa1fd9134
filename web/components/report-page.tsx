// The period page every report is (STYLE.md, "Do not copy": the production report and the maintenance logs each
// built it): the title and what the report says, the period in the company's days with the report's own filters
// (by day or week, an assembly, a machine…) and "Export CSV" in one wrapping row, "Choose a period" while there is
// none, the report's spinner or failure, and then what the report shows of its answer (figures, charts, tables).
// A refusal of the filters (a bad period, an unknown machine) lands under the filter it names instead, and the answer
// of the previous choice is not shown as if it were this one's: `useReportQuery` makes both of a query.
import { Alert, Container, Group, type MantineSize, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { placeErrors, type TErrorPlaces } from '../lib/form-errors.ts';
import { ExportCsvButton } from './data-list/export-csv-button.tsx';
import { DateRangeField, type TDateRange } from './date-range-field.tsx';
import { QueryStatus } from './query-status.tsx';

/** The part of a TanStack Query result a report reads. */
export interface TReportQuery<TData> {
  data: TData | undefined;
  isError: boolean;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A report's query as the page shows it: no data while it failed, and the failure's messages by filter. */
export interface TShownReport<TData> {
  /** The query with `data` left out while it failed (pass it to a DataList of the report's rows). */
  shown: TReportQuery<TData>;
  /** The server's refusal by filter ("period", "machineId"…); empty when it did not refuse the filters. */
  errors: Record<string, string>;
  hasErrors: boolean;
}

/**
 * Where a report's refusals land: `places` names the page's filters and maps body paths onto them (e.g. "from" and
 * "to" onto "period").
 */
export function useReportQuery<TData>(query: TReportQuery<TData>, places: TErrorPlaces): TShownReport<TData> {
  const errors = query.error instanceof ApiError ? placeErrors(query.error.fieldErrors, places) : {};
  return {
    shown: { ...query, data: query.isError ? undefined : query.data },
    errors,
    hasErrors: Object.keys(errors).length > 0,
  };
}

export interface TReportPageProps<TData> {
  title: string;
  /** What the report says and how it counts (one paragraph). */
  intro: ReactNode;
  container?: MantineSize;
  period: TDateRange;
  onPeriodChange: (period: TDateRange) => void;
  /** The period's refusal, from `useReportQuery`'s errors. */
  periodError?: string | undefined;
  /** Said while no period is chosen: "Pick the first and last days of the period to see its …". */
  choosePeriod: string;
  /** The report's other filters, after the period in the same row. */
  filters?: ReactNode;
  /** Downloads the report as the screen shows it; present, it adds "Export CSV" beside the filters. */
  exportCsv?: (() => Promise<unknown>) | undefined;
  /** The report's query (`useReportQuery(...).shown`) and its status words. */
  report: TShownReport<TData>;
  errorTitle: string;
  loadingLabel: string;
  /** What the page shows of the answer: figures, charts, tables (each table a DataList or ChartTable). */
  children: (data: TData) => ReactNode;
  /** Below the answer, shown once a period is chosen and the filters are not refused (e.g. a list of entries). */
  after?: ReactNode;
}

export function ReportPage<TData>(props: TReportPageProps<TData>) {
  const { period, report } = props;
  const chosen = Boolean(period.from && period.to);
  const data = report.shown.data;
  return (
    <Container size={props.container ?? 'xl'} py="lg">
      <Stack>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {props.title}
        </Title>
        <Text c="dimmed" maw={760}>
          {props.intro}
        </Text>
        {!period.from && (
          <Alert color="blue" title="Choose a period">
            {props.choosePeriod}
          </Alert>
        )}
        <Stack>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            {/* May shrink to the screen's width, so a wide control fits a phone instead of widening the page. */}
            <Group align="flex-end" wrap="wrap" gap="sm" miw={0} maw="100%">
              <DateRangeField
                label="Period"
                value={period}
                onChange={props.onPeriodChange}
                error={props.periodError}
                w={{ base: '100%', xs: 250 }}
              />
              {props.filters}
            </Group>
            {props.exportCsv && chosen ? <ExportCsvButton onExport={props.exportCsv} /> : null}
          </Group>
          {report.hasErrors ? null : (
            <QueryStatus
              query={report.shown}
              errorTitle={props.errorTitle}
              loadingLabel={props.loadingLabel}
            />
          )}
          {data === undefined ? null : props.children(data)}
        </Stack>
        {chosen && !report.hasErrors ? props.after : null}
      </Stack>
    </Container>
  );
}
