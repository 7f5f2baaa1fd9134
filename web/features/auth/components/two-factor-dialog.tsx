// Two-factor authentication settings: enrol an authenticator app (QR code, backup codes, first code), replace the
// backup codes, or remove it.
import { Alert, Button, Code, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { ZTwoFactorConfirmSchema, ZTwoFactorPasswordSchema } from '#common/schemas/two-factor.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { confirmTwoFactor, disableTwoFactor, enableTwoFactor, regenerateBackupCodes } from '../api.ts';
import { BackupCodes } from './backup-codes.tsx';

type TStep =
  | { kind: 'password' }
  | { kind: 'scan'; totpUri: string; backupCodes: string[] }
  | { kind: 'new-codes'; backupCodes: string[] };

/** What the password form does when two-factor is on: the button that submitted it says (Enter: new codes). */
type TEnabledAction = 'backup-codes' | 'disable';

/** The secret an otpauth:// URI carries, shown for typing it in by hand. */
function secretOf(totpUri: string): string {
  return new URL(totpUri).searchParams.get('secret') ?? '';
}

function QrCode({ value }: { value: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    // Drawn here, from our own URI: the secret never leaves the page (the CSP allows data: images).
    void QRCode.toDataURL(value, { margin: 4, width: 200, errorCorrectionLevel: 'M' }).then(setSrc);
  }, [value]);
  return src ? <img src={src} width={200} height={200} alt="QR code for your authenticator app" /> : null;
}

export function TwoFactorDialog({
  opened,
  onClose,
  enabled,
}: {
  opened: boolean;
  onClose: () => void;
  enabled: boolean;
}) {
  const [step, setStep] = useState<TStep>({ kind: 'password' });
  // Each step's form lives in the step, so closing (the modal unmounts it) starts the next opening afresh.
  const close = () => {
    setStep({ kind: 'password' });
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Two-factor authentication" size="lg">
      {step.kind === 'password' ? (
        <PasswordStep enabled={enabled} onStep={setStep} onClose={close} />
      ) : step.kind === 'new-codes' ? (
        <Stack gap="sm">
          <Alert color="yellow" variant="light" title="Your old backup codes no longer work">
            Save these new codes somewhere safe now: they are shown only this once. Each one logs you in once
            if you lose your phone.
          </Alert>
          <BackupCodes codes={step.backupCodes} />
          <Button onClick={close}>Done</Button>
        </Stack>
      ) : (
        <ConfirmStep totpUri={step.totpUri} backupCodes={step.backupCodes} onClose={close} />
      )}
    </Modal>
  );
}

/** The password again: to start enrolment, or (when on) for new backup codes or to turn it off. */
function PasswordStep({
  enabled,
  onStep,
  onClose,
}: {
  enabled: boolean;
  onStep: (step: TStep) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useContractForm({ schema: ZTwoFactorPasswordSchema, initialValues: { password: '' } });
  const [enabledAction, setEnabledAction] = useState<TEnabledAction>('backup-codes');
  const pending = form.submitting;

  const act = async ({ password }: { password: string }, action: TEnabledAction) => {
    if (enabled && action === 'backup-codes') {
      const { backupCodes } = await regenerateBackupCodes(password);
      onStep({ kind: 'new-codes', backupCodes });
      toast('success', {
        title: 'New backup codes',
        message: 'Save them now: your old backup codes no longer work.',
      });
      return;
    }
    if (enabled) {
      await disableTwoFactor(password);
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      toast('success', {
        title: 'Two-factor authentication is off',
        message: 'Log-ins need only your password now.',
      });
      onClose();
      return;
    }
    const started = await enableTwoFactor(password);
    onStep({ kind: 'scan', ...started });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Enter submits with the first button, "New backup codes": the harmless one.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const action: TEnabledAction =
      submitter?.getAttribute('value') === 'disable' ? 'disable' : 'backup-codes';
    setEnabledAction(action);
    // A refusal shows under the step's one field, whether the server named the field or not.
    form.onSubmit((body) => act(body, action).catch(form.showFailure))(event);
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={enabled ? 'Manage two-factor authentication' : 'Set up two-factor authentication'}
    >
      <Stack gap="sm">
        <Text size="sm">
          {enabled
            ? 'Two-factor authentication is on. Enter your password to get new backup codes (the old ones stop working) or to turn it off.'
            : 'Protect your account with a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) at every log-in. Enter your password to begin.'}
        </Text>
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          {...form.getInputProps('password')}
          error={form.errorOf('password') ?? form.formError}
        />
        {enabled ? (
          <Group grow>
            <Button
              type="submit"
              value="backup-codes"
              loading={pending && enabledAction === 'backup-codes'}
              disabled={pending && enabledAction !== 'backup-codes'}
            >
              New backup codes
            </Button>
            <Button
              type="submit"
              value="disable"
              color="red"
              variant="light"
              loading={pending && enabledAction === 'disable'}
              disabled={pending && enabledAction !== 'disable'}
            >
              Turn off
            </Button>
          </Group>
        ) : (
          <Button type="submit" loading={pending}>
            Continue
          </Button>
        )}
      </Stack>
    </form>
  );
}

/** The app scanned, the backup codes saved: the first code turns two-factor on. */
function ConfirmStep({
  totpUri,
  backupCodes,
  onClose,
}: {
  totpUri: string;
  backupCodes: string[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const form = useContractForm({
    schema: ZTwoFactorConfirmSchema,
    initialValues: { code: '' },
    toBody: ({ code }) => ({ code: code.trim() }),
  });
  const error = form.errorOf('code') ?? form.formError;

  const confirm = async ({ code }: { code: string }) => {
    await confirmTwoFactor(code);
    await queryClient.invalidateQueries({ queryKey: queryKeys.session });
    toast('success', {
      title: 'Two-factor authentication is on',
      message: 'Each log-in now asks for a code from your app.',
    });
    onClose();
  };

  return (
    <form
      onSubmit={form.onSubmit((body) => confirm(body).catch(form.showFailure))}
      noValidate
      aria-label="Confirm two-factor authentication"
    >
      <Stack gap="sm">
        <Text size="sm">1. Scan this code with your authenticator app, or type the key below into it.</Text>
        <QrCode value={totpUri} />
        <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {secretOf(totpUri)}
        </Code>
        <Text size="sm">
          2. Save these backup codes somewhere safe. Each one logs you in once if you lose your phone.
        </Text>
        <BackupCodes codes={backupCodes} />
        <Text size="sm">3. Enter the 6-digit code the app shows now.</Text>
        <TextInput
          label="Authentication code"
          autoComplete="one-time-code"
          inputMode="numeric"
          {...form.getInputProps('code')}
          error={error}
        />
        {error ? null : (
          <Alert color="gray" variant="light">
            Codes change every 30 seconds; if one is refused, wait for the next.
          </Alert>
        )}
        <Button type="submit" loading={form.submitting}>
          Turn on
        </Button>
      </Stack>
    </form>
  );
}
