// A person's week (decision 082): Monday to Sunday in the company's zone as the server counts it (GET week API), the
// week's and each day's totals, the entries per day, Add time, and Edit and Delete with a reason. Admins pick whose
// week it is and approve it (asked once more), which locks it; an approved week shows who approved it and a lock on
// every entry, and admins can reopen it with a reason. A week still to come cannot be approved, nor an admin's own week
// while another admin is active (it says so instead of offering Approve).
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlus, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TTimeEntry } from '#common/schemas/time.ts';
import { startOfWeek } from '#common/time/calendar.ts';
import { QueryStatus } from '../../components/query-status.tsx';
import { useCompanyClock } from '../../lib/company-clock.tsx';
import { formatMoney } from '../../lib/format-money.ts';
import { getWeek, timeKeys } from './api.ts';
import { DeleteEntryDialog } from './delete-entry-dialog.tsx';
import { EntryDialog, type TEntryTarget } from './entry-dialog.tsx';
import { PersonSelect } from './person-select.tsx';
import { type TWeekAction, WeekApprovalDialog } from './week-approval-dialogs.tsx';
import { WeekDays } from './week-days.tsx';
import { hoursLabel, shiftWeek } from './week-grid.ts';

export interface TWeekChoice {
  /** null: one's own. */
  userId: string | null;
  /** Any day of the week; null: this week. */
  week: string | null;
}

export function WeekView({
  me,
  isAdmin,
  choice,
  onChoose,
}: {
  me: { id: string; name: string };
  isAdmin: boolean;
  choice: TWeekChoice;
  onChoose: (choice: TWeekChoice) => void;
}) {
  const clock = useCompanyClock();
  const [entryTarget, setEntryTarget] = useState<TEntryTarget | null>(null);
  const [deleting, setDeleting] = useState<TTimeEntry | null>(null);
  const week = useQuery({
    queryKey: timeKeys.week(choice.userId, choice.week),
    queryFn: ({ signal }) => getWeek(choice, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const [weekAction, setWeekAction] = useState<TWeekAction | null>(null);
  const data = week.data;
  const cacheKey = timeKeys.week(choice.userId, choice.week);
  // From the week chosen, not the one shown: while the next week loads the last one stays on screen, and a second
  // quick tap on Next week read it and chose the same week again.
  const chosenMonday = choice.week ? startOfWeek(choice.week) : data?.weekStart;
  const go = (weeks: number) => chosenMonday && onChoose({ ...choice, week: shiftWeek(chosenMonday, weeks) });
  const isOwn = data ? data.userId === me.id : true;

  return (
    <Stack gap="sm" component="section" aria-labelledby="week-title">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={2} size="h3" id="week-title">
          {data ? `Week of ${clock.calendarDate(data.weekStart)}` : 'Week'}
        </Title>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" leftSection={<IconChevronLeft size={16} />} onClick={() => go(-1)}>
            Previous week
          </Button>
          <Button variant="default" rightSection={<IconChevronRight size={16} />} onClick={() => go(1)}>
            Next week
          </Button>
          {choice.week ? (
            <Button variant="subtle" onClick={() => onChoose({ ...choice, week: null })}>
              This week
            </Button>
          ) : null}
        </Group>
      </Group>
      {isAdmin ? (
        <PersonSelect
          value={data?.userId ?? me.id}
          label={data?.userName ?? me.name}
          onChange={(person) => onChoose({ ...choice, userId: person.id === me.id ? null : person.id })}
        />
      ) : null}
      <QueryStatus query={week} errorTitle="The week could not be loaded" loadingLabel="Loading the week" />
      {data ? (
        <>
          <Paper withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text size="sm" c="dimmed">
                  {isOwn ? 'Your week' : data.userName}, in all
                </Text>
                <Text fw={700} size="xl">
                  {hoursLabel(data.total.hours)}
                </Text>
                {isAdmin ? (
                  <Text size="sm" c="dimmed">
                    Labor cost {formatMoney(data.cost)}
                  </Text>
                ) : null}
              </div>
              <Group gap="xs" wrap="wrap">
                {data.approved ? (
                  <Badge color="green" variant="light" leftSection={<IconRosetteDiscountCheck size={14} />}>
                    Approved
                  </Badge>
                ) : isAdmin && data.weekStart <= clock.today() && data.selfApproval === 'another-admin' ? (
                  // Separation of duties: the refusal is said here, not after a tap on a button that cannot work.
                  <Text size="sm" c="dimmed" maw={260}>
                    Your own week: another admin must approve it.
                  </Text>
                ) : isAdmin && data.weekStart <= clock.today() ? (
                  <Button
                    variant="light"
                    onClick={() => setWeekAction({ kind: 'approve', week: data, cacheKey })}
                  >
                    Approve week
                  </Button>
                ) : null}
                <Button
                  leftSection={<IconPlus size={16} />}
                  onClick={() =>
                    setEntryTarget({
                      kind: 'add',
                      userId: data.userId,
                      userName: data.userName,
                      date: clock.today() < data.weekEnd ? clock.today() : data.weekEnd,
                    })
                  }
                >
                  Add time
                </Button>
              </Group>
            </Group>
          </Paper>
          {data.approved ? (
            <Alert color="green" variant="light" title="Approved: this week is locked">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  Approved by {data.approved.by} on {clock.dateTime(data.approved.at)}. Its time cannot be
                  added to, corrected or deleted{isAdmin ? ' unless the week is reopened' : ''}.
                </Text>
                {isAdmin ? (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setWeekAction({ kind: 'reopen', week: data, cacheKey })}
                  >
                    Reopen week
                  </Button>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <WeekDays
            week={data}
            onEdit={(entry) => setEntryTarget({ kind: 'edit', entry })}
            onDelete={setDeleting}
          />
        </>
      ) : null}
      <EntryDialog target={entryTarget} onClose={() => setEntryTarget(null)} />
      <DeleteEntryDialog entry={deleting} onClose={() => setDeleting(null)} />
      <WeekApprovalDialog action={weekAction} onClose={() => setWeekAction(null)} />
    </Stack>
  );
}
