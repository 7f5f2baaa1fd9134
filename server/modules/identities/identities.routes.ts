// Linked identities (decision 088, SPEC.md section 7: GET /user/identities/authorize, DELETE
// /user/identities/{identity_id}): the signed-in person's own sign-in methods. System routes: they read and write
// better-auth's accounts table, closed to the tenant role; each names the signed-in user and nobody else.
import {
  ZIdentityAuthorizeResultSchema,
  ZIdentityIdParamsSchema,
  ZIdentityListSchema,
  ZIdentityPasswordSchema,
} from '#common/schemas/identities.ts';
import { authOf } from '../../plugins/auth.ts';
import { systemRoutes } from '../../plugins/route-groups.ts';
import { replyWithCookies } from '../auth/auth-request.ts';
import { listIdentities, setFirstPassword, unlinkIdentity } from './identities.service.ts';
import { startIdentityLink } from './identity-link.ts';

const tags = ['linked identities'];
const BASE = '/api/v1/user/identities';

export const identitiesRoutes = systemRoutes(
  {
    why: "a person's sign-in methods are better-auth's accounts, closed to the tenant role; only the signed-in user's own",
    role: 'user',
  },
  (r, db) => {
    r.get(
      BASE,
      {
        schema: {
          summary:
            'Your sign-in methods: the password and the single sign-on provider linked to your account',
          tags,
          response: { 200: ZIdentityListSchema },
        },
      },
      async (request) => listIdentities(db, authOf(request)),
    );
    r.get(
      `${BASE}/authorize`,
      {
        config: {
          errors: ['NOT_FOUND', 'CONFLICT'],
          rules: [
            "your company's provider covers your address's proved domain",
            'it is not linked to your account yet',
            'the provider returns you to /help?signInMethods=linked (or =refused&error=…); an identity already linked to another user comes back with error=identity_already_exists, your session kept',
          ],
        },
        schema: {
          summary:
            "Starts linking your company's single sign-on provider: the authorization URL to send the browser to",
          tags,
          response: { 200: ZIdentityAuthorizeResultSchema },
        },
      },
      async (request, reply) =>
        replyWithCookies(
          reply,
          await startIdentityLink(db, r.auth, request, authOf(request), r.config.appUrl),
        ),
    );
    r.post(
      `${BASE}/password`,
      {
        config: {
          errors: ['REAUTHENTICATION_NEEDED', 'CONFLICT'],
          rules: ['you signed in within the last 15 minutes', 'your account has no password yet'],
        },
        schema: {
          summary: 'Sets a first password on an account that signs in only through single sign-on',
          tags,
          body: ZIdentityPasswordSchema,
          response: { 200: ZIdentityListSchema },
        },
      },
      async (request) => setFirstPassword(db, r.auth, request, authOf(request), request.body),
    );
    r.delete(
      `${BASE}/:id`,
      {
        config: {
          errors: ['IDENTITY_NOT_FOUND', 'SINGLE_IDENTITY_NOT_DELETABLE'],
          rules: ['the identity is yours', 'another way to sign in stays linked'],
        },
        schema: {
          summary: 'Unlinks one of your sign-in methods (never the last one)',
          tags,
          params: ZIdentityIdParamsSchema,
          response: { 200: ZIdentityListSchema },
        },
      },
      async (request) => unlinkIdentity(db, request, authOf(request), request.params.id),
    );
  },
);
