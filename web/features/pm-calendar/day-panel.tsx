// All the work of one day (decision 062): what a cell's or an agenda day's "N more" opens. A shop with thousands of
// plans has hundreds of pieces of work on a busy day, so the day is read from the server a page at a time, in the
// calendar's order (most urgent first), with its counts by state on top. Choosing a piece of work opens its details;
// closing them comes back here on the same page.
import { Group, Modal, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PM_ENTRY_STATES, type TCalendarEntry } from '#common/schemas/maintenance-calendar.ts';
import { statusStyle } from '#common/statuses.ts';
import { ListPagination } from '../../components/list-pagination.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { DAY_PAGE_SIZE, getCalendarDay, pmCalendarKeys, type TCalendarDayRequest } from './api.ts';
import { dayTitle } from './day-format.ts';
import { EntryChip } from './entry-chip.tsx';

export function DayPanel({
  request,
  hidden,
  onPage,
  onOpen,
  onClose,
}: {
  /** The day, its filters and page; null: closed. */
  request: TCalendarDayRequest | null;
  /** Kept (with its page) but out of the way while a piece of work's details are open. */
  hidden: boolean;
  onPage: (page: number) => void;
  onOpen: (entry: TCalendarEntry) => void;
  onClose: () => void;
}) {
  const day = useQuery({
    queryKey: request ? pmCalendarKeys.day(request) : pmCalendarKeys.all,
    queryFn: ({ signal }) => getCalendarDay(request!, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
  const data = request && day.data?.date === request.date ? day.data : undefined;
  const title = request ? `Work on ${dayTitle(request.date)}` : '';
  return (
    <Modal opened={request !== null && !hidden} onClose={onClose} title={title} size="md">
      {!data ? (
        <QueryStatus query={day} errorTitle="The day could not be loaded" loadingLabel="Loading the day" />
      ) : (
        <Stack gap="sm">
          <Text size="sm" aria-live="polite">
            {data.total === 1 ? '1 piece of work' : `${data.total} pieces of work`}
            {PM_ENTRY_STATES.filter((s) => data.counts[s] > 0)
              .map((s) => `${data.counts[s]} ${statusStyle('pmWork', s).label.toLowerCase()}`)
              .join(', ')
              .replace(/^(.)/, ': $1')}
          </Text>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.items.map((entry) => (
              <li key={entry.key}>
                <EntryChip entry={entry} onOpen={onOpen} />
              </li>
            ))}
          </Stack>
          <Group justify="center">
            <ListPagination
              page={data.page}
              total={data.total}
              pageSize={DAY_PAGE_SIZE}
              onChange={onPage}
              label={`Pages of the work on ${dayTitle(data.date)}`}
            />
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
