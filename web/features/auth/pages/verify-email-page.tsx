// /verify-email (a link was sent) and /verify-expired (the link is no good): both offer to send a new link.
import { Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUTH_MESSAGES } from '#common/auth-messages.ts';
import { ZResendVerificationSchema } from '#common/schemas/auth.ts';
import { BackButton } from '../../../components/back-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { resendVerification } from '../api.ts';

export default function VerifyEmailPage({ expired }: { expired: boolean }) {
  const [params] = useSearchParams();
  // SPEC.md: the e-mail from the query, else the last login e-mail kept in this browser.
  const [email, setEmail] = useState(
    () => params.get('email') ?? readStorage(STORAGE_KEYS.lastLoginEmail) ?? '',
  );
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZResendVerificationSchema.safeParse({ email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      await resendVerification(parsed.data.email);
      toast('success', AUTH_MESSAGES.verificationEmailSent);
    } catch (failure) {
      toast(
        'error',
        failure instanceof ApiError && failure.code === 'RATE_LIMITED'
          ? AUTH_MESSAGES.tooManyAttempts
          : {
              title: AUTH_MESSAGES.emailSendFailed.title,
              message: 'The verification e-mail could not be sent. Try again in a moment.',
            },
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Container size={480} py="xl">
      <BackButton />
      <Stack gap="md" mt="sm">
        <Title order={1} fz={26}>
          {expired ? 'Verification link expired' : 'Verify your e-mail'}
        </Title>
        <Text>
          {expired
            ? 'That verification link has expired or was already used. We can send a new one to the address below.'
            : 'Before you log in, open the verification link we sent to the address below. It can take a minute to arrive; check your spam folder too.'}
        </Text>
        <form onSubmit={onSubmit} noValidate aria-label="Send a new verification link">
          <Stack gap="sm">
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
            />
            <Button type="submit" loading={pending} disabled={email.trim() === ''}>
              Send a new verification link
            </Button>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
