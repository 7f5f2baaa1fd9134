// Toasts: SPEC.md's messages as Mantine notifications, with a title and a message.
import { notifications } from '@mantine/notifications';
import type { TAuthMessage } from '#common/auth-messages.ts';

/** Shows a success, error or information toast. */
export function toast(kind: 'success' | 'error' | 'info', message: TAuthMessage): void {
  notifications.show({
    title: message.title,
    message: message.message || undefined,
    color: kind === 'success' ? 'green' : kind === 'error' ? 'red' : 'forge',
    autoClose: kind === 'error' ? 8000 : 5000,
  });
}
