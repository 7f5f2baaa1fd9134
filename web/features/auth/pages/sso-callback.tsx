// /auth/callback?sso=1: where the identity provider's sign-in comes back (decision 086). Refused, `error` names why
// and the page says it with what to do (ssoErrorMessage), staying until the person leaves; signed in, the session
// is loaded and the person goes to the last route or /help, as after a password sign-in.
import { Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TSession } from '#common/schemas/session.ts';
import { ssoErrorMessage } from '#common/schemas/sso.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { track } from '../../../lib/analytics.ts';
import { api } from '../../../lib/api-client.ts';
import { messageOf } from '../../../lib/api-errors.ts';
import { lastRouteOrHelp } from '../../../lib/last-route.ts';
import { setSession } from '../../../lib/session.ts';

export function SsoCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const error = params.get('error');
  const [failure, setFailure] = useState<string | null>(error === null ? null : ssoErrorMessage(error));
  const started = useRef(false);

  useEffect(() => {
    if (error !== null || started.current) return;
    started.current = true;
    api<TSession>('/api/v1/session')
      .then((session) => {
        if (session.state !== 'signed-in') {
          setFailure(ssoErrorMessage('no_session'));
          return;
        }
        setSession(queryClient, session);
        track('sign_in', { method: 'sso' });
        navigate(lastRouteOrHelp(), { replace: true });
      })
      .catch((e: unknown) => setFailure(messageOf(e)));
  }, [error, navigate, queryClient]);

  return (
    <Container size={480} py="xl">
      <Stack gap="md">
        <Title order={1} fz={26}>
          Single sign-on
        </Title>
        {failure === null ? (
          <Stack align="center" role="status">
            <Loader aria-hidden />
            <Text>Signing you in...</Text>
          </Stack>
        ) : (
          <>
            <ErrorAlert title="You are not signed in">{failure}</ErrorAlert>
            <Button component={Link} to="/?login=true" style={{ alignSelf: 'flex-start' }}>
              Back to log in
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
