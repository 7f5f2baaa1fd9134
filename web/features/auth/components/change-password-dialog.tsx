// Change password from the user menu: the current password, a new one under the reset rule (with the strength
// meter), its confirmation, and whether to sign out of every other browser and device.
import { Alert, Button, Checkbox, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { AUTH_MESSAGES, formatAuthMessage } from '#common/auth-messages.ts';
import { type TChangePasswordInput, ZChangePasswordSchema } from '#common/schemas/auth.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { changePassword } from '../api.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
type TField = (typeof FIELDS)[number];
type TFieldErrors = Partial<Record<TField, string>>;

const EMPTY_FORM = { currentPassword: '', password: '', confirmPassword: '' };

/** The sentence under the "Password changed" toast: how many other devices were signed out. */
export function signedOutSentence(endOtherSessions: boolean, otherSessionsEnded: number): string {
  if (!endOtherSessions) return 'Your other devices stay signed in.';
  if (otherSessionsEnded === 0) return 'You were not signed in on any other device.';
  return `Signed out of ${otherSessionsEnded} other device${otherSessionsEnded === 1 ? '' : 's'}.`;
}

/** The first message per field of a failed parse, in the schema's order. */
function firstErrorPerField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: TFieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as TField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The dialog; `onClose` also runs after a successful change. */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY_FORM);
  const [endOtherSessions, setEndOtherSessions] = useState(true);
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const set = (field: TField) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget; // read now: the updater below runs after the event is gone
    setForm((old) => ({ ...old, [field]: value }));
    // An edited field's old message no longer describes it.
    setFieldErrors((old) => ({ ...old, [field]: undefined }));
  };

  const close = () => {
    setForm(EMPTY_FORM);
    setEndOtherSessions(true);
    setFieldErrors({});
    setFormError(undefined);
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const input: TChangePasswordInput = { ...form, endOtherSessions };
    const parsed = ZChangePasswordSchema.safeParse(input);
    if (!parsed.success) {
      setFieldErrors(firstErrorPerField(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    setFormError(undefined);
    setPending(true);
    try {
      const result = await changePassword(parsed.data);
      toast('success', {
        title: 'Password changed',
        message: signedOutSentence(parsed.data.endOtherSessions, result.otherSessionsEnded),
      });
      close();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFormError('Something went wrong. Try again.');
        return;
      }
      const onFields = firstErrorPerField(
        Object.entries(error.fieldErrors)
          .filter(([field]) => (FIELDS as readonly string[]).includes(field))
          .map(([field, message]) => ({ path: [field], message })),
      );
      if (Object.keys(onFields).length > 0) {
        setFieldErrors(onFields);
        return;
      }
      if (error.code === 'RATE_LIMITED') setFormError(formatAuthMessage(AUTH_MESSAGES.tooManyAttempts));
      else setFormError(error.message);
      // Signed out meanwhile (elsewhere, or deactivated): the session query lets the guard send them to log in.
      if (error.status === 401) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Change password" size="md">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Change password">
        <Stack gap="sm">
          {formError ? (
            <Alert color="red" variant="light">
              {formError}
            </Alert>
          ) : null}
          {/* Mantine's PasswordInput links the error but leaves aria-invalid off its input. */}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            data-autofocus
            value={form.currentPassword}
            onChange={set('currentPassword')}
            error={fieldErrors.currentPassword}
            aria-invalid={fieldErrors.currentPassword ? true : undefined}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            value={form.password}
            onChange={set('password')}
            error={fieldErrors.password}
            aria-invalid={fieldErrors.password ? true : undefined}
          />
          <PasswordStrengthMeter password={form.password} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            error={fieldErrors.confirmPassword}
            aria-invalid={fieldErrors.confirmPassword ? true : undefined}
          />
          <Checkbox
            label="Sign out of my other devices"
            description="This browser stays signed in; elsewhere you log in again with the new password."
            checked={endOtherSessions}
            onChange={(event) => setEndOtherSessions(event.currentTarget.checked)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" loading={pending} disabled={pending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
