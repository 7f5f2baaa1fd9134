// "Sign in with a passkey" on the login view (decision 089): the browser offers this site's passkeys, the person
// unlocks one, and the session starts as a password sign-in's would (a passkey counts as two factors).
import { Button } from '@mantine/core';
import { useState } from 'react';
import { AUTH_MESSAGES } from '#common/auth-messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { ceremonyMessage, signInWithPasskey } from './api.ts';

export function PasskeySignInButton({ onSignedIn }: { onSignedIn: () => void }) {
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    setBusy(true);
    try {
      await signInWithPasskey();
      onSignedIn();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'RATE_LIMITED')
        toast('error', AUTH_MESSAGES.tooManyAttempts);
      else if (failure instanceof ApiError && failure.code === 'ACCOUNT_INACTIVE')
        toast('error', AUTH_MESSAGES.accountInactive);
      else
        toast('error', {
          title: 'Passkey sign-in failed',
          message: failure instanceof ApiError ? failure.message : ceremonyMessage(failure),
        });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="default" loading={busy} onClick={() => void signIn()}>
      Sign in with a passkey
    </Button>
  );
}
