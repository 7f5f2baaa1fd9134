// The login and sign-up views of the root page, with Back to Home and the plan chosen at /plans.
import { Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { DEFAULT_PLAN_ID, findPlan } from '#common/plans.ts';
import { CheckEmailNotice } from './check-email-notice.tsx';
import { LoginForm } from './login-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

/** What the sign-up view hands the login view in the history entry: the address the link went to. */
interface TRegisteredState {
  registeredEmail?: string;
}

interface TProps {
  view: 'login' | 'signup';
  plan?: string | null;
}

export function AuthPanel({ view, plan }: TProps) {
  const navigate = useNavigate();
  const registeredEmail = (useLocation().state as TRegisteredState | null)?.registeredEmail;
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
              {/* SPEC.md section 4: no session comes back from sign-up, so the view returns to login with the
                  check-email notice. Replaced, so Back does not reopen an emptied sign-up form. */}
              <SignUpForm
                planId={chosenPlan.id}
                onRegistered={(email) =>
                  navigate('/?login=true', {
                    replace: true,
                    state: { registeredEmail: email } satisfies TRegisteredState,
                  })
                }
              />
            </>
          ) : (
            <>
              {registeredEmail ? <CheckEmailNotice email={registeredEmail} /> : null}
              <LoginForm />
            </>
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
