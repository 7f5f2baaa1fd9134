// The entries of the Maintenance Logs under the figures: its own server-paged list, begun again at page 1 whenever the
// screen's filters change (the page remounts it under a new key), with the CSV of every entry of those filters.
import { Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TMaintenanceLogFilter, TMaintenanceLogQuery } from '#common/schemas/maintenance-logs.ts';
import { DataList } from '../../components/data-list/data-list.tsx';
import { useListState } from '../../components/data-list/use-list-state.ts';
import { downloadLogsCsv, listLogEntries, logEntriesKey } from './api.ts';
import { ENTRY_COLUMNS, EntryCard } from './entry-rows.tsx';

const PAGE_SIZE = 25;
const EMPTY =
  'Nothing was done in this period. PMs count on the day they were completed (PM Calendar → Complete), ' +
  'repairs on the day they were resolved (Unscheduled Maintenance → Resolve): choose another period or machine.';

export function LogEntries({ filter }: { filter: TMaintenanceLogFilter }) {
  const list = useListState({ pageSize: PAGE_SIZE });
  const query: TMaintenanceLogQuery = { ...filter, page: list.page, pageSize: PAGE_SIZE };
  const entries = useQuery({
    queryKey: logEntriesKey(query),
    queryFn: ({ signal }) => listLogEntries(query, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="log-entries-title">
      <Title order={2} fz="lg" id="log-entries-title" mb="sm">
        Work done
      </Title>
      <DataList
        query={entries}
        columns={ENTRY_COLUMNS}
        rowKey={(row) => `${row.kind}:${row.id}`}
        label="Work done"
        paging={list}
        pagesLabel="Pages of work done"
        errorTitle="The work done could not be read"
        loadingLabel="Reading the work done"
        summary={{ noun: 'entry', plural: 'entries', empty: EMPTY }}
        card={(row) => <EntryCard row={row} />}
        minWidth={960}
        exportCsv={() => downloadLogsCsv(filter)}
      />
    </section>
  );
}
