// SPEC.md section 4: after sign-up no session comes back, so the login view says to check the mail. The link can
// be slow or lost: a new one is one click away here, as on /verify-email.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useResendVerification } from '../use-resend-verification.ts';

export function CheckEmailNotice({ email }: { email: string }) {
  const { pending, send } = useResendVerification();
  return (
    <Alert
      color="blue"
      title="Check your e-mail"
      role="status"
      icon={<IconMailCheck size={20} aria-hidden />}
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          We sent a verification link to <strong>{email}</strong>. Open it to finish creating your account; it
          signs you in. It can take a minute to arrive; check your spam folder too.
        </Text>
        <Button variant="light" size="xs" loading={pending} onClick={() => void send(email)}>
          Send a new verification link
        </Button>
      </Stack>
    </Alert>
  );
}
