// Passkeys (decision 089): a person's own under /api/v1/auth/passkeys, signing in with one under
// /api/v1/auth/passkey/*, and one as the second factor under /api/v1/auth/two-factor/passkey*. Each calls
// better-auth's passkey plugin on the server side; the plugin's own HTTP paths are closed.
import { z } from 'zod';
import {
  ZPasskeyIdParamsSchema,
  ZPasskeyListQuerySchema,
  ZPasskeyOptionsSchema,
  ZPasskeyPageSchema,
  ZPasskeyRegisterSchema,
  ZPasskeyRenameSchema,
  ZPasskeySchema,
  ZPasskeySignInResultSchema,
  ZPasskeySignInSchema,
  ZTwoFactorPasskeyOptionsSchema,
} from '#common/schemas/passkeys.ts';
import { authOf } from '../../plugins/auth.ts';
import { systemRoutes } from '../../plugins/route-groups.ts';
import { appendSetCookies } from '../auth/auth-request.ts';
import {
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
} from './passkey-registration.service.ts';
import {
  signInOptions,
  signInWithPasskey,
  twoFactorPasskeyOptions,
  verifyTwoFactorPasskey,
} from './passkey-sign-in.service.ts';

const ZNoBodySchema = z.object({}).optional();
const SIGN_IN_ERRORS = [
  'BAD_REQUEST',
  'ACCOUNT_INACTIVE',
  'PASSWORD_RESET_REQUIRED',
  'RATE_LIMITED',
] as const;

/** The signed-in person's own passkeys. */
export const passkeyAccountRoutes = systemRoutes(
  {
    why: "passkeys live in better-auth's tables, closed to the tenant role; each route reaches the caller's own only",
    role: 'user',
  },
  (r, db) => {
    r.post(
      '/api/v1/auth/passkeys/registration-options',
      {
        config: { errors: ['BAD_REQUEST'] },
        schema: {
          summary:
            'The options for navigator.credentials.create (a new passkey of the signed-in person; the session must be under a day old)',
          tags: ['auth'],
          body: ZNoBodySchema,
          response: { 200: ZPasskeyOptionsSchema },
        },
      },
      async (request, reply) => registrationOptions(r.auth, request, (c) => appendSetCookies(reply, c)),
    );

    r.post(
      '/api/v1/auth/passkeys',
      {
        config: { errors: ['BAD_REQUEST', 'CONFLICT'] },
        schema: {
          summary:
            'Registers a passkey under a name: the credential must answer the challenge of registration-options, from this site, with its user verified',
          tags: ['auth'],
          body: ZPasskeyRegisterSchema,
          response: { 201: ZPasskeySchema },
        },
      },
      async (request, reply) => {
        const passkey = await registerPasskey(db, r.auth, authOf(request), request, request.body, (c) =>
          appendSetCookies(reply, c),
        );
        return reply.status(201).send(passkey);
      },
    );

    r.get(
      '/api/v1/auth/passkeys',
      {
        schema: {
          summary: "A page of the signed-in person's passkeys, newest first",
          tags: ['auth'],
          querystring: ZPasskeyListQuerySchema,
          response: { 200: ZPasskeyPageSchema },
        },
      },
      async (request) => listPasskeys(db, authOf(request), request.query),
    );

    r.patch(
      '/api/v1/auth/passkeys/:id',
      {
        config: { errors: ['NOT_FOUND'] },
        schema: {
          summary: "Renames one of the signed-in person's passkeys (anyone else's id is 404)",
          tags: ['auth'],
          params: ZPasskeyIdParamsSchema,
          body: ZPasskeyRenameSchema,
          response: { 200: ZPasskeySchema },
        },
      },
      async (request) => renamePasskey(db, authOf(request), request.params.id, request.body),
    );

    r.delete(
      '/api/v1/auth/passkeys/:id',
      {
        config: { errors: ['NOT_FOUND'] },
        schema: {
          summary: "Removes one of the signed-in person's passkeys (anyone else's id is 404)",
          tags: ['auth'],
          params: ZPasskeyIdParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await removePasskey(db, authOf(request), request, request.params.id);
        return reply.status(204).send(null);
      },
    );
  },
);

/** Signing in with a passkey, on its own or as the second factor. */
export const passkeySignInRoutes = systemRoutes(
  { why: 'sign-in with a passkey comes before any tenant; passkeys live in better-auth tables' },
  (r, db) => {
    r.post(
      '/api/v1/auth/passkey/options',
      {
        schema: {
          summary:
            "The options for navigator.credentials.get at the login view (any of this site's passkeys)",
          tags: ['auth'],
          body: ZNoBodySchema,
          response: { 200: ZPasskeyOptionsSchema },
        },
      },
      async (request, reply) => signInOptions(r.auth, request, (c) => appendSetCookies(reply, c)),
    );

    r.post(
      '/api/v1/auth/passkey/sign-in',
      {
        config: { errors: [...SIGN_IN_ERRORS] },
        schema: {
          summary:
            'Signs in with a passkey that answered the challenge of /passkey/options with its user verified (counts as two factors)',
          tags: ['auth'],
          body: ZPasskeySignInSchema,
          response: { 200: ZPasskeySignInResultSchema },
        },
      },
      async (request, reply) =>
        signInWithPasskey(db, r.auth, request, request.body, (c) => appendSetCookies(reply, c)),
    );

    r.post(
      '/api/v1/auth/two-factor/passkey/options',
      {
        config: { errors: ['UNAUTHENTICATED'] },
        schema: {
          summary:
            'The options for a passkey as the second factor of the password sign-in pending in this browser (null when the account has none)',
          tags: ['auth'],
          body: ZNoBodySchema,
          response: { 200: ZTwoFactorPasskeyOptionsSchema },
        },
      },
      async (request, reply) =>
        twoFactorPasskeyOptions(db, r.auth, request, (c) => appendSetCookies(reply, c)),
    );

    r.post(
      '/api/v1/auth/two-factor/passkey',
      {
        config: { errors: ['UNAUTHENTICATED', ...SIGN_IN_ERRORS] },
        schema: {
          summary:
            "Completes the pending password sign-in with one of the same account's passkeys in place of a TOTP code",
          tags: ['auth'],
          body: ZPasskeySignInSchema,
          response: { 200: ZPasskeySignInResultSchema },
        },
      },
      async (request, reply) =>
        verifyTwoFactorPasskey(db, r.auth, request, request.body, (c) => appendSetCookies(reply, c)),
    );
  },
);
