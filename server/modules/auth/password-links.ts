// Set-password links of invited and admin-created users: a better-auth reset token written in the caller's
// transaction (with the user and the mail), valid longer than a forgot-password link.
import { createHash, randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { TDb } from '../../db/client.ts';
import { verifications } from './auth.tables.ts';
import { SET_PASSWORD_LINK_HOURS } from './auth-mail.ts';

/**
 * How better-auth stores a verification identifier (its `verification.storeIdentifier` option is this function):
 * the SHA-256 of the identifier, base64url. A stolen database row is no usable link.
 */
export async function hashVerificationIdentifier(identifier: string): Promise<string> {
  return createHash('sha256').update(identifier).digest('base64url');
}

/**
 * Stores a token that POST /api/v1/auth/reset-password accepts for `userId` (better-auth's `reset-password:<token>`
 * identifier) and returns the token for the link. Runs in `tx`, so the link exists only if the user does.
 */
export async function createSetPasswordToken(
  tx: TDb,
  userId: string,
  now: Date = new Date(),
  hours: number = SET_PASSWORD_LINK_HOURS,
): Promise<string> {
  // 24 characters of better-auth's own alphabet would be 143 bits; 32 random bytes are 256, URL-safe.
  const token = randomBytes(32).toString('base64url');
  await tx.insert(verifications).values({
    id: uuidv7(),
    identifier: await hashVerificationIdentifier(`reset-password:${token}`),
    value: userId,
    expiresAt: new Date(now.getTime() + hours * 60 * 60 * 1000),
    createdAt: now,
    updatedAt: now,
  });
  return token;
}
