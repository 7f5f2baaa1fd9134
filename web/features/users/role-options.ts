// The roles an admin may hand out, as select options: sysadmin only for sysadmins (the server checks it too).
import type { TRole } from '#common/roles.ts';

export const ROLE_LABELS: Record<TRole, string> = { user: 'User', admin: 'Admin', sysadmin: 'Sysadmin' };

export function roleOptions(actorRole: TRole): { value: TRole; label: string }[] {
  const roles: TRole[] = actorRole === 'sysadmin' ? ['user', 'admin', 'sysadmin'] : ['user', 'admin'];
  return roles.map((value) => ({ value, label: ROLE_LABELS[value] }));
}

/** Field errors of a failed zod parse, by top-level field, first message each. */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
