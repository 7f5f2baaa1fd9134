// "Use a passkey" in the two-factor challenge (decision 089), shown only when the account has a passkey: one of its
// passkeys answers in place of the authenticator app's code.
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TUserProfile } from '#common/schemas/session.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { ceremonyMessage, twoFactorPasskeyOptions, verifyTwoFactorWithPasskey } from './api.ts';

export function TwoFactorPasskeyButton({
  onSignedIn,
  onError,
}: {
  onSignedIn: (user: TUserProfile) => void;
  onError: (message: string) => void;
}) {
  // Asked once per challenge: whether this account has a passkey at all.
  const available = useQuery({
    queryKey: queryKeys.twoFactorPasskey,
    queryFn: async () => (await twoFactorPasskeyOptions()).options !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const [busy, setBusy] = useState(false);
  if (!available.data) return null;
  const use = async () => {
    setBusy(true);
    try {
      const result = await verifyTwoFactorWithPasskey();
      onSignedIn(result.user);
    } catch (failure) {
      onError(failure instanceof ApiError ? failure.message : ceremonyMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="default" loading={busy} onClick={() => void use()}>
      Use a passkey
    </Button>
  );
}
