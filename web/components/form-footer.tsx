// The end of a dialog's form: the error that belongs to no single field (an alert, read out when it appears), then
// the way out and the submit button, right-aligned. One shape for every dialog that has nothing else down there.
import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export function FormFooter({
  error,
  onCancel,
  cancelLabel = 'Cancel',
  submitLabel,
  pending,
  disabled,
}: {
  /** The form-level error, if any (field errors belong under their fields). */
  error?: string | undefined;
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel: ReactNode;
  /** The mutation is running: the submit button spins and cannot be pressed again. */
  pending: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" loading={pending} disabled={disabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
