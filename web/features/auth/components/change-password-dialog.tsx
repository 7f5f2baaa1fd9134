// Change password from the user menu: the current password, a new one under the reset rule (with the strength
// meter), its confirmation, and whether to sign out of every other browser and device.
import { Button, Checkbox, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES, formatAuthMessage } from '#common/auth-messages.ts';
import { type TChangePassword, ZChangePasswordSchema } from '#common/schemas/auth.ts';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';
import { changePassword } from '../api.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

/** The sentence under the "Password changed" toast: how many other devices were signed out. */
export function signedOutSentence(endOtherSessions: boolean, otherSessionsEnded: number): string {
  if (!endOtherSessions) return 'Your other devices stay signed in.';
  if (otherSessionsEnded === 0) return 'You were not signed in on any other device.';
  return `Signed out of ${otherSessionsEnded} other device${otherSessionsEnded === 1 ? '' : 's'}.`;
}

/** The dialog; `onClose` also runs after a successful change. */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Change password" size="md">
      {/* A fresh form each time the dialog opens. */}
      {opened ? <ChangePasswordForm onClose={onClose} /> : null}
    </Modal>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useContractForm({
    schema: ZChangePasswordSchema,
    initialValues: { currentPassword: '', password: '', confirmPassword: '', endOtherSessions: true },
    toBody: (values): TChangePassword => values,
  });
  const pending = form.submitting;

  const change = async (body: TChangePassword) => {
    try {
      const result = await changePassword(body);
      toast('success', {
        title: 'Password changed',
        message: signedOutSentence(body.endOtherSessions, result.otherSessionsEnded),
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'RATE_LIMITED')
        form.setFormError(formatAuthMessage(AUTH_MESSAGES.tooManyAttempts));
      else form.showFailure(error);
      // Signed out meanwhile (elsewhere, or deactivated): the session query lets the guard send them to log in.
      if (error instanceof ApiError && error.status === 401)
        void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    }
  };

  // Mantine's PasswordInput links the error but leaves aria-invalid off its input.
  const passwordProps = (field: 'currentPassword' | 'password' | 'confirmPassword') => ({
    ...form.getInputProps(field),
    'aria-invalid': form.errorOf(field) ? true : undefined,
  });

  return (
    <form onSubmit={form.onSubmit(change)} noValidate aria-label="Change password">
      <Stack gap="sm">
        {form.formError ? <ErrorAlert>{form.formError}</ErrorAlert> : null}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          data-autofocus
          {...passwordProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          required
          {...passwordProps('password')}
        />
        <PasswordStrengthMeter password={form.values.password} />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          required
          {...passwordProps('confirmPassword')}
        />
        <Checkbox
          label="Sign out of my other devices"
          description="This browser stays signed in; elsewhere you log in again with the new password."
          {...form.getInputProps('endOtherSessions', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending} disabled={pending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
