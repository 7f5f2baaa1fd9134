// The login and sign-up views of the root page, with Back to Home and the plan chosen at /plans.
import { Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_PLAN_ID, findPlan } from '#common/plans.ts';
import { LoginForm } from './login-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

interface TProps {
  view: 'login' | 'signup';
  plan?: string | null;
}

export function AuthPanel({ view, plan }: TProps) {
  const navigate = useNavigate();
  const chosenPlan = findPlan(plan) ?? findPlan(DEFAULT_PLAN_ID)!;
  return (
    <Container size={view === 'signup' ? 560 : 460} py="xl">
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
            <>
              <Group gap="xs">
                <Text size="sm">Selected plan:</Text>
                <Badge data-testid="selected-plan" size="lg" variant="light">
                  {chosenPlan.display}
                </Badge>
                <Anchor component={Link} to="/plans" size="sm" underline="always">
                  Change
                </Anchor>
              </Group>
              {/* SPEC.md: no session comes back from sign-up: the check-email notice (/verify-email, with resend) follows. */}
              <SignUpForm
                planId={chosenPlan.id}
                onRegistered={(email) => navigate(`/verify-email?email=${encodeURIComponent(email)}`)}
              />
            </>
          ) : (
            <LoginForm />
          )}
          <Text size="sm">
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
