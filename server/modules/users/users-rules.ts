// The checks the user changes share (SPEC.md section 6): the user exists, sysadmin-only changes, a free seat.
import { AppError } from '#common/errors.ts';
import { planLimitMessage, planLimitsOf } from '#common/plans.ts';
import type { TRole } from '#common/roles.ts';
import { USER_MESSAGES } from '#common/schemas/users.ts';
import type { TDb } from '../../db/client.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { countActiveUsers } from './users.repo.ts';

/** Where a change came from, for the security events. */
export interface TActionOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** The user is not one of the actor's company. */
export function userNotFound(): AppError {
  return new AppError('NOT_FOUND', USER_MESSAGES.notFound);
}

/** Refuses what only a sysadmin may do: grant sysadmin, or change a sysadmin. */
export function checkSysadminRules(
  actor: TAuthUser,
  targetRole: string | null,
  newRole: TRole | undefined,
): void {
  if (actor.role === 'sysadmin') return;
  if (targetRole === 'sysadmin') throw new AppError('FORBIDDEN', USER_MESSAGES.onlySysadminChangesSysadmin);
  if (newRole === 'sysadmin') {
    throw new AppError('FORBIDDEN', USER_MESSAGES.onlySysadminGrants, {
      role: USER_MESSAGES.onlySysadminGrants,
    });
  }
}

/** Refuses one more active user when the company's plan (as of now) is full. Call with the company locked. */
export async function checkSeat(tx: TDb, companyId: string, plan: { planId: string; planStartedAt: Date }) {
  const limits = planLimitsOf(plan.planId, plan.planStartedAt);
  const active = await countActiveUsers(tx, companyId);
  if (active >= limits.maxUsers)
    throw new AppError('LIMIT_REACHED', planLimitMessage(limits, 'users', active));
}
