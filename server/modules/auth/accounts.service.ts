// Our account rules around better-auth: registration completion, CSRF, rate limits and events of the auth routes.
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '#common/errors.ts';
import { DEFAULT_PLAN_ID, type TPlanId, ZPlanIdSchema } from '#common/plans.ts';
import { COMPANY_NAME_UNAVAILABLE_TEXT, SIGN_IN_MESSAGES } from '#common/schemas/auth.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { consumeNamedRateLimit, type TRateLimitName } from '../../security/rate-limits.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { createCompany } from '../companies/companies.service.ts';
import { insertLaborRate } from '../users/users.repo.ts';
import { pendingRegistrations, users } from './auth.tables.ts';
import { eventOrigin } from './auth-request.ts';

/** better-auth's APIError, read without depending on its class: the HTTP status and its `code`. */
export function betterAuthErrorOf(error: unknown): { statusCode: number; code: string } | null {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return null;
  const statusCode = (error as { statusCode: unknown }).statusCode;
  const body = (error as { body?: { code?: unknown } }).body;
  if (typeof statusCode !== 'number') return null;
  return { statusCode, code: typeof body?.code === 'string' ? body.code : '' };
}

/** Double-submit CSRF check: the body's token must equal the fb_csrf cookie's (constant-time). */
export function checkCsrf(bodyToken: unknown, cookieToken: string | undefined): void {
  const valid =
    typeof bodyToken === 'string' &&
    typeof cookieToken === 'string' &&
    /^[0-9a-f]{64}$/.test(bodyToken) &&
    bodyToken.length === cookieToken.length &&
    timingSafeEqual(Buffer.from(bodyToken), Buffer.from(cookieToken));
  if (!valid) throw new AppError('CSRF_INVALID', SIGN_IN_MESSAGES.csrfInvalid);
}

/**
 * Counts one attempt against each named limit (subject: the e-mail for account limits, the client address for
 * address limits) and refuses with 429 and Retry-After, recording a rate_limited event, at the first one over.
 */
export async function enforceRateLimits(
  db: TDb,
  request: FastifyRequest,
  limits: readonly { name: TRateLimitName; subject: string }[],
  event: { email?: string; action: string },
): Promise<void> {
  for (const { name, subject } of limits) {
    const verdict = await consumeNamedRateLimit(db, name, subject);
    if (!verdict.allowed) {
      await recordSecurityEvent(db, {
        type: 'rate_limited',
        email: event.email ?? null,
        ...eventOrigin(request),
        details: { limit: name, action: event.action },
      });
      throw AppError.rateLimited(SIGN_IN_MESSAGES.tooManyAttempts, verdict.retryAfterMs);
    }
  }
}

/** The taken-company refusal of sign-up and completion (SPEC.md section 8). */
export function companyNameTaken(): AppError {
  return new AppError('CONFLICT', COMPANY_NAME_UNAVAILABLE_TEXT, {
    companyName: COMPANY_NAME_UNAVAILABLE_TEXT,
  });
}

/**
 * Completes a verified user's registration: creates the company of their pending sign-up (its plan and time
 * zone), makes them its admin, and deletes the pending row, in one transaction. Nothing to do (false) when the
 * user has a company already or no pending sign-up. A name taken meanwhile: 409 CONFLICT, nothing changed.
 */
export async function completeRegistration(db: TDb, userId: string): Promise<boolean> {
  try {
    return await db.transaction(async (transaction) => {
      const tx = transaction as unknown as TDb;
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!user || user.companyId !== null || !user.emailVerified) return false;
      const [pending] = await tx
        .select()
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.userId, userId));
      if (!pending) return false;
      await setUpCompany(tx, userId, {
        companyName: pending.companyName,
        planId: pending.planId,
        timezone: pending.timezone,
        firstName: pending.firstName,
        lastName: pending.lastName,
      });
      return true;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw companyNameTaken();
    throw error;
  }
}

/** What a new company and its first admin are made of. */
export interface TCompanySetUp {
  companyName: string;
  /** Falls back to the default plan when it is not a plan we have (any more). */
  planId: string;
  timezone: string;
  firstName: string;
  lastName: string;
}

/**
 * Inside the caller's transaction, which holds the user's row locked and checked company-less: creates the company,
 * makes the user its admin and deletes their pending registration; returns the company's id. A name taken: 409 with
 * SPEC's text.
 */
export async function setUpCompany(tx: TDb, userId: string, setUp: TCompanySetUp): Promise<string> {
  const plan = ZPlanIdSchema.safeParse(setUp.planId);
  let company: Awaited<ReturnType<typeof createCompany>>;
  try {
    company = await createCompany(tx, {
      name: setUp.companyName,
      planId: plan.success ? plan.data : (DEFAULT_PLAN_ID as TPlanId),
      timezone: setUp.timezone,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') throw companyNameTaken();
    throw error;
  }
  await tx
    .update(users)
    .set({
      companyId: company.id,
      role: 'admin',
      firstName: setUp.firstName,
      lastName: setUp.lastName,
      name: `${setUp.firstName} ${setUp.lastName}`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  // The founder has a rate from their first day, as every user does (decision 080): 0 until an admin sets one.
  await insertLaborRate(tx, { companyId: company.id, userId, rate: '0', setBy: null });
  await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.userId, userId));
  return company.id;
}
