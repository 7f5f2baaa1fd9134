// The login view's single sign-on step (decision 086): the person's work address; its proved domain finds the
// company's identity provider and the browser goes there (it comes back through /auth/callback?sso=1). An address
// no company has proved is refused plainly, and the person may go back to the password.
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { normalizeEmail } from '#common/email.ts';
import { ZSsoStartSchema } from '#common/schemas/sso.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useContractForm } from '../../../lib/contract-form.ts';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';
import { startSingleSignOn } from '../api.ts';

export function SsoSignInForm({ initialEmail, onBack }: { initialEmail: string; onBack: () => void }) {
  const form = useContractForm({
    schema: ZSsoStartSchema,
    initialValues: { email: initialEmail },
    toBody: (values) => ({ email: normalizeEmail(values.email) }),
  });
  // From the answer until the browser has left, the button keeps spinning (the page is going away).
  const [leaving, setLeaving] = useState(false);
  // The button that opened the step is gone: the focus goes to the address, where the person types next.
  const emailInput = useRef<HTMLInputElement>(null);
  useEffect(() => emailInput.current?.focus(), []);

  const start = async ({ email }: { email: string }) => {
    writeStorage(STORAGE_KEYS.lastLoginEmail, email);
    try {
      const { url } = await startSingleSignOn(email);
      setLeaving(true);
      window.location.assign(url);
    } catch (failure) {
      form.showFailure(failure);
    }
  };

  return (
    <form onSubmit={form.onSubmit(start)} noValidate aria-label="Single sign-on">
      <Stack gap="sm">
        <Text size="sm">
          Enter your work e-mail. If your company signs in with single sign-on, you continue at its sign-in
          page.
        </Text>
        <TextInput
          label="Work e-mail"
          type="email"
          autoComplete="username"
          required
          ref={emailInput}
          {...form.getInputProps('email')}
        />
        {form.formError ? <ErrorAlert>{form.formError}</ErrorAlert> : null}
        <Button type="submit" loading={form.submitting || leaving}>
          Continue
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          underline="always"
          onClick={onBack}
          style={{ alignSelf: 'flex-start' }}
        >
          Log in with a password instead
        </Anchor>
      </Stack>
    </form>
  );
}
