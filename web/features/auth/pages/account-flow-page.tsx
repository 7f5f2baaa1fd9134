// The account pages reached from e-mailed links: reset or set a password, verify an e-mail, the verification callback.
import { Alert, Container, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BackButton } from '../../../components/back-button.tsx';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { useAuthState } from '../session.ts';

type TFlow = 'reset-password' | 'verify-expired' | 'verify-email' | 'auth-callback';

/** SPEC.md: invited and admin-created users "Set Your Password"; everyone else resets it. */
export function resetPasswordTitle(params: URLSearchParams): string {
  return params.get('invited') === 'true' || params.get('admin_created') === 'true'
    ? 'Set Your Password'
    : 'Reset Your Password';
}

/** SPEC.md section 9: after verification, /help 1.5 s later; on failure, the login view 2 s later. */
const SUCCESS_REDIRECT_MS = 1500;
const FAILURE_REDIRECT_MS = 2000;

function AuthCallback() {
  const navigate = useNavigate();
  const { auth } = useAuthState();
  useEffect(() => {
    if (auth.status === 'loading') return;
    const signedIn = auth.status === 'signed-in';
    const timer = window.setTimeout(
      () => navigate(signedIn ? '/help' : '/?login=true', { replace: true }),
      signedIn ? SUCCESS_REDIRECT_MS : FAILURE_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [auth.status, navigate]);
  if (auth.status === 'loading') {
    return (
      <Stack align="center" role="status">
        <Loader aria-hidden />
        <Text>Verifying your session...</Text>
      </Stack>
    );
  }
  return auth.status === 'signed-in' ? (
    <Alert color="green" title="Email verified" role="status">
      Taking you to Help & Documentation...
    </Alert>
  ) : (
    <Alert color="red" title="Verification failed" role="alert">
      Could not establish session. Please try logging in.
    </Alert>
  );
}

export default function AccountFlowPage({ flow }: { flow: TFlow }) {
  const [params] = useSearchParams();
  const email = params.get('email') ?? readStorage(STORAGE_KEYS.lastLoginEmail) ?? '';
  return (
    <Container size={480} py="xl">
      <BackButton />
      <Stack gap="md" mt="sm">
        {flow === 'auth-callback' ? (
          <>
            <Title order={1} fz={26}>
              Verifying
            </Title>
            <AuthCallback />
          </>
        ) : flow === 'reset-password' ? (
          <>
            <Title order={1} fz={26}>
              {resetPasswordTitle(params)}
            </Title>
            <Text>
              Open the link from your e-mail on this device to choose your password. Links work once and
              expire.
            </Text>
          </>
        ) : (
          <>
            <Title order={1} fz={26}>
              {flow === 'verify-email' ? 'Verify your e-mail' : 'Verification link expired'}
            </Title>
            <Text>
              {flow === 'verify-email'
                ? 'We sent a verification link to the address below. Open it to activate your account.'
                : 'That verification link has expired or was already used. A new link can be sent to the address below.'}
            </Text>
            <TextInput label="E-mail" value={email} readOnly />
          </>
        )}
      </Stack>
    </Container>
  );
}
