// The floor's toasts rise from the bottom of the screen: at the app's top corner they cover a phone's header and the
// step's title, the two things an operator looks at to know where they are.
import type { TAuthMessage } from '#common/auth-messages.ts';
import { toast } from '../../lib/toast.ts';

/** A toast of the shop floor, at the bottom centre. */
export function floorToast(kind: 'success' | 'error' | 'info', message: TAuthMessage): void {
  toast(kind, message, 'bottom-center');
}
