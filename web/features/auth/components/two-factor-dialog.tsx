// Two-factor authentication settings: enrol an authenticator app (QR code, backup codes, first code), replace the
// backup codes, or remove it.
import { Alert, Button, Code, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
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
  const queryClient = useQueryClient();
  const [step, setStep] = useState<TStep>({ kind: 'password' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [enabledAction, setEnabledAction] = useState<TEnabledAction>('backup-codes');

  const close = () => {
    setStep({ kind: 'password' });
    setPassword('');
    setCode('');
    setError(undefined);
    onClose();
  };

  const run = async (action: () => Promise<void>) => {
    setPending(true);
    setError(undefined);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Something went wrong. Try again.');
    } finally {
      setPending(false);
    }
  };

  const onPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter submits with the first button, "New backup codes": the harmless one.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const action: TEnabledAction =
      submitter?.getAttribute('value') === 'disable' ? 'disable' : 'backup-codes';
    setEnabledAction(action);
    void run(async () => {
      if (enabled && action === 'backup-codes') {
        const { backupCodes } = await regenerateBackupCodes(password);
        setPassword('');
        setStep({ kind: 'new-codes', backupCodes });
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
        close();
        return;
      }
      const started = await enableTwoFactor(password);
      setStep({ kind: 'scan', ...started });
    });
  };

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    void run(async () => {
      await confirmTwoFactor(code.trim());
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      toast('success', {
        title: 'Two-factor authentication is on',
        message: 'Each log-in now asks for a code from your app.',
      });
      close();
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="Two-factor authentication" size="lg">
      {step.kind === 'password' ? (
        <form
          onSubmit={onPassword}
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
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={error}
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
        <form onSubmit={onConfirm} noValidate aria-label="Confirm two-factor authentication">
          <Stack gap="sm">
            <Text size="sm">
              1. Scan this code with your authenticator app, or type the key below into it.
            </Text>
            <QrCode value={step.totpUri} />
            <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
              {secretOf(step.totpUri)}
            </Code>
            <Text size="sm">
              2. Save these backup codes somewhere safe. Each one logs you in once if you lose your phone.
            </Text>
            <BackupCodes codes={step.backupCodes} />
            <Text size="sm">3. Enter the 6-digit code the app shows now.</Text>
            <TextInput
              label="Authentication code"
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={error}
            />
            {error && step.kind === 'scan' ? null : (
              <Alert color="gray" variant="light">
                Codes change every 30 seconds; if one is refused, wait for the next.
              </Alert>
            )}
            <Button type="submit" loading={pending}>
              Turn on
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
