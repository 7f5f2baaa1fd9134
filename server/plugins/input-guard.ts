// Refuses text no column can store, once for every route (ours and better-auth's): NUL and lone UTF-16 surrogates
// in the body, the query string and the path parameters, and input nested deeper than any API takes (decision 035).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#common/errors.ts';

/** What the field error says for each refusal. */
export const INPUT_GUARD_MESSAGES = {
  nul: 'Contains a NUL character (\\u0000), which cannot be stored',
  surrogate: 'Contains an unpaired surrogate (\\ud800–\\udfff): not valid Unicode text',
  tooDeep: 'Nested too deeply',
  badUrl: 'This address is not valid: its percent-encoded characters are not UTF-8',
  longUrl: 'This address is too long: a part of its path has more than 100 characters',
} as const;

/**
 * No request of the API nests past a handful of levels; the limit keeps the walk (and everything after it) clear
 * of the stack's limit, since JSON.parse itself accepts any depth a 1 MB body can spell.
 */
export const MAX_INPUT_DEPTH = 32;

type TRefusal = keyof typeof INPUT_GUARD_MESSAGES;

/** Node 20 has String.prototype.isWellFormed; the ES2023 library this project compiles against does not name it. */
const isWellFormed = (String.prototype as unknown as { isWellFormed(this: string): boolean }).isWellFormed;

/** Why `text` cannot be stored, or null. PostgreSQL text and jsonb refuse NUL; jsonb and UTF-8 refuse lone surrogates. */
function textRefusal(text: string): TRefusal | null {
  if (text.includes('\u0000')) return 'nul';
  return isWellFormed.call(text) ? null : 'surrogate';
}

/**
 * The first refusal in `value`, depth first, with `path` (shared, pushed and popped, joined only on a refusal) left
 * pointing at it. One pass, no copies: the stock posting path runs through here on every line.
 */
function findRefusal(value: unknown, path: (string | number)[]): TRefusal | null {
  if (typeof value === 'string') return textRefusal(value);
  if (typeof value !== 'object' || value === null) return null;
  if (path.length >= MAX_INPUT_DEPTH) return 'tooDeep';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const refusal = findRefusal(value[i], path);
      if (refusal) return refusal;
      path.pop();
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    // A key the database cannot hold (analytics props, audit snapshots are jsonb): named by the object holding it.
    const keyRefusal = textRefusal(key);
    if (keyRefusal) return keyRefusal;
    path.push(key);
    const refusal = findRefusal((value as Record<string, unknown>)[key], path);
    if (refusal) return refusal;
    path.pop();
  }
  return null;
}

/** better-auth's scope hands over raw bytes: only a body that could spell NUL or a surrogate is parsed to find it. */
function rawBodyValue(request: FastifyRequest, body: Buffer): unknown {
  const rawNul = body.includes(0) ? '\u0000' : undefined;
  if ((request.headers['content-type'] ?? '').includes('x-www-form-urlencoded')) {
    if (!body.includes('%00')) return rawNul;
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) {
      if (textRefusal(key) || textRefusal(value)) return { [key]: value };
    }
    return rawNul;
  }
  // JSON spells NUL and surrogates only as \u escapes (raw control characters make it malformed, which better-auth
  // answers itself); anything else without a \u has nothing to find.
  if (!body.includes('\\u')) return rawNul;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return rawNul;
  }
}

function refuse(where: string, path: (string | number)[], refusal: TRefusal): never {
  // Named as the error handler names a zod issue: the dotted path inside the part, or the part itself.
  const field = path.length > 0 ? path.join('.') : where;
  const message = INPUT_GUARD_MESSAGES[refusal];
  throw new AppError('VALIDATION', `Invalid request: ${field}: ${message}`, { [field]: message });
}

/**
 * Fastify's `frameworkErrors`: what Fastify refuses while routing, in the API's error shape instead of its own — a
 * URL it cannot decode (percent-encoded bytes that are not UTF-8, such as a lone surrogate's %ED%A0%80: 400) and a
 * path parameter past its length limit (414). Its status is kept; only a 5xx would be ours to log.
 */
export function replyToFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'framework error');
    void reply
      .status(500)
      .send({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Try again.' } });
    return;
  }
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? INPUT_GUARD_MESSAGES.badUrl
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? INPUT_GUARD_MESSAGES.longUrl
        : error.message;
  void reply.status(status).send({ error: { code: 'BAD_REQUEST', message } });
}

/** One preValidation hook on every route registered after it: params, query string, then body. */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const path: (string | number)[] = [];
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', Buffer.isBuffer(request.body) ? rawBodyValue(request, request.body) : request.body],
    ];
    for (const [where, value] of parts) {
      const refusal = findRefusal(value, path);
      if (refusal) refuse(where, path, refusal);
    }
  });
});
