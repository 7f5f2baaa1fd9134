// Getting started at the top of /help: the steps offered to this person (the server picks them by role and the
// company's areas and ticks each from the company's data), each a link to the screen that does it.
import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { gettingStartedStep } from '#common/schemas/help.ts';
import { QueryStatus } from '../../components/query-status.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { getGettingStarted, gettingStartedKey } from './api.ts';

export function GettingStarted() {
  // Always asked again on arrival: the steps are ticked by work done on other screens a moment ago.
  const query = useQuery({
    queryKey: gettingStartedKey,
    queryFn: ({ signal }) => getGettingStarted(signal),
    staleTime: 0,
  });
  const data = query.data;
  if (data && data.steps.length === 0) return null;
  const done = data ? data.steps.filter((s) => s.done).length : 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="getting-started-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} id="getting-started-title" fz="xl">
          Getting started
        </Title>
        {data ? (
          <Text size="sm" c="dimmed">
            {done} of {data.steps.length} done
          </Text>
        ) : null}
      </Group>
      <QueryStatus
        query={query}
        errorTitle="Getting started could not be loaded"
        loadingLabel="Loading Getting started"
      />
      {data ? (
        <Stack
          component="ol"
          gap="sm"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="Getting started steps"
        >
          {data.steps.map(({ id, done: isDone }) => {
            const step = gettingStartedStep(id);
            return (
              <Group
                key={id}
                component="li"
                justify="space-between"
                wrap="nowrap"
                align="flex-start"
                data-step={id}
              >
                <div>
                  <Anchor component={Link} to={step.to} fw={600}>
                    {step.title}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {step.detail}
                  </Text>
                </div>
                <StatusBadge of="step" status={isDone ? 'done' : 'todo'} />
              </Group>
            );
          })}
        </Stack>
      ) : null}
    </Paper>
  );
}
