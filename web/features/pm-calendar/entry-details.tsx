// The details of a piece of work chosen on the PM calendar: state, machine, due date or reading (and whether the day
// is a meter forecast), who does it, how long it takes, the checklist, the job it is charged to (with the Time area
// on: the shared card, picked and clocked onto while open), a link to its plan, and for open work the Complete button
// (the shared completion dialog, with the parts used).
import { Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { hasRole } from '#common/roles.ts';
import type { TCalendarEntry } from '#common/schemas/maintenance-calendar.ts';
import { Fact } from '../../components/fact.tsx';
import { OccurrenceJob } from '../../components/maintenance/occurrence-job.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate } from '../../components/when.tsx';
import { useSession } from '../../lib/session.ts';
import { planPath } from './api.ts';

function explain(entry: TCalendarEntry): string | null {
  if (entry.kind === 'forecast')
    return 'A forecast: the plan has not opened this yet. It falls here if the work before it is done on time.';
  if (entry.carriedToToday) return 'Still open from an earlier day: it shows on today until it is done.';
  if (entry.basis === 'meter')
    return 'The day is a forecast from the machine’s meter and its usual hours a day; it is due at the reading.';
  return null;
}

/** Open work: an occurrence not yet done or missed (a forecast is no occurrence yet). */
const isOpen = (entry: TCalendarEntry) =>
  entry.kind === 'occurrence' &&
  entry.occurrenceId !== null &&
  !['completed', 'missed'].includes(entry.state);

export function EntryDetails({
  entry,
  onClose,
  onComplete,
}: {
  entry: TCalendarEntry | null;
  onClose: () => void;
  /** Opens the completion dialog for this occurrence. */
  onComplete: (occurrenceId: string, title: string) => void;
}) {
  const note = entry ? explain(entry) : null;
  // Maintenance Plans is an admin screen: others see the plan's name and checklist here.
  const { data: session } = useSession();
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  return (
    <Modal opened={entry !== null} onClose={onClose} title={entry?.plan.title ?? ''} size="md">
      {entry ? (
        <Stack gap="sm">
          <StatusBadge of="pmWork" status={entry.state} />
          {note ? <Text size="sm">{note}</Text> : null}
          <Fact label="Machine">
            {entry.machine.name} ({entry.machine.assetTag})
          </Fact>
          {entry.dueOn ? (
            <Fact label="Due on">
              <OnDate date={entry.dueOn} />
            </Fact>
          ) : null}
          {entry.dueReading ? <Fact label="Due at">{entry.dueReading} running hours</Fact> : null}
          <Fact label="On the calendar">
            <OnDate date={entry.date} />
          </Fact>
          <Fact label="Assigned to">{entry.assignee?.name ?? 'Nobody yet'}</Fact>
          {entry.plan.estimatedMinutes > 0 ? (
            <Fact label="Takes about">{entry.plan.estimatedMinutes} minutes</Fact>
          ) : null}
          {entry.completedOn ? (
            <Fact label="Done on">
              <OnDate date={entry.completedOn} />
              {entry.onTime === false ? ' (late)' : entry.onTime ? ' (on time)' : ''}
            </Fact>
          ) : null}
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Checklist
            </Text>
            {entry.checklist.length === 0 ? (
              <Text size="sm">No tasks listed.</Text>
            ) : (
              <List size="sm" spacing={2}>
                {entry.checklist.map((task, i) => (
                  // Tasks may repeat their text; their order is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: a checklist's order is fixed
                  <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
                    {task.text}
                    {task.done === true ? ' — done' : task.done === false ? ' — not done' : ''}
                  </List.Item>
                ))}
              </List>
            )}
          </div>
          {entry.kind === 'occurrence' && entry.occurrenceId ? (
            // The modal's title is its h2.
            <OccurrenceJob occurrenceId={entry.occurrenceId} headingOrder={3} />
          ) : null}
          <Group justify="space-between" wrap="wrap">
            {isAdmin ? (
              <Anchor component={Link} to={planPath(entry.plan.id)}>
                Open its plan
              </Anchor>
            ) : (
              <span />
            )}
            {isOpen(entry) ? (
              <Button onClick={() => onComplete(entry.occurrenceId as string, entry.plan.title)}>
                Complete
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
