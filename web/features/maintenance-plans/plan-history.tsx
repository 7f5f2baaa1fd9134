// A plan's completed and missed occurrences, newest first, as an ordered list (it wraps on a 360 px phone where a
// table would scroll): when it was due, when done and by whom, on time or late, time spent, reading and notes.
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TPlanDetail } from '#common/schemas/maintenance-plans.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { OnDate } from '../../components/when.tsx';
import { formatHours } from './schedule-words.ts';

export function PlanHistory({ plan }: { plan: TPlanDetail }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="plan-history-title">
      <Title order={2} fz="lg" id="plan-history-title" mb="xs">
        History
      </Title>
      {plan.history.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing done or missed yet. Completed work and missed dates show here.
        </Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {plan.history.map((o) => (
            <li key={o.id}>
              <Group gap="xs" wrap="wrap">
                <StatusBadge of="pmOccurrence" status={o.status} size="sm" />
                <Text size="sm">
                  {o.dueOn ? (
                    <>
                      Due <OnDate date={o.dueOn} />
                    </>
                  ) : (
                    `Due at ${formatHours(o.dueReading ?? '0')}`
                  )}
                  {o.completedOn ? (
                    <>
                      {' '}
                      · done <OnDate date={o.completedOn} /> {o.onTime ? '(on time)' : '(late)'}
                    </>
                  ) : null}
                </Text>
              </Group>
              {o.status === 'completed' ? (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {o.completedByName}
                  {o.minutesSpent !== null ? ` · ${o.minutesSpent} min` : ''}
                  {o.reading ? ` · meter ${formatHours(o.reading)}` : ''}
                  {o.checklist
                    ? ` · ${o.checklist.filter((t) => t.done).length}/${o.checklist.length} tasks done`
                    : ''}
                  {o.notes ? ` · ${o.notes}` : ''}
                </Text>
              ) : null}
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
