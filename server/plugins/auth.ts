// Who is asking: reads the session cookie into request.auth, and the hooks that demand a sign-in or a role.
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from '#common/errors.ts';
import { hasRole, type TRole, ZRoleSchema } from '#common/roles.ts';

/** The tenant context every service takes first: the company and the user acting, from the session only. */
export interface TTenantContext {
  companyId: string;
  userId: string;
  role: TRole;
}

/** The signed-in user as the session carries them. */
export interface TAuthUser extends TTenantContext {
  email: string;
  firstName: string;
  lastName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: TAuthUser | null;
  }
}

/** The session cookie's name. */
export const SESSION_COOKIE = 'fb_session';
/** How long a development session lasts. */
const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

const ZSessionPayload = z.object({
  userId: z.string(),
  companyId: z.uuid(),
  role: ZRoleSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  expiresAt: z.number(),
});

/** Decorates every request with `auth`, read from the signed session cookie. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    request.auth = readSession(request);
  });
});

function readSession(request: FastifyRequest): TAuthUser | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  try {
    const parsed = ZSessionPayload.safeParse(
      JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')),
    );
    if (!parsed.success || parsed.data.expiresAt < Date.now()) return null;
    const { expiresAt: _expiresAt, ...user } = parsed.data;
    return user;
  } catch {
    return null;
  }
}

/** Starts a session for `user`: a signed, http-only cookie (Secure when the app is served over HTTPS). */
export function startSession(reply: FastifyReply, user: TAuthUser, secure: boolean): void {
  const payload = { ...user, expiresAt: Date.now() + SESSION_MAX_AGE_SECONDS * 1000 };
  reply.setCookie(SESSION_COOKIE, Buffer.from(JSON.stringify(payload)).toString('base64url'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

/** Ends the session in this browser. */
export function endSession(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The signed-in user of a request that passed `requireRole`. */
export function authOf(request: FastifyRequest): TAuthUser {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return request.auth;
}

/** A preHandler that lets through only a signed-in user with at least `least`'s rights. */
export function requireRole(least: TRole): preHandlerAsyncHookHandler {
  return async (request) => {
    const auth = authOf(request);
    if (!hasRole(auth.role, least)) throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  };
}
