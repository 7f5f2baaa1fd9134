// The three roles of SPEC.md section 6 and the order of their rights.
import { z } from 'zod';

/** Roles, from fewest rights to most. */
export const ROLES = ['user', 'admin', 'sysadmin'] as const;
export const ZRoleSchema = z.enum(ROLES);
export type TRole = z.infer<typeof ZRoleSchema>;

/** The least role a route or nav entry asks for. */
export type TAccess = 'public' | 'signed-in' | 'admin' | 'sysadmin';

const RANK: Record<TRole, number> = { user: 0, admin: 1, sysadmin: 2 };

/** True when `role` has at least the rights of `least` (a sysadmin has every admin right). */
export function hasRole(role: TRole, least: TRole): boolean {
  return RANK[role] >= RANK[least];
}

/** True when a signed-in user with `role` may open something that asks for `access`. */
export function canAccess(role: TRole | null, access: TAccess): boolean {
  if (access === 'public') return true;
  if (role === null) return false;
  if (access === 'signed-in') return true;
  return hasRole(role, access);
}
