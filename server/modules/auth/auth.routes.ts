// better-auth's endpoints under /api/auth/*, and our own account routes around it under /api/v1/auth/*.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '#common/errors.ts';
import {
  VERIFICATION_LINK_INVALID_TEXT,
  ZVerifyEmailResultSchema,
  ZVerifyEmailSchema,
} from '#common/schemas/auth.ts';
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, type TAuth } from './auth.ts';

/**
 * The request's headers for better-auth: every header but a client's own CLIENT_IP_HEADER, which is replaced by
 * Fastify's client address (after our TRUST_PROXY), so better-auth never reads an address a client made up.
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

function toWebRequest(request: FastifyRequest, appUrl: string): Request {
  const body = request.body as Buffer | undefined;
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined && body.length > 0;
  return new Request(new URL(request.url, appUrl), {
    method: request.method,
    headers: authHeaders(request),
    ...(hasBody ? { body: new Uint8Array(body) } : {}),
  });
}

/**
 * Mounts better-auth's handler. Encapsulated (no fastify-plugin): this scope alone drops Fastify's body parsers and
 * hands better-auth the exact bytes, so an empty JSON POST or a form post reaches it as the client sent it.
 */
export async function betterAuthRoutes(app: FastifyInstance, opts: { auth: TAuth; appUrl: string }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    async handler(request, reply) {
      const response = await opts.auth.handler(toWebRequest(request, opts.appUrl));
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') reply.header(name, value);
      });
      // Every cookie, each in its own header (Headers.get would join them with commas).
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}

/** better-auth's answers to a verification token that cannot verify anything. */
const BAD_TOKEN_CODES = new Set(['TOKEN_EXPIRED', 'INVALID_TOKEN', 'USER_NOT_FOUND']);

/** Our account routes: JSON in the app's usual scope, calling better-auth on the server side. */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Verification links open the web app's /auth/callback (a GET that only serves the page); the page POSTs the
  // token here. Nothing a mail scanner does with a GET verifies an address or starts a session.
  r.post(
    '/api/v1/auth/verify-email',
    {
      schema: {
        summary: 'Verifies an e-mail address with the token of a verification link, and signs the user in',
        tags: ['auth'],
        body: ZVerifyEmailSchema,
        response: { 200: ZVerifyEmailResultSchema },
      },
    },
    async (request, reply) => {
      const response = await app.auth.api.verifyEmail({
        query: { token: request.body.token },
        headers: authHeaders(request),
        asResponse: true,
      });
      if (response.status !== 200) {
        const body = (await response.json().catch(() => null)) as { code?: string } | null;
        if (response.status < 500 && BAD_TOKEN_CODES.has(body?.code ?? '')) {
          throw new AppError('BAD_REQUEST', VERIFICATION_LINK_INVALID_TEXT);
        }
        request.log.error({ status: response.status, code: body?.code }, 'e-mail verification failed');
        throw new AppError('INTERNAL', 'Something went wrong on our side. Try again.');
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return { verified: true as const, signedIn: cookies.some((c) => c.includes('session_token=')) };
    },
  );
}
