// Getting started at the top of /help: the steps offered to this person (by role and the company's areas, the rule
// the server uses too), each a link to the screen that does it and ticked from the company's data by the server. The
// steps are drawn at once and their ticks filled in when the server answers, so that nothing below them moves.
import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { featureFlagsOf, type TLabelConfig } from '#common/label-config.ts';
import type { TRole } from '#common/roles.ts';
import { gettingStartedStep, offeredSteps } from '#common/schemas/help.ts';
import { LoadError } from '../../components/load-error.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { getGettingStarted, gettingStartedKey } from './api.ts';

/** The height of a status badge (Mantine's md badge), held by its placeholder until the tick arrives. */
const BADGE_HEIGHT = 20;

export function GettingStarted({ role, config }: { role: TRole; config: TLabelConfig }) {
  // Always asked again on arrival: the steps are ticked by work done on other screens a moment ago.
  const query = useQuery({
    queryKey: gettingStartedKey,
    queryFn: ({ signal }) => getGettingStarted(signal),
    staleTime: 0,
  });
  const done = new Map(query.data?.steps.map((s) => [s.id, s.done]));
  // The server's list once it has answered (it read the company's areas itself); until then the same rule here.
  const steps = query.data
    ? query.data.steps.map((s) => gettingStartedStep(s.id))
    : offeredSteps(role, featureFlagsOf(config));
  if (steps.length === 0) return null;
  const doneCount = steps.filter((s) => done.get(s.id) === true).length;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="getting-started-title">
      {/* The count follows the title (not pushed to the right edge), so that its arrival moves nothing. */}
      <Group gap="sm" mb="sm" wrap="wrap" align="baseline">
        <Title order={2} id="getting-started-title" fz="xl">
          Getting started
        </Title>
        <Text size="sm" c="dimmed">
          {query.data ? `${doneCount} of ${steps.length} done` : null}
        </Text>
      </Group>
      {query.isError ? (
        <LoadError
          title="Getting started could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <Stack
        component="ol"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label="Getting started steps"
        aria-busy={query.isPending}
      >
        {steps.map((step) => (
          <Group
            key={step.id}
            component="li"
            justify="space-between"
            wrap="nowrap"
            align="flex-start"
            data-step={step.id}
          >
            <div>
              <Anchor component={Link} to={step.to} fw={600}>
                {step.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {step.detail}
              </Text>
            </div>
            {query.data ? (
              <StatusBadge of="step" status={done.get(step.id) ? 'done' : 'todo'} />
            ) : (
              <Skeleton height={BADGE_HEIGHT} width={64} radius="xl" aria-hidden style={{ flexShrink: 0 }} />
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
