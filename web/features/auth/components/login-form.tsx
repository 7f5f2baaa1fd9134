// The login view's form: e-mail and password, every outcome of SPEC.md section 8, the way to a new password, and the
// way to single sign-on (decision 086) — offered again when the address's domain refuses passwords (SSO_REQUIRED).
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '#common/auth-messages.ts';
import { normalizeEmail } from '#common/email.ts';
import { type TLogin, ZLoginSchema } from '#common/schemas/auth.ts';
import type { TSession } from '#common/schemas/session.ts';
import { SSO_MESSAGES } from '#common/schemas/sso.ts';
import { track } from '../../../lib/analytics.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { lastRouteOrHelp } from '../../../lib/last-route.ts';
import { setSession } from '../../../lib/session.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { signInWithPassword } from '../api.ts';
import { csrfToken } from '../csrf.ts';
import { PasskeySignInButton } from '../passkeys/passkey-sign-in-button.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { SsoSignInForm } from './sso-sign-in-form.tsx';
import { TwoFactorChallenge } from './two-factor-challenge.tsx';

export function LoginForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // SPEC.md: a malformed e-mail or password does not reach the server; the fields say why.
  const form = useContractForm({
    schema: ZLoginSchema,
    initialValues: { email: readStorage(STORAGE_KEYS.lastLoginEmail) ?? '', password: '' },
    toBody: (values): TLogin => ({
      email: normalizeEmail(values.email),
      password: values.password,
      csrfToken: csrfToken(),
    }),
  });
  const [connectionIssue, setConnectionIssue] = useState(false);
  const [forgot, setForgot] = useState(false);
  const [twoFactor, setTwoFactor] = useState(false);
  // The single sign-on step (decision 086), and the password refused because the address's domain requires it.
  const [sso, setSso] = useState(false);
  const [ssoRequired, setSsoRequired] = useState(false);

  /** The session is established: load it, count the sign-in, go where the user was heading. */
  const finishSignIn = async (method: string) => {
    setSession(queryClient, await api<TSession>('/api/v1/session'));
    track('sign_in', { method });
    navigate(lastRouteOrHelp(), { replace: true });
  };

  const logIn = async (body: TLogin) => {
    setConnectionIssue(false);
    setSsoRequired(false);
    writeStorage(STORAGE_KEYS.lastLoginEmail, body.email);
    try {
      const result = await signInWithPassword(body);
      if ('twoFactorRequired' in result) {
        setTwoFactor(true);
        return;
      }
      await finishSignIn('password');
    } catch (error) {
      if (!(error instanceof ApiError)) {
        toast('error', AUTH_MESSAGES.loginUnexpectedError);
        return;
      }
      switch (error.code) {
        case 'EMAIL_NOT_VERIFIED':
          navigate(`/verify-email?email=${encodeURIComponent(body.email)}`);
          return;
        case 'INVALID_CREDENTIALS':
          toast('error', AUTH_MESSAGES.invalidCredentials);
          return;
        case 'RATE_LIMITED':
          toast('error', AUTH_MESSAGES.tooManyAttempts);
          return;
        case 'ACCOUNT_INACTIVE':
          toast('error', AUTH_MESSAGES.accountInactive);
          return;
        case 'PASSWORD_RESET_REQUIRED':
          toast('error', AUTH_MESSAGES.passwordResetRequired);
          return;
        case 'SSO_REQUIRED':
          setSsoRequired(true);
          return;
        case 'NETWORK':
          toast('error', AUTH_MESSAGES.networkConnectionError);
          setConnectionIssue(true);
          return;
        default:
          toast('error', { title: AUTH_MESSAGES.loginFailed.title, message: error.message });
      }
    }
  };

  if (forgot) return <ForgotPasswordForm initialEmail={form.values.email} onDone={() => setForgot(false)} />;
  if (sso) return <SsoSignInForm initialEmail={form.values.email} onBack={() => setSso(false)} />;
  if (twoFactor) {
    return (
      <TwoFactorChallenge
        onSignedIn={() => void finishSignIn('password+totp')}
        onCancel={() => setTwoFactor(false)}
      />
    );
  }

  return (
    <form onSubmit={form.onSubmit(logIn)} noValidate aria-label="Log in">
      <Stack gap="sm">
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="username"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Anchor
          component="button"
          type="button"
          size="sm"
          underline="always"
          onClick={() => setForgot(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          Forgot your password?
        </Anchor>
        {connectionIssue ? (
          <Alert
            color="orange"
            title="Connection Issue"
            role="alert"
            styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
          >
            <Text size="sm">
              Forgeboard can't reach its sign-in service from this network. A corporate firewall or proxy may
              be blocking it: try another network, or ask your IT team to allow this site.
            </Text>
          </Alert>
        ) : null}
        {ssoRequired ? (
          <Alert color="blue" title="Use single sign-on" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{SSO_MESSAGES.passwordRefused}</Text>
              <Button size="xs" onClick={() => setSso(true)}>
                Continue with single sign-on
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <Button type="submit" loading={form.submitting}>
          Log in
        </Button>
        {ssoRequired ? null : (
          <Button type="button" variant="default" onClick={() => setSso(true)}>
            Continue with single sign-on
          </Button>
        )}
        <PasskeySignInButton onSignedIn={() => void finishSignIn('passkey')} />
      </Stack>
    </form>
  );
}
