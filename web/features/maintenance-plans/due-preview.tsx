// The next five due dates of the plan being added or edited, recomputed as the form changes (announced politely to
// screen readers); the same dates the plan's page shows once saved.
import { Card, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { OnDate } from '../../components/when.tsx';

export function DuePreview({ dates, metered }: { dates: string[] | null; metered: boolean }) {
  // An id of its own: the plan's page shows one, and its Edit dialog another over it.
  const titleId = useId();
  return (
    <Card withBorder padding="sm" component="section" aria-labelledby={titleId}>
      <Title order={3} fz="sm" id={titleId} mb={4}>
        Next five due dates
      </Title>
      <div aria-live="polite">
        {dates === null ? (
          <Text size="sm" c="dimmed">
            Fill in the schedule to see its dates.
          </Text>
        ) : dates.length === 0 ? (
          <Text size="sm" c="dimmed">
            This plan runs on the meter alone: it falls due at a reading, not on a date.
          </Text>
        ) : (
          <ol aria-label="Next five due dates" style={{ margin: 0, paddingInlineStart: 20 }}>
            {dates.map((d) => (
              <li key={d}>
                <Text size="sm" component="span">
                  <OnDate date={d} />
                </Text>
              </li>
            ))}
          </ol>
        )}
        {metered && dates?.length ? (
          <Text size="xs" c="dimmed" mt={4}>
            Or sooner, when the runtime meter gets there first.
          </Text>
        ) : null}
      </div>
    </Card>
  );
}
