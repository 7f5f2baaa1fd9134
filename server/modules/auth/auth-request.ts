// What the auth routes and services read from a request and write to a reply: the headers handed to better-auth,
// the client's address and user agent for security events, and the cookies better-auth sets.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSecurityEventInput } from '../../security/security-events.ts';
import { CLIENT_IP_HEADER } from './auth.ts';

/** A service's answer together with the Set-Cookie headers better-auth gave it, for the route to forward. */
export interface TWithCookies<T> {
  body: T;
  cookies: string[];
}

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

/** Who and where, for a security event. */
export function eventOrigin(request: FastifyRequest): Pick<TSecurityEventInput, 'ip' | 'userAgent'> {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** Adds Set-Cookie headers to the reply, keeping the ones already set. */
export function appendSetCookies(reply: FastifyReply, cookies: readonly string[]): void {
  if (cookies.length === 0) return;
  const existing = reply.getHeader('set-cookie');
  const before = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  reply.header('set-cookie', [...before, ...cookies]);
}

/** Forwards a service's cookies on the reply and gives back its body. */
export function replyWithCookies<T>(reply: FastifyReply, outcome: TWithCookies<T>): T {
  appendSetCookies(reply, outcome.cookies);
  return outcome.body;
}
