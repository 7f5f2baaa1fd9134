// The floor's toasts rise from the bottom of the screen, one at a time: at the app's top corner they covered a
// phone's header and the step's title, the two things an operator looks at to know where they are, and a stack of
// scans' toasts covered half the screen. Each new one replaces the last (the last is kept here, one per page).
import { notifications } from '@mantine/notifications';
import type { TAuthMessage } from '#common/auth-messages.ts';
import { toast, toastId } from '../../lib/toast.ts';

let shown: string | null = null;

/** A toast of the shop floor, at the bottom centre, in place of the floor's previous one. */
export function floorToast(kind: 'success' | 'error' | 'info', message: TAuthMessage): void {
  if (shown) notifications.hide(shown);
  shown = toastId(kind, message);
  toast(kind, message, 'bottom-center');
}

/**
 * Hides the floor's toast: at the bottom of a phone it lies over the lower half of a picker's list, so a form the
 * operator starts to fill clears it first (its message was read; the form's own result comes next).
 */
export function hideFloorToast(): void {
  if (shown) notifications.hide(shown);
  shown = null;
}
