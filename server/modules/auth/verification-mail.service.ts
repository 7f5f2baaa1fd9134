// A new verification link for an address not yet verified, rate limited, the same answer for
// any address so that it tells nobody which addresses are registered.
import type { FastifyRequest } from 'fastify';
import { normalizeEmail } from '#common/email.ts';
import type { TMailSentResult, TResendVerification } from '#common/schemas/auth.ts';
import type { TDb } from '../../db/client.ts';
import { findUserByEmail } from './accounts.repo.ts';
import { enforceRateLimits } from './accounts.service.ts';
import type { TAuth } from './auth.ts';
import { authHeaders } from './auth-request.ts';

/** Sends a new verification mail when the address belongs to an unverified user. */
export async function resendVerification(
  db: TDb,
  auth: TAuth,
  request: FastifyRequest,
  input: TResendVerification,
): Promise<TMailSentResult> {
  const email = normalizeEmail(input.email);
  await enforceRateLimits(
    db,
    request,
    [
      { name: 'resendVerificationPerAccount', subject: email },
      { name: 'resendVerificationPerAddress', subject: request.ip },
    ],
    { email, action: 'resend-verification' },
  );
  const user = await findUserByEmail(db, email);
  if (user && !user.emailVerified) {
    await auth.api.sendVerificationEmail({ body: { email }, headers: authHeaders(request) });
  }
  return { status: 'sent' as const };
}
