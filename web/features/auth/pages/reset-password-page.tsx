// /reset-password: with a link's token, choose a new password (or set the first one, for invited users); the
// server signs the user in with it, and the root page sends them on (SPEC.md section 4: "go to /").
import { Button, Container, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, type TAuthMessage } from '#common/auth-messages.ts';
import { checkResetPassword } from '#common/password.ts';
import {
  type TPasswordSetNotSignedInReason,
  type TResetPassword,
  ZResetPasswordSchema,
} from '#common/schemas/auth.ts';
import type { TSession } from '#common/schemas/session.ts';
import { BackButton } from '../../../components/back-button.tsx';
import { track } from '../../../lib/analytics.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { setSession } from '../../../lib/session.ts';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { resetPassword } from '../api.ts';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import { PasswordStrengthMeter } from '../components/password-strength-meter.tsx';

/** Why the password was set but no session started: the user logs in from the sign-in view. */
export const PASSWORD_SET_NOT_SIGNED_IN: Record<TPasswordSetNotSignedInReason, TAuthMessage> = {
  'two-factor-required': {
    title: AUTH_MESSAGES.passwordSetSuccessfully.title,
    message: 'Your account has two-factor authentication: log in with your new password and a code.',
  },
  'account-inactive': {
    title: AUTH_MESSAGES.passwordSetSuccessfully.title,
    message: AUTH_MESSAGES.accountInactive.message,
  },
};

/** SPEC.md: invited and admin-created users "Set Your Password"; everyone else resets it. */
export function resetPasswordTitle(params: URLSearchParams): string {
  return params.get('invited') === 'true' || params.get('admin_created') === 'true'
    ? 'Set Your Password'
    : 'Reset Your Password';
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = params.get('token');
  const form = useContractForm({
    schema: ZResetPasswordSchema,
    initialValues: { password: '', confirmPassword: '' },
    toBody: (values) => ({ token: token ?? '', ...values }),
  });

  const save = async (body: TResetPassword) => {
    try {
      const result = await resetPassword(body);
      if (!result.signedIn) {
        toast('info', PASSWORD_SET_NOT_SIGNED_IN[result.reason]);
        navigate('/?login=true', { replace: true });
        return;
      }
      toast('success', AUTH_MESSAGES.passwordSetSuccessfully);
      // The answer carried the session cookie: load the session as a log-in does, so / sees a signed-in user and
      // sends them on. Should this read fail, / reads the session itself; the password is set either way.
      try {
        setSession(queryClient, await api<TSession>('/api/v1/session'));
        track('sign_in', { method: 'password-link' });
      } catch {}
      navigate('/', { replace: true });
    } catch (error) {
      toast('error', {
        title: 'Error',
        message: error instanceof ApiError ? error.message : 'The password could not be set. Try again.',
      });
    }
  };
  // SPEC.md says the reset rules in toasts ("Password mismatch: …", "Password too weak: …"), so the fields show
  // no message of their own; the contract's first message stands in for a rule SPEC does not word.
  const refused = (
    errors: Record<string, unknown>,
    values: { password: string; confirmPassword: string },
  ) => {
    const first = Object.values(errors).find((message) => typeof message === 'string');
    toast(
      'error',
      checkResetPassword(values.password, values.confirmPassword) ?? {
        title: 'Error',
        message: String(first ?? 'The password could not be set. Try again.'),
      },
    );
  };

  return (
    <Container size={480} py="xl">
      <BackButton />
      <Stack gap="md" mt="sm">
        <Title order={1} fz={26}>
          {resetPasswordTitle(params)}
        </Title>
        {token ? (
          <form onSubmit={form.onSubmit(save, refused)} noValidate aria-label={resetPasswordTitle(params)}>
            <Stack gap="sm">
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                required
                minLength={8}
                {...form.getInputProps('password', { withError: false })}
              />
              <PasswordStrengthMeter password={form.values.password} />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                required
                {...form.getInputProps('confirmPassword', { withError: false })}
              />
              <Button type="submit" loading={form.submitting}>
                Save password
              </Button>
            </Stack>
          </form>
        ) : (
          <>
            <Text>This page needs the link from your e-mail. Ask for a new one here.</Text>
            <ForgotPasswordForm
              initialEmail={readStorage(STORAGE_KEYS.lastLoginEmail) ?? ''}
              onDone={() => navigate('/?login=true')}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
