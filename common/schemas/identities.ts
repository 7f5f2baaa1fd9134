// Linked identities (decision 088): the ways one person signs in to their own account — the password (better-auth's
// `credential` account) and the company's single sign-on provider (the SSO plugin's account) — as the account
// settings list them, link another and unlink one. SPEC.md section 8: these errors keep the session.
import { z } from 'zod';
import { PASSWORD_MISMATCH_TEXT } from '../password.ts';
import { ZResetPasswordValueSchema } from './auth.ts';

/** How an identity signs in: the password, or the company's single sign-on provider. */
export const ZIdentityKindSchema = z.enum(['password', 'sso']);
export type TIdentityKind = z.infer<typeof ZIdentityKindSchema>;

/** One linked identity: never a token, a secret or the provider's subject. */
export const ZIdentitySchema = z.object({
  id: z.uuid(),
  kind: ZIdentityKindSchema,
  /** "Password", or the provider's issuer host ("Single sign-on (login.example.com)"). */
  label: z.string(),
  /** When it was linked (ISO). */
  linkedAt: z.string(),
});
export type TIdentity = z.infer<typeof ZIdentitySchema>;

/**
 * The signed-in user's identities (a person has at most a password and one provider: the list is bounded by what
 * exists, not paged), and what they may add.
 */
export const ZIdentityListSchema = z.object({
  identities: z.array(ZIdentitySchema),
  /** The company's provider covers the person's address and is not linked yet. */
  canLinkSso: z.boolean(),
  /** No password yet: "Set a password" is offered. */
  canSetPassword: z.boolean(),
});
export type TIdentityList = z.infer<typeof ZIdentityListSchema>;

/** GET /user/identities/authorize: the provider's authorization URL the browser goes to. */
export const ZIdentityAuthorizeResultSchema = z.object({ url: z.string() });
export type TIdentityAuthorizeResult = z.infer<typeof ZIdentityAuthorizeResultSchema>;

/** DELETE /user/identities/:id. */
export const ZIdentityIdParamsSchema = z.object({ id: z.uuid('Not an identity id') });

/** POST /user/identities/password: a first password for an account that has none (the reset rule's strength). */
export const ZIdentityPasswordSchema = z
  .object({
    password: ZResetPasswordValueSchema,
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORD_MISMATCH_TEXT,
    path: ['confirmPassword'],
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
      return typeof value?.password === 'string' && typeof value.confirmPassword === 'string';
    },
  });
export type TIdentityPassword = z.infer<typeof ZIdentityPasswordSchema>;

/** How long after signing in a person may set a first password without signing in again. */
export const IDENTITY_REAUTH_MINUTES = 15;

/** The `error` of the link's return to the account settings (the provider's callback refused the link). */
export const ZIdentityLinkRefusalSchema = z.enum([
  'identity_already_exists',
  'identity_email_mismatch',
  'link_session_ended',
  'nonce_mismatch',
  'domain_not_proved',
]);
export type TIdentityLinkRefusal = z.infer<typeof ZIdentityLinkRefusalSchema>;

/** What each refusal tells the person, in words that say what to do. The session is kept in every case. */
export const IDENTITY_MESSAGES = {
  alreadyExists:
    'This single sign-on account is already linked to another Forgeboard user. Sign in with it to reach that user, or ask your administrator to unlink it there.',
  notFound: 'This sign-in method is no longer linked to your account. The list has been refreshed.',
  singleNotDeletable:
    'This is the only way you can sign in, so it cannot be unlinked. Set a password or link single sign-on first.',
  reauthenticate: `For your safety, a password can be set only within ${IDENTITY_REAUTH_MINUTES} minutes of signing in. Log out, sign in again, and set it right away.`,
  noProvider:
    'Your company has not set up single sign-on for your address. Ask your administrator to set it up.',
  alreadyLinked: 'Single sign-on is already linked to your account.',
  hasPassword: 'Your account already has a password. Use "Change password" in the user menu to change it.',
  emailMismatch:
    'The single sign-on account you signed in with has another e-mail address. Sign in at your provider as yourself, then link again.',
  sessionEnded:
    'Linking did not finish because you were signed out meanwhile. Sign in and try "Link single sign-on" again.',
  failed:
    'Linking did not finish. Try "Link single sign-on" again; if it keeps failing, ask your administrator.',
} as const;

/** The message for a refused link's `error` (any other value: the generic one). */
export function identityLinkMessage(error: string): string {
  switch (error) {
    case 'identity_already_exists':
    case 'account_ownership_conflict':
      return IDENTITY_MESSAGES.alreadyExists;
    case 'identity_email_mismatch':
      return IDENTITY_MESSAGES.emailMismatch;
    case 'link_session_ended':
      return IDENTITY_MESSAGES.sessionEnded;
    case 'domain_not_proved':
      return IDENTITY_MESSAGES.noProvider;
    default:
      return IDENTITY_MESSAGES.failed;
  }
}

/**
 * The query parameter of the link's return to the web app: /help?signInMethods=linked after a link, and
 * /help?signInMethods=refused&error=<reason> after a refusal. The user menu opens "Sign-in methods" on it.
 */
export const LINK_RETURN_PARAM = 'signInMethods';

/** Where the provider's redirect sends the browser back after a link (`linked`) or a refusal (`refused`). */
export function linkReturnUrl(appUrl: string, outcome: 'linked' | 'refused'): string {
  return `${appUrl}/help?${LINK_RETURN_PARAM}=${outcome}`;
}
