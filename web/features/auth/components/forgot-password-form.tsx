// Forgot password: ask for a reset link by e-mail (SPEC.md: loading, success, failure).
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES } from '#common/auth-messages.ts';
import { ZForgotPasswordSchema } from '#common/schemas/auth.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { requestPasswordReset } from '../api.ts';

export function ForgotPasswordForm({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZForgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      if (!email.trim()) toast('error', AUTH_MESSAGES.emailRequiredForReset);
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await requestPasswordReset(parsed.data.email);
      toast('success', AUTH_MESSAGES.resetEmailSent);
      onDone();
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.code === 'RATE_LIMITED'
          ? AUTH_MESSAGES.tooManyAttempts
          : AUTH_MESSAGES.resetEmailFailed;
      toast('error', message);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset your password">
      <Stack gap="sm">
        <Text size="sm">Enter your e-mail and we will send you a link to choose a new password.</Text>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error}
        />
        <Group justify="space-between">
          <Button variant="subtle" type="button" onClick={onDone} px={0}>
            Back to log in
          </Button>
          <Button type="submit" loading={pending}>
            Send reset link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
