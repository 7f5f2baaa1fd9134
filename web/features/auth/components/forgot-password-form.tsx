// Forgot password: ask for a reset link by e-mail (SPEC.md: loading, success, failure).
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { AUTH_MESSAGES } from '#common/auth-messages.ts';
import { normalizeEmail } from '#common/email.ts';
import { ZForgotPasswordSchema } from '#common/schemas/auth.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { toast } from '../../../lib/toast.ts';
import { requestPasswordReset } from '../api.ts';

export function ForgotPasswordForm({ initialEmail, onDone }: { initialEmail: string; onDone: () => void }) {
  const form = useContractForm({
    schema: ZForgotPasswordSchema,
    initialValues: { email: initialEmail },
    toBody: (values) => ({ email: normalizeEmail(values.email) }),
  });

  const send = async ({ email }: { email: string }) => {
    try {
      await requestPasswordReset(email);
      toast('success', AUTH_MESSAGES.resetEmailSent);
      onDone();
    } catch (failure) {
      const message =
        failure instanceof ApiError && failure.code === 'RATE_LIMITED'
          ? AUTH_MESSAGES.tooManyAttempts
          : AUTH_MESSAGES.resetEmailFailed;
      toast('error', message);
    }
  };
  // SPEC.md: an empty address is also said in a toast ("Email required: …"), besides the field's message.
  const refused = (_errors: unknown, values: { email: string }) => {
    if (!values.email.trim()) toast('error', AUTH_MESSAGES.emailRequiredForReset);
  };

  return (
    <form onSubmit={form.onSubmit(send, refused)} noValidate aria-label="Reset your password">
      <Stack gap="sm">
        <Text size="sm">Enter your e-mail and we will send you a link to choose a new password.</Text>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Group justify="space-between">
          <Button variant="subtle" type="button" onClick={onDone} px={0}>
            Back to log in
          </Button>
          <Button type="submit" loading={form.submitting}>
            Send reset link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
