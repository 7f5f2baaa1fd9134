// better-auth, configured for Forgeboard (decision 015): our tables and ids, our password hash, our mail links.
import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#common/auth-constants.ts';
import { normalizeEmail } from '#common/email.ts';
import type { TDatabase } from '../../db/client.ts';
import type { TConfig } from '../../env.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { PASSKEY_PLUGIN_PATHS, passkeyPlugin } from '../passkeys/passkey-plugin.ts';
import { passkeys } from '../passkeys/passkeys.tables.ts';
import { ssoProviders } from '../sso/sso.tables.ts';
import { ssoPlugin } from '../sso/sso-plugin.ts';
import { type TSecretKey, withSsoSecrets } from '../sso/sso-secrets.ts';
import { authSchema, users } from './auth.tables.ts';
import {
  RESET_LINK_HOURS,
  resetPasswordLink,
  resetPasswordMail,
  VERIFICATION_LINK_HOURS,
  verificationLink,
  verificationMail,
} from './auth-mail.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { hashVerificationIdentifier } from './password-links.ts';

/** The header the mount sets to Fastify's client address (after TRUST_PROXY); a client's own value is dropped. */
export const CLIENT_IP_HEADER = 'x-forgeboard-client-ip';

/** Where better-auth's endpoints are mounted. */
export const AUTH_BASE_PATH = '/api/auth';

/** A session lasts this long after its last use (the idle timeout; also the cookie's Max-Age)... */
export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
/** ...and its expiry slides forward on a read at most once per this long. */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

/** Request paths whose body carries an e-mail address better-auth looks up or stores. */
const EMAIL_BODY_PATHS = new Set([
  '/sign-up/email',
  '/sign-in/email',
  '/request-password-reset',
  '/send-verification-email',
]);

export interface TCreateAuthOptions {
  database: TDatabase;
  config: TConfig;
  sessionSecret: string;
  log: FastifyBaseLogger;
}

/** Builds the better-auth instance for `database`. */
export function createAuth({ database, config, sessionSecret, log }: TCreateAuthOptions) {
  const { appUrl } = config;
  // The adapter asks for the encryption key lazily, once the instance (and its context) exists.
  let keyHolder: { $context: Promise<{ secretConfig: TSecretKey }> } | null = null;
  const auth = betterAuth({
    appName: 'Forgeboard',
    baseURL: appUrl,
    basePath: AUTH_BASE_PATH,
    secret: sessionSecret,
    // Identity providers on private addresses must be trusted by name for single sign-on to call them (decision 086).
    trustedOrigins: [appUrl, ...config.ssoTrustedIdpOrigins],
    // A provider row is read with its client secret decrypted (stored encrypted: sso-secrets.ts).
    database: withSsoSecrets(
      drizzleAdapter(database.db, {
        provider: 'pg',
        schema: { ...authSchema, ssoProvider: ssoProviders, passkey: passkeys },
        transaction: true,
      }),
      async () => {
        if (!keyHolder) throw new Error('better-auth is not ready yet');
        return (await keyHolder.$context).secretConfig;
      },
    ),
    // Where better-auth sends a browser whose OAuth state it cannot read: the web app's callback page says why.
    onAPIError: { errorURL: `${appUrl}/auth/callback?sso=1` },
    telemetry: { enabled: false },
    // Its GET /verify-email verifies and signs in whoever opens the link (a mail scanner). Closed over HTTP; our
    // POST /api/v1/auth/verify-email calls auth.api.verifyEmail on the server side, which the router never sees.
    // Sign-up, sign-in, resend, forgot and reset are ours too (/api/v1/auth/*: rate limits, CSRF, security events,
    // SPEC.md's answers); over HTTP better-auth's own copies would bypass all that, so they are closed as well.
    disabledPaths: [
      '/verify-email',
      '/sign-up/email',
      '/sign-in/email',
      '/send-verification-email',
      '/request-password-reset',
      '/reset-password',
      // Password change is ours too (/api/v1/auth/change-password: the sign-in limit on the current password).
      '/change-password',
      // TOTP is ours too (/api/v1/auth/two-factor/*: the replay guard, the totp rate limit, MFA events).
      '/two-factor/enable',
      '/two-factor/disable',
      '/two-factor/get-totp-uri',
      '/two-factor/verify-totp',
      '/two-factor/verify-backup-code',
      '/two-factor/generate-backup-codes',
      '/two-factor/send-otp',
      '/two-factor/verify-otp',
      // Single sign-on is ours around the plugin (decision 086): providers and domains through /api/v1/sso/* (admins,
      // encrypted secrets, our domain proofs), the start through /api/v1/auth/sso/start (proved domains only, the
      // nonce). The callback, the plugin's own, stays open, and so do SAML's ACS and SP metadata (decision 090).
      '/sign-in/sso',
      '/sso/register',
      '/sso/providers',
      '/sso/get-provider',
      '/sso/update-provider',
      '/sso/delete-provider',
      '/sso/request-domain-verification',
      '/sso/verify-domain',
      // SAML's SP metadata and ACS stay open (decision 090); its logout paths are not used.
      '/sso/saml2/sp/slo/:providerId',
      '/sso/saml2/logout/:providerId',
      '/sso/callback',
      // Passkeys are ours around the plugin (decision 089): /api/v1/auth/passkeys and /api/v1/auth/passkey/*.
      ...PASSKEY_PLUGIN_PATHS,
    ],
    logger: {
      log: (level, message, ...args) => {
        log[level]({ module: 'better-auth', args: args.length > 0 ? args : undefined }, message);
      },
    },
    advanced: {
      database: { generateId: () => uuidv7() },
      cookiePrefix: 'fb',
      useSecureCookies: appUrl.startsWith('https:'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Rate limits are OFF here on purpose: our database rate limits (server/security, docs/security.md) are wired
    // into these endpoints in the next step, per account and per address. better-auth's own limiter keys by
    // address only and would count in a second table.
    rateLimit: { enabled: false },
    // Reset tokens and two-factor challenge ids are stored hashed, not as the raw value a link carries.
    // Our function, so that set-password links written by our own transactions (password-links.ts) match.
    verification: { storeIdentifier: { hash: hashVerificationIdentifier } },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        // Never from a client: set by registration completion and by company admins through our own routes.
        companyId: { type: 'string', required: false, input: false },
        role: { type: 'string', required: false, defaultValue: 'user', input: false },
        active: { type: 'boolean', required: false, defaultValue: true, input: false },
        burdenedLaborRate: { type: 'string', required: false, input: false },
        needsPasswordReset: { type: 'boolean', required: false, defaultValue: false, input: false },
        lastSignInAt: { type: 'date', required: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
      // Off: a cached session would outlive its deleted row, and deactivation must end sessions at once.
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * 60 * 60,
      password: { hash: (password) => hashPassword(password), verify: verifyPassword },
      // The link proved the address, and the user now has a password of their own (invited, admin-created).
      onPasswordReset: async ({ user }) => {
        await database.db
          .update(users)
          .set({ emailVerified: true, needsPasswordReset: false, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        passwordResetObserver.getStore()?.(user.id);
      },
      // better-auth's `url` is ignored: it points at its own GET endpoint. Ours opens the web app's page.
      sendResetPassword: async ({ user, token }) => {
        await enqueueMail(
          database.db,
          resetPasswordMail({
            to: user.email,
            firstName: firstNameOf(user),
            link: resetPasswordLink(appUrl, token),
          }),
        );
      },
    },
    emailVerification: {
      // Our sign-up (registration.service.ts) writes the user, the pending registration and this mail in one
      // transaction of its own (decision 041); better-auth's signUpEmail, which would queue it after its commit, is
      // never called.
      sendOnSignUp: false,
      // Not on every unverified sign-in attempt: the login answers 403 EMAIL_NOT_VERIFIED and the web offers a
      // resend (POST /api/v1/auth/resend-verification, rate limited).
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_LINK_HOURS * 60 * 60,
      // better-auth's `url` is a GET that verifies and signs in whoever opens it (a mail scanner). Ours does not.
      sendVerificationEmail: async ({ user, token }) => {
        await enqueueMail(
          database.db,
          verificationMail({
            to: user.email,
            firstName: firstNameOf(user),
            link: verificationLink(appUrl, token),
          }),
        );
      },
    },
    databaseHooks: {
      session: {
        create: {
          // Runs after the password (or the verification link, or the second factor) was checked, so a wrong
          // password still gets the generic answer. No session is ever created for these users.
          // Inside better-auth's own transactions (a password change that ends other sessions creates this one in
          // a transaction) the hooks must use its adapter: on PGlite's single connection a query beside the
          // transaction would wait for it forever. Outside an endpoint (`context` null) the pool is fine.
          before: async (session, context) => {
            // better-auth types the user without our additional fields; the row has them.
            const user: Record<string, unknown> | null = context
              ? ((await context.context.internalAdapter.findUserById(session.userId)) as Record<
                  string,
                  unknown
                > | null)
              : ((
                  await database.db
                    .select({ active: users.active, needsPasswordReset: users.needsPasswordReset })
                    .from(users)
                    .where(eq(users.id, session.userId))
                )[0] ?? null);
            if (user && user.active === false) {
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_INACTIVE', message: 'Account inactive' });
            }
            if (user?.needsPasswordReset === true) {
              throw new APIError('FORBIDDEN', {
                code: 'PASSWORD_RESET_REQUIRED',
                message: 'Password reset required',
              });
            }
          },
          // The admin list's "last sign-in".
          after: async (session, context) => {
            if (context) {
              await context.context.internalAdapter.updateUser(session.userId, { lastSignInAt: new Date() });
              return;
            }
            await database.db
              .update(users)
              .set({ lastSignInAt: new Date() })
              .where(eq(users.id, session.userId));
          },
        },
      },
    },
    hooks: {
      // Addresses are trimmed and lower-cased (common/email.ts) before better-auth stores or looks them up.
      before: createAuthMiddleware(async (ctx) => {
        if (!EMAIL_BODY_PATHS.has(ctx.path)) return;
        const body = ctx.body as Record<string, unknown> | undefined;
        if (!body || typeof body.email !== 'string') return;
        return { context: { body: { ...body, email: normalizeEmail(body.email) } } };
      }),
    },
    plugins: [twoFactor({ issuer: 'Forgeboard' }), ssoPlugin(), passkeyPlugin(appUrl)],
  });
  keyHolder = auth;
  return auth;
}

/**
 * Set by POST /api/v1/auth/reset-password around its auth.api.resetPassword call: learns whose password the token
 * reset (better-auth's answer does not say), for the security event.
 */
export const passwordResetObserver = new AsyncLocalStorage<(userId: string) => void>();

/** The better-auth instance the app uses. */
export type TAuth = ReturnType<typeof createAuth>;

function firstNameOf(user: { name: string } & Record<string, unknown>): string {
  return typeof user.firstName === 'string' && user.firstName !== '' ? user.firstName : user.name;
}
