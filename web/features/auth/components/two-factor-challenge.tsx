// The second step of a sign-in with two-factor authentication: a code from the app, or a backup code.
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES } from '#common/auth-messages.ts';
import type { TUserProfile } from '#common/schemas/session.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { verifyTwoFactor } from '../api.ts';

export function TwoFactorChallenge({
  onSignedIn,
  onCancel,
}: {
  onSignedIn: (user: TUserProfile) => void;
  onCancel: () => void;
}) {
  const [useBackup, setUseBackup] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const entered = value.replace(/\s+/g, '');
    if (!useBackup && !/^\d{6}$/.test(entered)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    if (useBackup && entered.length < 6) {
      setError('Enter one of your backup codes');
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      const result = await verifyTwoFactor(useBackup ? { backupCode: entered } : { code: entered });
      onSignedIn(result.user);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'RATE_LIMITED')
        toast('error', AUTH_MESSAGES.tooManyAttempts);
      else
        setError(
          failure instanceof ApiError ? failure.message : 'That code could not be checked. Try again.',
        );
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Two-factor sign-in">
      <Stack gap="sm">
        <Text size="sm">
          {useBackup
            ? 'Enter one of the backup codes you saved when you set up two-factor authentication. Each works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for Forgeboard.'}
        </Text>
        <TextInput
          label={useBackup ? 'Backup code' : 'Authentication code'}
          autoComplete="one-time-code"
          inputMode={useBackup ? 'text' : 'numeric'}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          error={error}
          autoFocus
        />
        <Anchor
          component="button"
          type="button"
          size="sm"
          underline="always"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            setUseBackup((old) => !old);
            setValue('');
            setError(undefined);
          }}
        >
          {useBackup ? 'Use a code from the app instead' : 'Use a backup code instead'}
        </Anchor>
        <Button type="submit" loading={pending}>
          Verify and log in
        </Button>
        <Button type="button" variant="subtle" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </form>
  );
}
