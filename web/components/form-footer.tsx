// The end of a dialog's form: the error that belongs to no single field (an alert, read out when it appears), then
// the way out and the submit button, right-aligned. One shape for every dialog that has nothing else down there.
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert.tsx';

export function FormFooter({
  error,
  onCancel,
  cancelLabel = 'Cancel',
  submitLabel,
  submitColor,
  pending,
  disabled,
}: {
  /** The form-level error, if any (field errors belong under their fields). */
  error?: string | undefined;
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel: ReactNode;
  /** The submit button's colour when it undoes or destroys something ("red"); the theme's otherwise. */
  submitColor?: string;
  /** The mutation is running: the submit button spins and cannot be pressed again. */
  pending: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" color={submitColor} loading={pending} disabled={disabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
