// The login and sign-up views of the root page, with Back to Home and the plan chosen at /plans.
import { Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DEFAULT_PLAN_ID, findPlan } from '#common/plans.ts';
import { useSession } from '../session.ts';
import { DevSignInForm } from './dev-sign-in-form.tsx';

interface TProps {
  view: 'login' | 'signup';
  plan?: string | null;
}

export function AuthPanel({ view, plan }: TProps) {
  const { data: session, isPending } = useSession();
  const chosenPlan = findPlan(plan) ?? findPlan(DEFAULT_PLAN_ID)!;
  return (
    <Container size={460} py="xl">
      <Button
        component={Link}
        to="/"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} aria-hidden />}
        px={0}
        mb="sm"
      >
        Back to Home
      </Button>
      <Card withBorder shadow="sm" padding="lg">
        <Stack gap="md">
          <Title order={1} fz={26}>
            {view === 'login' ? 'Log in to Forgeboard' : 'Create your company account'}
          </Title>
          {view === 'signup' ? (
            <Group gap="xs">
              <Text size="sm">Selected plan:</Text>
              <Badge data-testid="selected-plan" size="lg" variant="light">
                {chosenPlan.display}
              </Badge>
              <Anchor component={Link} to="/plans" size="sm">
                Change
              </Anchor>
            </Group>
          ) : null}
          {isPending ? (
            <Text c="dimmed">Loading...</Text>
          ) : session?.devSignIn ? (
            <DevSignInForm />
          ) : (
            <Text>
              {view === 'login'
                ? 'E-mail and password sign-in opens with the accounts release of this server. Ask your administrator when it is available.'
                : 'Company sign-up opens with the accounts release of this server. Ask your administrator when it is available.'}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {view === 'login' ? (
              <>
                New to Forgeboard?{' '}
                <Anchor component={Link} to="/?signup=true" underline="always">
                  Create an account
                </Anchor>
              </>
            ) : (
              <>
                Already have an account?{' '}
                <Anchor component={Link} to="/?login=true" underline="always">
                  Log in
                </Anchor>
              </>
            )}
          </Text>
        </Stack>
      </Card>
    </Container>
  );
}
