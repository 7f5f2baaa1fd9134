// /auth/callback: the verification link lands here; the page (never the GET) verifies, so mail scanners consume nothing.
// A single sign-on comes back here too, with ?sso=1 (decision 086): that is SsoCallback's.
import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FAILURE_REDIRECT_MS, POST_VERIFICATION_REDIRECT_MS } from '#common/auth-constants.ts';
import { AUTH_MESSAGES } from '#common/auth-messages.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { verifyEmail } from '../api.ts';
import { SsoCallback } from './sso-callback.tsx';

type TState =
  | { kind: 'processing' }
  | { kind: 'success'; signedIn: boolean }
  | { kind: 'error'; message: string };

export default function AuthCallbackPage() {
  const [params] = useSearchParams();
  return params.get('sso') === null ? <EmailVerification /> : <SsoCallback />;
}

function EmailVerification() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [state, setState] = useState<TState>({ kind: 'processing' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development; verify once
    started.current = true;
    const token = params.get('token');
    if (!token) {
      navigate('/verify-expired', { replace: true });
      return;
    }
    verifyEmail(token)
      .then(async (result) => {
        setState({ kind: 'success', signedIn: result.signedIn });
        await queryClient.invalidateQueries({ queryKey: queryKeys.session });
        window.setTimeout(
          () => navigate(result.signedIn ? '/help' : '/?login=true', { replace: true }),
          POST_VERIFICATION_REDIRECT_MS,
        );
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.code === 'BAD_REQUEST') {
          navigate('/verify-expired', { replace: true });
          return;
        }
        setState({
          kind: 'error',
          message: error instanceof Error ? error.message : AUTH_MESSAGES.verificationFailed.message,
        });
        window.setTimeout(() => navigate('/?login=true', { replace: true }), FAILURE_REDIRECT_MS);
      });
  }, [params, navigate, queryClient]);

  return (
    <Container size={480} py="xl">
      <Stack gap="md">
        <Title order={1} fz={26}>
          Verifying your e-mail
        </Title>
        {state.kind === 'processing' ? (
          <Stack align="center" role="status">
            <Loader aria-hidden />
            <Text>Verifying your link...</Text>
          </Stack>
        ) : state.kind === 'success' ? (
          <Alert color="green" title="Email verified" role="status">
            {state.signedIn
              ? 'Taking you to Help & Documentation...'
              : 'Your address was already verified. Log in to continue.'}
          </Alert>
        ) : (
          <ErrorAlert title={AUTH_MESSAGES.verificationFailed.title}>{state.message}</ErrorAlert>
        )}
      </Stack>
    </Container>
  );
}
