// Adding a user to the company (an invitation, or an initial password) and mailing a pending user the link again.
import { v7 as uuidv7 } from 'uuid';
import { normalizeEmail } from '#common/email.ts';
import { AppError } from '#common/errors.ts';
import { type TAddUser, type TCompanyUser, USER_MESSAGES } from '#common/schemas/users.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import { adminCreatedLink, adminCreatedMail, invitationLink, invitationMail } from '../auth/auth-mail.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { createSetPasswordToken } from '../auth/password-links.ts';
import * as repo from './users.repo.ts';
import { checkSeat, checkSysadminRules, type TActionOrigin, userNotFound } from './users-rules.ts';

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
      if (!company) throw userNotFound();
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
  if (!row) throw userNotFound();
  checkSysadminRules(actor, row.role, undefined);
  if (!row.needsPasswordReset) throw new AppError('CONFLICT', USER_MESSAGES.alreadySet);
  if (!row.active) throw new AppError('CONFLICT', 'This user is inactive. Reactivate them first.');
  const invitedBy = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDb;
    const company = await repo.lockCompany(tx, actor.companyId);
    if (!company) throw userNotFound();
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
