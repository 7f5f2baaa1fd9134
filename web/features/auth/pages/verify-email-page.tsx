// /verify-email (a link was sent) and /verify-expired (the link is no good): both offer to send a new link.
import { Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { normalizeEmail } from '#common/email.ts';
import { ZResendVerificationSchema } from '#common/schemas/auth.ts';
import { BackButton } from '../../../components/back-button.tsx';
import { useContractForm } from '../../../lib/contract-form.ts';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage.ts';
import { useResendVerification } from '../use-resend-verification.ts';

export default function VerifyEmailPage({ expired }: { expired: boolean }) {
  const [params] = useSearchParams();
  // SPEC.md: the e-mail from the query, else the last login e-mail kept in this browser.
  const form = useContractForm({
    schema: ZResendVerificationSchema,
    initialValues: { email: params.get('email') ?? readStorage(STORAGE_KEYS.lastLoginEmail) ?? '' },
    toBody: (values) => ({ email: normalizeEmail(values.email) }),
  });
  const { pending, send } = useResendVerification();

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
        <form
          onSubmit={form.onSubmit(({ email }) => send(email))}
          noValidate
          aria-label="Send a new verification link"
        >
          <Stack gap="sm">
            <TextInput label="E-mail" type="email" autoComplete="email" {...form.getInputProps('email')} />
            {/* SPEC.md: the send button is disabled while the address is blank. */}
            <Button type="submit" loading={pending} disabled={form.values.email.trim() === ''}>
              Send a new verification link
            </Button>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
