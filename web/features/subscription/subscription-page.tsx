// /subscription and /admin/subscription: the company's plan, the beta's end, usage against the limits; admins
// change the plan (payment is out of scope: the change is recorded with who and when in the audit trail).
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  Loader,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PLANS, type TPlan } from '#common/plans.ts';
import { hasRole } from '#common/roles.ts';
import type { TSubscription } from '#common/schemas/subscription.ts';
import { LoadError } from '../../components/load-error.tsx';
import { When } from '../../components/when.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { changePlan, fetchSubscription } from './api.ts';

function Usage({ label, used, max }: { label: string; used: number; max: number }) {
  const percent = max > 0 ? Math.min(100, Math.round((used / max) * 100)) : 100;
  const color = percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'forge';
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fw={600}>{label}</Text>
        <Text size="sm">
          {used} of {max}
        </Text>
      </Group>
      <Progress value={percent} color={color} size="lg" aria-label={`${label}: ${used} of ${max} used`} />
      {percent >= 100 ? (
        <Text size="sm" c="red.8">
          The limit is reached: new {label.toLowerCase()} are refused until you choose a larger plan.
        </Text>
      ) : null}
    </Stack>
  );
}

/** Why a plan cannot be chosen from here, or null when it can. */
function blockedReason(plan: TPlan, current: TSubscription): string | null {
  if (plan.id === current.planId) return 'Your current plan';
  if (plan.id === 'beta') return 'Offered at sign-up only';
  if (current.activeUsers > plan.maxUsers) return `You have ${current.activeUsers} active users`;
  if (current.skus > plan.maxSkus) return `You have ${current.skus} SKUs`;
  return null;
}

export default function SubscriptionPage() {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const isAdmin = session?.user ? hasRole(session.user.role, 'admin') : false;
  const subscription = useQuery({
    queryKey: queryKeys.subscription,
    queryFn: ({ signal }) => fetchSubscription(signal),
  });
  const [choice, setChoice] = useState<TPlan | null>(null);
  const change = useMutation({
    mutationFn: (plan: TPlan) => changePlan(plan.id),
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.subscription, updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.audit });
      toast('success', {
        title: 'Plan changed',
        message: `Your company is now on the ${updated.planName} plan.`,
      });
      setChoice(null);
    },
    onError: (failure) =>
      toast('error', {
        title: 'Plan not changed',
        message: failure instanceof ApiError ? failure.message : 'Something went wrong. Try again.',
      }),
  });

  const data = subscription.data;
  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }} mb="md">
        Subscription
      </Title>
      {subscription.isError ? (
        <LoadError
          title="Your plan could not be loaded"
          error={subscription.error}
          onRetry={() => void subscription.refetch()}
        />
      ) : null}
      {!data && subscription.isPending ? <Loader aria-label="Loading your plan" /> : null}
      {data ? (
        <Stack>
          <Card withBorder component="section" aria-label="Your plan">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <div>
                <Text size="sm" c="dimmed">
                  Current plan
                </Text>
                <Title order={2} fz={26} data-testid="current-plan">
                  {data.planName}
                </Title>
                <Text size="sm">
                  Since <When at={data.startedAt} show="date" />
                  {data.endsAt ? (
                    <>
                      {` · ${data.expired ? 'ended' : 'ends'} on `}
                      <When at={data.endsAt} show="date" />
                    </>
                  ) : null}
                </Text>
              </div>
              {/* A dot in the plan's colour beside text in the theme's text colour (as StatusBadge draws tones): the
                  light variant with a shade (green.9) painted its text in the colour of its own background. */}
              {data.monthlyPriceUsd > 0 ? (
                <Badge size="lg" variant="dot">
                  ${data.monthlyPriceUsd}/month
                </Badge>
              ) : (
                <Badge size="lg" variant="dot" color="green">
                  Free
                </Badge>
              )}
            </Group>
            {data.expired ? (
              <Alert color="orange" mt="md" title="Your Beta has ended">
                Nothing was deleted. The {data.limitsPlanName} plan's limits apply now: {data.maxUsers} active
                users and {data.maxSkus} SKUs.{' '}
                {isAdmin ? 'Choose a plan below to raise them.' : 'Ask an admin to choose a plan.'}
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md" spacing="xl">
              <Usage label="Active users" used={data.activeUsers} max={data.maxUsers} />
              <Usage label="SKUs" used={data.skus} max={data.maxSkus} />
            </SimpleGrid>
          </Card>

          <Title order={2} fz="lg">
            Plans
          </Title>
          {!isAdmin ? <Text size="sm">Only an admin of your company can change the plan.</Text> : null}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {PLANS.map((plan) => {
              const blocked = blockedReason(plan, data);
              return (
                <Card key={plan.id} withBorder aria-label={`${plan.display} plan`}>
                  <Title order={3} fz="lg">
                    {plan.display}
                  </Title>
                  <Text fw={600}>{plan.priceLabel}</Text>
                  <List size="sm" my="sm">
                    <List.Item>Up to {plan.maxUsers} users</List.Item>
                    <List.Item>Up to {plan.maxSkus} SKUs</List.Item>
                  </List>
                  {isAdmin ? (
                    <Button
                      fullWidth
                      variant={blocked ? 'default' : 'filled'}
                      disabled={blocked !== null}
                      onClick={() => setChoice(plan)}
                    >
                      {blocked ?? `Choose ${plan.display}`}
                    </Button>
                  ) : null}
                </Card>
              );
            })}
          </SimpleGrid>
        </Stack>
      ) : null}
      <Modal opened={choice !== null} onClose={() => setChoice(null)} title="Change the plan">
        {choice && data ? (
          <Stack>
            <Text>
              Move your company from {data.planName} to {choice.display} ({choice.priceLabel})? It allows{' '}
              {choice.maxUsers} users and {choice.maxSkus} SKUs. The change is recorded in the audit trail.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setChoice(null)}>
                Cancel
              </Button>
              <Button loading={change.isPending} onClick={() => change.mutate(choice)}>
                Change to {choice.display}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Container>
  );
}
