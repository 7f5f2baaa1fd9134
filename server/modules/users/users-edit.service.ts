// Changing a company's user: role, labor rate, active state, and an admin's reset of a lost second factor.
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { type TCompanyUser, type TUpdateUser, USER_MESSAGES } from '#common/schemas/users.ts';
import type { TDb } from '../../db/client.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { actorOf, changedFields, recordAudit } from '../audit/audit.ts';
import * as repo from './users.repo.ts';
import { checkSeat, checkSysadminRules, type TActionOrigin, userNotFound } from './users-rules.ts';

const hasAdminRights = (role: string) => role === 'admin' || role === 'sysadmin';

/**
 * Changes a user's role, burdened labor rate or active state. Inactivation deletes the user's sessions in the
 * same transaction, so their very next request is signed out; reactivation needs a free seat.
 */
export async function updateUser(
  db: TDb,
  actor: TAuthUser,
  id: string,
  patch: TUpdateUser,
  origin: TActionOrigin,
): Promise<TCompanyUser> {
  const { before, after, sessionsEnded } = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDb;
    const company = await repo.lockCompany(tx, actor.companyId);
    const target = company ? await repo.findCompanyUser(tx, actor.companyId, id) : null;
    if (!company || !target) throw userNotFound();
    checkSysadminRules(actor, target.role, patch.role);
    if (patch.active === false && target.id === actor.userId) {
      throw new AppError('CONFLICT', USER_MESSAGES.notSelfInactivate, {
        active: USER_MESSAGES.notSelfInactivate,
      });
    }
    const losesAdminRights =
      target.active &&
      hasAdminRights(target.role) &&
      (patch.active === false || (patch.role !== undefined && !hasAdminRights(patch.role)));
    if (losesAdminRights && (await repo.countOtherActiveAdmins(tx, actor.companyId, target.id)) === 0) {
      throw new AppError('CONFLICT', USER_MESSAGES.lastAdmin);
    }
    if (patch.active === true && !target.active) await checkSeat(tx, actor.companyId, company);
    const updated = await repo.updateUser(tx, actor.companyId, target.id, {
      ...(patch.role !== undefined ? { role: patch.role } : {}),
      ...(patch.burdenedLaborRate !== undefined ? { burdenedLaborRate: patch.burdenedLaborRate } : {}),
      ...(patch.active !== undefined ? { active: patch.active } : {}),
    });
    if (!updated) throw userNotFound();
    const ended = patch.active === false && target.active ? await repo.deleteUserSessions(tx, target.id) : 0;
    const rateBefore = normalizeDecimal(target.burdenedLaborRate ?? '0');
    const rateAfter = normalizeDecimal(updated.burdenedLaborRate ?? '0');
    if (rateAfter !== rateBefore) {
      // Dated from now: cost reports use the rate that was in force when the work was done, so a change made today
      // never re-prices earlier time (a back-dated rate is users-rates.service.ts, with its preview).
      await repo.insertLaborRate(tx, {
        companyId: actor.companyId,
        userId: target.id,
        rate: rateAfter,
        setBy: actor.userId,
        effectiveFrom: new Date(),
      });
    }
    const diff = changedFields(
      { role: target.role, burdenedLaborRate: rateBefore, active: target.active },
      { role: updated.role, burdenedLaborRate: rateAfter, active: updated.active },
    );
    if (Object.keys(diff.after).length > 0) {
      await recordAudit(tx, actor.companyId, actorOf(actor), {
        entityType: 'user',
        entityId: target.id,
        entityLabel: target.email,
        action: target.active === updated.active ? 'updated' : updated.active ? 'reactivated' : 'inactivated',
        ...diff,
      });
    }
    return { before: target, after: updated, sessionsEnded: ended };
  });
  const event = { userId: after.id, companyId: actor.companyId, email: after.email, ...origin };
  if (before.role !== after.role) {
    await recordSecurityEvent(db, {
      ...event,
      type: 'role_changed',
      details: { by: actor.userId, from: before.role, to: after.role },
    });
  }
  if (before.active !== after.active) {
    await recordSecurityEvent(db, {
      ...event,
      type: after.active ? 'user_reactivated' : 'user_deactivated',
      details: { by: actor.userId, sessionsEnded },
    });
  }
  return repo.toCompanyUser(after);
}

/**
 * Resets a user's second factor (they lost their authenticator): TOTP off, the secret and backup codes deleted and
 * their sessions ended, in one transaction; the next sign-in asks for the password alone. Not one's own: that is
 * the password-confirmed disable of the two-factor settings.
 */
export async function resetUserTwoFactor(
  db: TDb,
  actor: TAuthUser,
  id: string,
  origin: TActionOrigin,
): Promise<TCompanyUser> {
  const after = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDb;
    const target = await repo.findCompanyUser(tx, actor.companyId, id);
    if (!target) throw userNotFound();
    checkSysadminRules(actor, target.role, undefined);
    if (target.id === actor.userId) throw new AppError('CONFLICT', USER_MESSAGES.notSelfResetSecondFactor);
    const updated = await repo.resetUserTwoFactor(tx, actor.companyId, target.id);
    if (!updated) throw new AppError('CONFLICT', USER_MESSAGES.noSecondFactor);
    await repo.deleteUserSessions(tx, target.id);
    await recordAudit(tx, actor.companyId, actorOf(actor), {
      entityType: 'user',
      entityId: target.id,
      entityLabel: target.email,
      action: 'two-factor-removed',
      before: { mfaEnabled: true },
      after: { mfaEnabled: false },
    });
    return updated;
  });
  await recordSecurityEvent(db, {
    type: 'mfa_disabled',
    userId: after.id,
    companyId: actor.companyId,
    email: after.email,
    ...origin,
    details: { by: actor.userId, reason: 'admin-reset' },
  });
  return repo.toCompanyUser(after);
}
