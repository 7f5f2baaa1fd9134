// The first sysadmin of an installation: nobody can grant sysadmin through the app before one exists, so the
// operator runs `npm run sysadmin` on the server (server/cli/create-sysadmin.ts), which calls this.
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { normalizeEmail } from '#common/email.ts';
import { AppError } from '#common/errors.ts';
import { checkStrictPassword } from '#common/password.ts';
import type { TDb } from '../../db/client.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { recordAudit, systemActor } from '../audit/audit.ts';
import { findUserByEmail } from '../auth/accounts.repo.ts';
import { users } from '../auth/auth.tables.ts';
import { adminCreatedLink, adminCreatedMail } from '../auth/auth-mail.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { createSetPasswordToken } from '../auth/password-links.ts';
import * as companiesRepo from '../companies/companies.repo.ts';
import { createCompany } from '../companies/companies.service.ts';
import * as repo from './users.repo.ts';

/** How the trail names the command line. */
const CLI_ACTOR = 'npm run sysadmin (server command line)';

export interface TBootstrapSysadmin {
  email: string;
  firstName: string;
  lastName: string;
  /** The company a new account joins (created when no company has that name); ignored for an existing user. */
  companyName: string;
  /** A password to set now (strict policy); without one, a set-password link is mailed and returned. */
  password?: string;
  appUrl: string;
}

export type TBootstrapResult =
  | { action: 'promoted'; userId: string; companyName: string }
  | { action: 'created'; userId: string; companyName: string; setPasswordLink: string | null };

/**
 * Makes `email` a sysadmin: promotes an existing account of any company, or creates a new one in `companyName`
 * (and the company when it does not exist). Either way the change is recorded as a security event.
 */
export async function bootstrapSysadmin(db: TDb, input: TBootstrapSysadmin): Promise<TBootstrapResult> {
  const email = normalizeEmail(input.email);
  if (input.password !== undefined) {
    const problem = checkStrictPassword(input.password);
    if (problem) throw new AppError('VALIDATION', problem, { password: problem });
  }
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!existing.companyId) {
      throw new AppError(
        'CONFLICT',
        `${email} has signed up but not verified the address yet; verify it first.`,
      );
    }
    const companyId = existing.companyId;
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as TDb;
      await tx
        .update(users)
        .set({ role: 'sysadmin', active: true, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      await recordAudit(tx, companyId, systemActor(CLI_ACTOR), {
        entityType: 'user',
        entityId: existing.id,
        entityLabel: email,
        action: 'updated',
        before: { role: existing.role, active: existing.active },
        after: { role: 'sysadmin', active: true },
      });
    });
    await recordSecurityEvent(db, {
      type: 'role_changed',
      userId: existing.id,
      companyId: existing.companyId,
      email,
      details: { by: 'command line', from: existing.role, to: 'sysadmin' },
    });
    const company = await companiesRepo.findCompany(db, existing.companyId);
    return { action: 'promoted', userId: existing.id, companyName: company?.name ?? '' };
  }

  const company =
    (await companiesRepo.findCompanyByName(db, input.companyName)) ??
    (await createCompany(db, { name: input.companyName }));
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  const { userId, link } = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDb;
    const id = uuidv7();
    await repo.insertUser(tx, {
      id,
      name: `${input.firstName} ${input.lastName}`,
      email,
      emailVerified: passwordHash !== null,
      companyId: company.id,
      role: 'sysadmin',
      firstName: input.firstName,
      lastName: input.lastName,
      active: true,
      burdenedLaborRate: '0',
      needsPasswordReset: passwordHash === null,
    });
    await repo.insertLaborRate(tx, { companyId: company.id, userId: id, rate: '0', setBy: null });
    await recordAudit(tx, company.id, systemActor(CLI_ACTOR), {
      entityType: 'user',
      entityId: id,
      entityLabel: email,
      action: 'created',
      after: { email, firstName: input.firstName, lastName: input.lastName, role: 'sysadmin' },
    });
    if (passwordHash) {
      await repo.insertCredentialAccount(tx, { id: uuidv7(), userId: id, passwordHash });
      return { userId: id, link: null };
    }
    const setPasswordLink = adminCreatedLink(input.appUrl, await createSetPasswordToken(tx, id));
    await enqueueMail(
      tx,
      adminCreatedMail({
        to: email,
        firstName: input.firstName,
        companyName: company.name,
        invitedBy: 'Your Forgeboard operator',
        companyId: company.id,
        link: setPasswordLink,
      }),
    );
    return { userId: id, link: setPasswordLink };
  });
  await recordSecurityEvent(db, {
    type: 'user_created',
    userId,
    companyId: company.id,
    email,
    details: { by: 'command line', role: 'sysadmin' },
  });
  return { action: 'created', userId, companyName: company.name, setPasswordLink: link };
}
