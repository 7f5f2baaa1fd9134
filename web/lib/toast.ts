// Toasts: SPEC.md's messages as Mantine notifications, with a title and a message.
import { type NotificationData, notifications } from '@mantine/notifications';
import type { TAuthMessage } from '#common/auth-messages.ts';

type TToastKind = 'success' | 'error' | 'info';

/**
 * The same kind, title and message give the same id: Mantine does not add a notification whose id is already
 * shown, so a message repeated (a wrong password tried twice, a save failing again) stays one toast instead of a stack.
 * Encoded, because Mantine also writes it as the element's id, where spaces are not allowed.
 */
export function toastId(kind: TToastKind, message: TAuthMessage): string {
  return `toast:${kind}:${encodeURIComponent(message.title)}:${encodeURIComponent(message.message)}`;
}

/**
 * Shows a success, error or information toast, unless the same one is already on screen; at `position` when a
 * screen needs it elsewhere than the app's corner (the shop floor keeps a phone's header and step title clear).
 */
export function toast(
  kind: TToastKind,
  message: TAuthMessage,
  position?: NotificationData['position'],
): void {
  notifications.show({
    ...(position ? { position } : {}),
    id: toastId(kind, message),
    title: message.title,
    message: message.message || undefined,
    color: kind === 'success' ? 'green' : kind === 'error' ? 'red' : 'forge',
    autoClose: kind === 'error' ? 8000 : 5000,
  });
}
