// /reset-password: with a link's token, choose a new password (or set the first one, for invited users).
import { Button, Container, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '#common/auth-messages.ts';
import { checkResetPassword } from '#common/password.ts';
import { BackButton } from '../../../components/back-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { resetPassword } from '../api.ts';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import { PasswordStrengthMeter } from '../components/password-strength-meter.tsx';

/** SPEC.md: invited and admin-created users "Set Your Password"; everyone else resets it. */
export function resetPasswordTitle(params: URLSearchParams): string {
  return params.get('invited') === 'true' || params.get('admin_created') === 'true'
    ? 'Set Your Password'
    : 'Reset Your Password';
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkResetPassword(password, confirmPassword);
    if (problem) {
      toast('error', problem);
      return;
    }
    setPending(true);
    try {
      await resetPassword({ token: token ?? '', password, confirmPassword });
      toast('success', AUTH_MESSAGES.passwordSetSuccessfully);
      navigate('/?login=true', { replace: true });
    } catch (error) {
      toast('error', {
        title: 'Error',
        message: error instanceof ApiError ? error.message : 'The password could not be set. Try again.',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <Container size={480} py="xl">
      <BackButton />
      <Stack gap="md" mt="sm">
        <Title order={1} fz={26}>
          {resetPasswordTitle(params)}
        </Title>
        {token ? (
          <form onSubmit={onSubmit} noValidate aria-label={resetPasswordTitle(params)}>
            <Stack gap="sm">
              <PasswordInput
                label="New password"
                autoComplete="new-password"
                required
                minLength={8}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              <PasswordStrengthMeter password={password} />
              <PasswordInput
                label="Confirm new password"
                autoComplete="new-password"
                required
                value={confirmPassword}
                onChange={(e) => setConfirmPassword(e.currentTarget.value)}
              />
              <Button type="submit" loading={pending}>
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
