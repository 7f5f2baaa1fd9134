// The way out for a verified user left without a company: they name the company to create, and become its admin.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#common/errors.ts';
import { DEFAULT_PLAN_ID } from '#common/plans.ts';
import type { TFinishRegistration, TFinishRegistrationResult } from '#common/schemas/finish-registration.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { companyNameTaken, setUpCompany } from './accounts.service.ts';
import { pendingRegistrations, users } from './auth.tables.ts';
import type { TAuth } from './auth.ts';
import { authHeaders, eventOrigin } from './auth-request.ts';

/**
 * Creates the company of the session's user when they have none (request.authState 'no-company'): a new company
 * only, never one that exists, so nobody can join another company this way. Their pending registration, if any,
 * gives the plan; the name and time zone are the ones chosen now.
 */
export async function finishRegistration(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TFinishRegistration,
): Promise<TFinishRegistrationResult> {
  if (request.authState !== 'no-company') {
    if (request.auth) throw new AppError('CONFLICT', 'Your account already belongs to a company.');
    throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  }
  const session = await auth.api.getSession({ headers: authHeaders(request) });
  if (!session) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  const userId = session.user.id;
  let companyId: string;
  try {
    companyId = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as TDb;
      // Locked: two submits at once create one company, the second finds the user's company set.
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!(user?.emailVerified && user.active))
        throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
      if (user.companyId !== null)
        throw new AppError('CONFLICT', 'Your account already belongs to a company.');
      const [pending] = await tx
        .select()
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.userId, userId));
      return setUpCompany(tx, userId, {
        companyName: input.companyName,
        planId: pending?.planId ?? DEFAULT_PLAN_ID,
        timezone: input.timezone,
        firstName: pending?.firstName ?? user.firstName,
        lastName: pending?.lastName ?? user.lastName,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw companyNameTaken();
    throw error;
  }
  // As sign-up's events are: after the commit (losing it in a crash loses an event, not the company).
  await recordSecurityEvent(db, {
    type: 'company_created',
    companyId,
    userId,
    email: session.user.email,
    ...eventOrigin(request),
    details: { via: 'finish-registration', companyName: input.companyName },
  });
  return { status: 'company-created' as const };
}
