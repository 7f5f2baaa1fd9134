// The roles an admin may hand out, as select options: sysadmin only for sysadmins (the server checks it too).
import type { TRole } from '#common/roles.ts';

export const ROLE_LABELS: Record<TRole, string> = { user: 'User', admin: 'Admin', sysadmin: 'Sysadmin' };

export function roleOptions(actorRole: TRole): { value: TRole; label: string }[] {
  const roles: TRole[] = actorRole === 'sysadmin' ? ['user', 'admin', 'sysadmin'] : ['user', 'admin'];
  return roles.map((value) => ({ value, label: ROLE_LABELS[value] }));
}
