// Sending a new verification link, with SPEC.md's toasts: shared by /verify-email, /verify-expired and the
// check-email notice the login view shows after sign-up.
import { useState } from 'react';
import { AUTH_MESSAGES } from '#common/auth-messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { resendVerification } from './api.ts';

/** `send(email)` asks for a new link and toasts the outcome; `pending` while it is on its way. */
export function useResendVerification() {
  const [pending, setPending] = useState(false);
  const send = async (email: string) => {
    setPending(true);
    try {
      await resendVerification(email);
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
  return { pending, send };
}
