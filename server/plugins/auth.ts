// Who is asking: reads the better-auth session into request.auth, and the hooks that demand a sign-in or a role.
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#common/errors.ts';
import type { TLabelConfig } from '#common/label-config.ts';
import { hasRole, type TRole, ZRoleSchema } from '#common/roles.ts';
import type { TTenantContext } from '../db/tenant.ts';
import { AUTH_BASE_PATH } from '../modules/auth/auth.ts';
import { appendSetCookies, authHeaders } from '../modules/auth/auth-request.ts';
import { createSessionReader, type TSessionRead, type TSessionReader } from '../modules/auth/session-read.ts';

export type { TTenantContext } from '../db/tenant.ts';

/** The signed-in user as the session carries them. */
export interface TAuthUser extends TTenantContext {
  email: string;
  firstName: string;
  lastName: string;
}

/** Where the request's browser stands (GET /api/v1/session says it to the web app). */
export type TAuthState = 'signed-out' | 'signed-in' | 'no-company';

declare module 'fastify' {
  interface FastifyRequest {
    auth: TAuthUser | null;
    /** 'no-company': a valid session of a verified user whose registration has no company yet (auth is null). */
    authState: TAuthState;
    /**
     * The signed-in user's company configuration when the session read brought it (the fast path, decision 030);
     * undefined when it did not, and the area check reads it then.
     */
    labelConfig: TLabelConfig | null | undefined;
  }
}

/** The absolute cap on a session: however active, it ends this long after sign-in (docs/security.md). */
export const SESSION_ABSOLUTE_MAX_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Decorates every request with `auth`: the better-auth session first (its refreshed cookie forwarded, the
 * absolute cap enforced, inactive users and users without a company refused).
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('authState', 'signed-out');
  app.decorateRequest('labelConfig', undefined);
  const readSession = await createSessionReader(app.database.db, app.auth);
  app.addHook('onRequest', async (request, reply) => {
    request.auth = null;
    request.authState = 'signed-out';
    request.labelConfig = undefined;
    // Only the API needs to know who asks (pages and assets do not); better-auth's own routes read it themselves.
    if (!request.url.startsWith('/api/') || request.url.startsWith(`${AUTH_BASE_PATH}/`)) return;
    const account = await readAccountSession(app, readSession, request, reply);
    if (account) {
      request.auth = account.auth;
      request.authState = account.state;
    }
  });
});

/** True when the request carries a better-auth session cookie (plain or __Secure-). */
export function hasAccountSessionCookie(request: FastifyRequest): boolean {
  return /(?:^|;\s*)(?:__Secure-)?fb\.session_token=/.test(request.headers.cookie ?? '');
}

/** The session and user facts the checks below read, whichever way the session was read. */
interface TSessionFacts {
  session: { token: string; createdAt: Date | string };
  user: Pick<TSessionRead['user'], 'id' | 'email' | 'firstName' | 'lastName'> & {
    companyId?: string | null;
    role?: string | null;
    active?: boolean | null;
  };
}

async function readAccountSession(
  app: FastifyInstance,
  readSession: TSessionReader | null,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ auth: TAuthUser | null; state: TAuthState } | null> {
  if (!hasAccountSessionCookie(request)) return null;
  const fast = readSession ? await readSession(request.cookies) : undefined;
  if (fast) {
    request.labelConfig = fast.labelConfig;
    return checkSession(app, request, reply, { session: fast, user: fast.user });
  }
  const { headers, response } = await app.auth.api.getSession({
    headers: authHeaders(request),
    returnHeaders: true,
  });
  // The slid session's new cookie (Max-Age renewed), so the browser's cookie lives as long as the row.
  appendSetCookies(reply, headers.getSetCookie());
  if (!response) return null;
  return checkSession(app, request, reply, response);
}

/** The rules on top of better-auth's: the absolute cap, inactive users, a known role, a company. */
async function checkSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { session, user }: TSessionFacts,
): Promise<{ auth: TAuthUser | null; state: TAuthState }> {
  if (Date.now() - new Date(session.createdAt).getTime() > SESSION_ABSOLUTE_MAX_MS) {
    await endAccountSession(app, request, reply, session.token);
    return { auth: null, state: 'signed-out' };
  }
  if (user.active === false) {
    await endAccountSession(app, request, reply, session.token);
    return { auth: null, state: 'signed-out' };
  }
  const role = ZRoleSchema.safeParse(user.role);
  if (!role.success) return { auth: null, state: 'signed-out' };
  if (!user.companyId) return { auth: null, state: 'no-company' };
  return {
    state: 'signed-in',
    auth: {
      userId: user.id,
      companyId: user.companyId,
      role: role.data,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
    },
  };
}

/** Deletes a better-auth session row and clears its cookies in this browser. */
async function endAccountSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<void> {
  const context = await app.auth.$context;
  await context.internalAdapter.deleteSession(token);
  request.log.info({ reason: 'session ended by the server' }, 'session refused');
  for (const cookie of Object.values(context.authCookies)) {
    // The same attributes they were set with: a __Secure- cookie is only replaced by a Secure one.
    reply.clearCookie(cookie.name, {
      path: cookie.attributes.path ?? '/',
      secure: cookie.attributes.secure ?? false,
      httpOnly: true,
      sameSite: 'lax',
    });
  }
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
