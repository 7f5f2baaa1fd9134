// The rules of managing a company's users (SPEC.md section 6): admins add, change and inactivate; the last admin
// stays; only a sysadmin makes or changes a sysadmin; the plan caps active users; inactivation ends sessions; an
// admin resets the second factor of a user who lost it.
import { v7 as uuidv7 } from 'uuid';
import { normalizeEmail } from '#common/email.ts';
import { AppError } from '#common/errors.ts';
import { planLimitMessage, planLimitsOf } from '#common/plans.ts';
import type { TRole } from '#common/roles.ts';
import {
  type TAddUser,
  type TCompanyUser,
  type TUpdateUser,
  type TUserListQuery,
  type TUserPage,
  USER_MESSAGES,
} from '#common/schemas/users.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { actorOf, changedFields, recordAudit } from '../audit/audit.ts';
import { adminCreatedLink, adminCreatedMail, invitationLink, invitationMail } from '../auth/auth-mail.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { createSetPasswordToken } from '../auth/password-links.ts';
import * as repo from './users.repo.ts';

/** Where a change came from, for the security events. */
export interface TActionOrigin {
  ip: string | null;
  userAgent: string | null;
}

const hasAdminRights = (role: string) => role === 'admin' || role === 'sysadmin';

function notFound(): AppError {
  return new AppError('NOT_FOUND', USER_MESSAGES.notFound);
}

/** Refuses what only a sysadmin may do: grant sysadmin, or change a sysadmin. */
function checkSysadminRules(actor: TAuthUser, targetRole: string | null, newRole: TRole | undefined): void {
  if (actor.role === 'sysadmin') return;
  if (targetRole === 'sysadmin') throw new AppError('FORBIDDEN', USER_MESSAGES.onlySysadminChangesSysadmin);
  if (newRole === 'sysadmin') {
    throw new AppError('FORBIDDEN', USER_MESSAGES.onlySysadminGrants, {
      role: USER_MESSAGES.onlySysadminGrants,
    });
  }
}

/** Refuses one more active user when the company's plan (as of now) is full. Call with the company locked. */
async function checkSeat(tx: TDb, companyId: string, plan: { planId: string; planStartedAt: Date }) {
  const limits = planLimitsOf(plan.planId, plan.planStartedAt);
  const active = await repo.countActiveUsers(tx, companyId);
  if (active >= limits.maxUsers)
    throw new AppError('LIMIT_REACHED', planLimitMessage(limits, 'users', active));
}

/** A page of the company's users. */
export async function listUsers(db: TDb, actor: TAuthUser, query: TUserListQuery): Promise<TUserPage> {
  const { rows, total } = await repo.listCompanyUsers(db, actor.companyId, query);
  return { items: rows.map(repo.toCompanyUser), total, page: query.page, pageSize: query.pageSize };
}

/** One user of the company. */
export async function getUser(db: TDb, actor: TAuthUser, id: string): Promise<TCompanyUser> {
  const row = await repo.findCompanyUser(db, actor.companyId, id);
  if (!row) throw notFound();
  return repo.toCompanyUser(row);
}

/**
 * Adds a user to the actor's company: the row, the initial password when one was given, the set-password link
 * and its mail, all in one transaction. Until they use the link the user cannot log in (needs_password_reset).
 */
export async function addUser(
  db: TDb,
  actor: TAuthUser,
  input: TAddUser,
  appUrl: string,
  origin: TActionOrigin,
): Promise<TCompanyUser> {
  checkSysadminRules(actor, null, input.role);
  const email = normalizeEmail(input.email);
  const emailTaken = () =>
    new AppError('CONFLICT', USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
  // Hashing takes a fraction of a second on purpose; do it before the transaction holds the company lock.
  const passwordHash = input.method === 'password' ? await hashPassword(input.password) : null;
  const invitedBy = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
  try {
    const created = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as TDb;
      const company = await repo.lockCompany(tx, actor.companyId);
      if (!company) throw notFound();
      await checkSeat(tx, actor.companyId, company);
      const id = uuidv7();
      const row = await repo.insertUser(tx, {
        id,
        name: `${input.firstName} ${input.lastName}`,
        email,
        // Marked verified so that a sign-in before the set-password link is refused as PASSWORD_RESET_REQUIRED
        // ("check your email and follow the link"), not EMAIL_NOT_VERIFIED, which sends them to verify the
        // address and offers a verification mail that cannot sign them in. Nobody signs in as this user before
        // the mailed link proves the address: needsPasswordReset blocks every session until then.
        emailVerified: true,
        companyId: actor.companyId,
        role: input.role,
        firstName: input.firstName,
        lastName: input.lastName,
        active: true,
        burdenedLaborRate: input.burdenedLaborRate,
        needsPasswordReset: true,
      });
      if (passwordHash) await repo.insertCredentialAccount(tx, { id: uuidv7(), userId: id, passwordHash });
      await repo.insertLaborRate(tx, {
        companyId: actor.companyId,
        userId: id,
        rate: input.burdenedLaborRate,
        setBy: actor.userId,
      });
      await recordAudit(tx, actor.companyId, actorOf(actor), {
        entityType: 'user',
        entityId: id,
        entityLabel: email,
        action: input.method === 'invite' ? 'invited' : 'created-with-password',
        after: {
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          burdenedLaborRate: input.burdenedLaborRate,
        },
      });
      const token = await createSetPasswordToken(tx, id);
      const mail = {
        to: email,
        firstName: input.firstName,
        companyName: company.name,
        invitedBy,
        companyId: actor.companyId,
      };
      await enqueueMail(
        tx,
        input.method === 'invite'
          ? invitationMail({ ...mail, link: invitationLink(appUrl, token) })
          : adminCreatedMail({ ...mail, link: adminCreatedLink(appUrl, token) }),
      );
      return row;
    });
    await recordSecurityEvent(db, {
      type: 'user_created',
      userId: created.id,
      companyId: actor.companyId,
      email,
      ...origin,
      details: { by: actor.userId, method: input.method, role: input.role },
    });
    return repo.toCompanyUser(created);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** Mails a pending user a new set-password link (the old one keeps working until it expires). */
export async function resendInvitation(
  db: TDb,
  actor: TAuthUser,
  id: string,
  appUrl: string,
): Promise<TCompanyUser> {
  const row = await repo.findCompanyUser(db, actor.companyId, id);
  if (!row) throw notFound();
  checkSysadminRules(actor, row.role, undefined);
  if (!row.needsPasswordReset) throw new AppError('CONFLICT', USER_MESSAGES.alreadySet);
  if (!row.active) throw new AppError('CONFLICT', 'This user is inactive. Reactivate them first.');
  const invitedBy = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDb;
    const company = await repo.lockCompany(tx, actor.companyId);
    if (!company) throw notFound();
    const token = await createSetPasswordToken(tx, row.id);
    await recordAudit(tx, actor.companyId, actorOf(actor), {
      entityType: 'user',
      entityId: row.id,
      entityLabel: row.email,
      action: 'invitation-sent-again',
    });
    await enqueueMail(
      tx,
      invitationMail({
        to: row.email,
        firstName: row.firstName,
        companyName: company.name,
        invitedBy,
        companyId: actor.companyId,
        link: invitationLink(appUrl, token),
      }),
    );
  });
  return repo.toCompanyUser(row);
}

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
    if (!company || !target) throw notFound();
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
    if (!updated) throw notFound();
    const ended = patch.active === false && target.active ? await repo.deleteUserSessions(tx, target.id) : 0;
    if (updated.burdenedLaborRate !== target.burdenedLaborRate) {
      // Dated: cost reports use the rate that was in force when the work was done.
      await repo.insertLaborRate(tx, {
        companyId: actor.companyId,
        userId: target.id,
        rate: updated.burdenedLaborRate ?? 0,
        setBy: actor.userId,
      });
    }
    const diff = changedFields(
      { role: target.role, burdenedLaborRate: target.burdenedLaborRate ?? 0, active: target.active },
      { role: updated.role, burdenedLaborRate: updated.burdenedLaborRate ?? 0, active: updated.active },
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
    if (!target) throw notFound();
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
