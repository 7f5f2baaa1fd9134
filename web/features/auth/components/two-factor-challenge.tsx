// The second step of a sign-in with two-factor authentication: a code from the app, or a backup code.
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { AUTH_MESSAGES } from '#common/auth-messages.ts';
import type { TUserProfile } from '#common/schemas/session.ts';
import { ZTwoFactorVerifySchema } from '#common/schemas/two-factor.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { toast } from '../../../lib/toast.ts';
import { verifyTwoFactor } from '../api.ts';
import { TwoFactorPasskeyButton } from '../passkeys/two-factor-passkey-button.tsx';

/** What the sign-in's second step sends: the app's code or a backup code. */
type TCodeBody = Parameters<typeof verifyTwoFactor>[0];

/** The code as typed, without the spaces an app shows in it. */
const enteredCode = (value: string) => value.replace(/\s+/g, '');

export function TwoFactorChallenge({
  onSignedIn,
  onCancel,
}: {
  onSignedIn: (user: TUserProfile) => void;
  onCancel: () => void;
}) {
  const form = useContractForm({
    schema: ZTwoFactorVerifySchema,
    initialValues: { useBackup: false, value: '' },
    toBody: ({ useBackup, value }): TCodeBody => {
      const entered = enteredCode(value);
      return useBackup ? { backupCode: entered } : { code: entered };
    },
    // One box takes either code.
    paths: { code: 'value', backupCode: 'value' },
    // A backup code is longer than 6 characters: a shorter one is a mistype, said before the server counts it.
    rules: ({ useBackup, value }) => ({
      value: useBackup && enteredCode(value).length < 6 && 'Enter one of your backup codes',
    }),
  });
  const { useBackup } = form.values;

  const verify = async (body: TCodeBody) => {
    try {
      const result = await verifyTwoFactor(body);
      onSignedIn(result.user);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'RATE_LIMITED')
        toast('error', AUTH_MESSAGES.tooManyAttempts);
      else if (failure instanceof ApiError) form.showFailure(failure);
      else form.setFormError('That code could not be checked. Try again.');
    }
  };

  return (
    <form onSubmit={form.onSubmit(verify)} noValidate aria-label="Two-factor sign-in">
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
          {...form.getInputProps('value')}
          // The refusal of a code is about this box, whether the server named it or not.
          error={form.errorOf('value') ?? form.formError}
          autoFocus
        />
        <Anchor
          component="button"
          type="button"
          size="sm"
          underline="always"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            form.setValues({ useBackup: !useBackup, value: '' });
            form.clearErrors();
          }}
        >
          {useBackup ? 'Use a code from the app instead' : 'Use a backup code instead'}
        </Anchor>
        <Button type="submit" loading={form.submitting}>
          Verify and log in
        </Button>
        <TwoFactorPasskeyButton onSignedIn={onSignedIn} onError={form.setFormError} />
        <Button type="button" variant="subtle" onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </form>
  );
}
