// How the admin list says which second factors a user has (decision 089): an authenticator app, a passkey, both.
import type { TUserListItem } from '#common/schemas/users.ts';

/** "Authenticator app", "Passkey", "Authenticator app, passkey" or "Off". */
export function mfaLabel(user: Pick<TUserListItem, 'mfaEnabled' | 'hasPasskey'>): string {
  if (user.mfaEnabled && user.hasPasskey) return 'Authenticator app, passkey';
  if (user.mfaEnabled) return 'Authenticator app';
  if (user.hasPasskey) return 'Passkey';
  return 'Off';
}
