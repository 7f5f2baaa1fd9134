// /maintenance/pm-calendar (decision 059): everyone's view of the company's preventive work — a month or a week of
// company days (Monday first), each day's work as chips coloured and named by state, a legend, filters, an agenda
// list on a phone, the details of a chosen piece of work, and the user's calendar feed. "Today" is the server's (the
// app clock in the company's zone), so the screen agrees with due dates and reminders. Open work is completed from
// its details with the shared dialog (checklist, time, reading, parts used). `?machine=<id>` opens the calendar on
// one machine; `?machine=<id>&start=due` (a machine label's "Start due maintenance", decision 060 and issue 29) opens
// the Complete dialog of its most urgent due work at once (start-due.tsx).
import { Container, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TCalendarEntry } from '#common/schemas/maintenance-calendar.ts';
import { ErrorAlert } from '../../components/error-alert.tsx';
import type { TMachineOption } from '../../components/machine-select.tsx';
import { CompleteOccurrenceDialog } from '../../components/maintenance/complete-occurrence-dialog.tsx';
import { QueryStatus } from '../../components/query-status.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { AgendaList } from './agenda-list.tsx';
import { getCalendar, pmCalendarKeys, type TCalendarDayRequest } from './api.ts';
import { CalendarGrid, CHIPS_PER_DAY } from './calendar-grid.tsx';
import { CalendarLegend } from './calendar-legend.tsx';
import { rangeOf, shiftAnchor, type TCalendarView } from './calendar-range.ts';
import { CalendarToolbar } from './calendar-toolbar.tsx';
import { monthTitle, shortDay } from './day-format.ts';
import { DayPanel } from './day-panel.tsx';
import { EntryDetails } from './entry-details.tsx';
import { FeedPanel } from './feed-panel.tsx';
import { NothingDue, useStartDue } from './start-due.tsx';

export default function PmCalendarPage() {
  const clock = useCompanyClock();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [view, setView] = useState<TCalendarView>('month');
  // null: follow today. The browser's today until the server answers with the app clock's.
  const [anchor, setAnchor] = useState<string | null>(null);
  const [serverToday, setServerToday] = useState<string | null>(null);
  const [params] = useSearchParams();
  // ?machine=<id> (a scanned label's "Start due maintenance"): the filter names it from the server.
  const [machine, setMachine] = useState<TMachineOption | null>(() => {
    const preset = params.get('machine');
    return preset ? { value: preset, label: '' } : null;
  });
  const machineId = machine?.value ?? null;
  const [completing, setCompleting] = useState<{ id: string; title: string } | null>(null);
  const nothingDue = useStartDue(machineId, setCompleting);
  const client = useQueryClient();
  const [mine, setMine] = useState(false);
  const [chosen, setChosen] = useState<TCalendarEntry | null>(null);
  const [day, setDay] = useState<TCalendarDayRequest | null>(null);
  const today = serverToday ?? clock.today();
  const at = anchor ?? today;
  const range = rangeOf(view, at);
  const request = { ...range, machineId, mine, perDay: CHIPS_PER_DAY[phone ? 'agenda' : view] };
  const showDay = (date: string) => setDay({ date, machineId, mine, page: 1 });
  const calendar = useQuery({
    queryKey: pmCalendarKeys.range(request),
    queryFn: ({ signal }) => getCalendar(request, signal),
    placeholderData: keepPreviousData,
  });
  const answeredToday = calendar.data?.today;
  useEffect(() => {
    if (answeredToday) setServerToday(answeredToday);
  }, [answeredToday]);

  const title =
    view === 'month' ? monthTitle(at) : `Week of ${shortDay(range.from)} to ${shortDay(range.to)}`;
  const data = calendar.data;
  const empty = data ? data.days.every((d) => d.total === 0) : false;
  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Title order={1}>PM calendar</Title>
        <CalendarToolbar
          view={view}
          title={title}
          machine={machine}
          mine={mine}
          onView={setView}
          onShift={(by) => setAnchor(shiftAnchor(view, at, by))}
          onToday={() => setAnchor(null)}
          onMachine={setMachine}
          onMine={setMine}
        />
        {nothingDue ? <NothingDue due={nothingDue} /> : null}
        <CalendarLegend />
        {!data ? (
          <QueryStatus
            query={calendar}
            errorTitle="The PM calendar could not be loaded"
            loadingLabel="Loading the PM calendar"
          />
        ) : (
          <>
            {calendar.isError ? (
              <ErrorAlert title="The PM calendar could not be refreshed">
                {calendar.error.message} It shows what was loaded before.
              </ErrorAlert>
            ) : null}
            {empty ? (
              <Text size="sm" c="dimmed">
                No preventive work {view === 'month' ? 'in these weeks' : 'this week'}
                {machineId || mine ? ' for these filters' : ''}. Plans add their work here as they fall due.
              </Text>
            ) : null}
            {phone ? (
              <AgendaList days={data.days} today={data.today} onOpen={setChosen} onShowDay={showDay} />
            ) : (
              <CalendarGrid
                view={view}
                days={data.days}
                anchor={at}
                today={data.today}
                title={title}
                onOpen={setChosen}
                onShowDay={showDay}
              />
            )}
          </>
        )}
        <FeedPanel />
      </Stack>
      <DayPanel
        request={day}
        hidden={chosen !== null || completing !== null}
        onPage={(page) => setDay((d) => (d ? { ...d, page } : d))}
        onOpen={setChosen}
        onClose={() => setDay(null)}
      />
      <EntryDetails
        entry={chosen}
        onClose={() => setChosen(null)}
        onComplete={(id, title) => {
          setChosen(null);
          setCompleting({ id, title });
        }}
      />
      <CompleteOccurrenceDialog
        occurrenceId={completing?.id ?? null}
        title={completing?.title ?? ''}
        onClose={() => setCompleting(null)}
        onCompleted={async () => {
          setCompleting(null);
          // The calendar, the plans and the logs all show it; the stock the parts came from changed too.
          await client.invalidateQueries({ queryKey: ['maintenance'] });
          await client.invalidateQueries({ queryKey: pmCalendarKeys.all });
          await client.invalidateQueries({ queryKey: ['stock'] });
        }}
      />
    </Container>
  );
}
