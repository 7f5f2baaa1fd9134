// The common case of reading a session, without better-auth's request machinery: a valid signed cookie whose
// session row is live and not yet due to slide. It is every API request but about one a day per browser, and
// better-auth spends most of a small request on it (a Headers copy, an async WebCrypto check, two queries through
// its adapter). Here it is a synchronous HMAC check and ONE prepared statement that also brings the company's
// settings, which the area check of the same request would otherwise read again (decision 030).
// Anything else (no row, expired, due to slide, a cookie cache or "don't remember me" cookie, a bad signature)
// answers `undefined`, and the caller asks better-auth, which deletes, slides or clears exactly as it always did.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BetterAuthOptions } from 'better-auth';
import { eq, sql } from 'drizzle-orm';
import type { TLabelConfig } from '#common/label-config.ts';
import type { TDb } from '../../db/client.ts';
import { labelConfigOf } from '../companies/companies.repo.ts';
import { companySettings } from '../companies/companies.tables.ts';
import { sessions, users } from './auth.tables.ts';
import type { TAuth } from './auth.ts';

/** A live session as the fast path found it: the row's facts the auth plugin checks, and the user's settings. */
export interface TSessionRead {
  token: string;
  createdAt: Date;
  user: {
    id: string;
    email: string;
    firstName: string;
    lastName: string;
    companyId: string | null;
    role: string;
    active: boolean;
  };
  /** The user's company's configuration (null without a company or a settings row). */
  labelConfig: TLabelConfig | null;
}

/** Reads a request's session in one statement when better-auth would answer it without writing anything. */
export type TSessionReader = (
  cookies: Record<string, string | undefined>,
) => Promise<TSessionRead | undefined>;

/**
 * Builds the reader from better-auth's own context (its secret, cookie names and session lifetimes), so the two can
 * never disagree. Returns null when the configuration has a feature the fast path does not mirror (a cookie cache,
 * deferred or disabled refresh, secondary storage): then every read goes to better-auth.
 */
export async function createSessionReader(db: TDb, auth: TAuth): Promise<TSessionReader | null> {
  const context = await auth.$context;
  // Widened from our literal configuration: the guard is for whoever changes it later.
  const options: BetterAuthOptions = context.options;
  if (
    options.session?.cookieCache?.enabled ||
    options.session?.deferSessionRefresh ||
    options.session?.disableSessionRefresh ||
    options.secondaryStorage
  )
    return null;
  const tokenCookie = context.authCookies.sessionToken.name;
  const otherCookies = [context.authCookies.sessionData.name, context.authCookies.dontRememberToken.name];
  const secret = context.secret;
  const expiresInMs = context.sessionConfig.expiresIn * 1000;
  const updateAgeMs = context.sessionConfig.updateAge * 1000;

  const query = db
    .select({
      token: sessions.token,
      expiresAt: sessions.expiresAt,
      createdAt: sessions.createdAt,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        companyId: users.companyId,
        role: users.role,
        active: users.active,
      },
      settings: companySettings,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companySettings, eq(companySettings.companyId, users.companyId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('fb_session_read');

  return async (cookies) => {
    const signed = cookies[tokenCookie];
    if (!signed) return undefined;
    // better-auth's own cookies beside the token change what it answers: leave those requests to it.
    if (Object.keys(cookies).some((name) => otherCookies.some((other) => name.startsWith(other))))
      return undefined;
    const token = verifiedValue(signed, secret);
    if (!token) return undefined;
    const [row] = await query.execute({ token });
    if (!row) return undefined;
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    // Expired (better-auth deletes it) or due to slide (better-auth moves expires_at and renews the cookie).
    if (expiresAt <= now || expiresAt - expiresInMs + updateAgeMs <= now) return undefined;
    return {
      token: row.token,
      createdAt: row.createdAt,
      user: row.user,
      labelConfig: row.settings ? labelConfigOf(row.settings) : null,
    };
  };
}

/**
 * The value of a better-call signed cookie (`value.base64(HMAC-SHA256(secret, value))`) when its signature is right,
 * else null: the same check better-auth makes, done synchronously.
 */
export function verifiedValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  // Compared as text: only the canonical encoding passes (anything else goes to better-auth, which decides).
  const expected = Buffer.from(createHmac('sha256', secret).update(value).digest('base64'));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
