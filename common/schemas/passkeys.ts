// The passkey contracts the server routes and the web share (decision 089): registering one with a name, the
// person's list, signing in with one, and one as the second factor in place of a TOTP code. The WebAuthn answers are
// the browser's JSON (SimpleWebAuthn's shape: base64url fields); the server checks them cryptographically.
import { z } from 'zod';
import { pageOf, pageQuery } from './paging.ts';
import { ZUserProfileSchema } from './session.ts';

/** Base64url text as WebAuthn's JSON carries bytes, bounded so that a request cannot ask the server to parse megabytes. */
const base64url = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .min(1, `${field} is required`)
    .max(max, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${field} is not base64url`);

const ZCredentialIdSchema = base64url('The credential id', 1400);
const ZTransportsSchema = z.array(z.string().max(32)).max(10).optional();
const ZExtensionResultsSchema = z.record(z.string(), z.unknown()).default({});

/** What the browser's navigator.credentials.create gives, as JSON. */
export const ZPasskeyRegistrationResponseSchema = z.object({
  id: ZCredentialIdSchema,
  rawId: ZCredentialIdSchema,
  type: z.literal('public-key', { error: 'Not a public-key credential' }),
  response: z.object({
    clientDataJSON: base64url('clientDataJSON', 4096),
    attestationObject: base64url('attestationObject', 16384),
    transports: ZTransportsSchema,
  }),
  clientExtensionResults: ZExtensionResultsSchema,
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** What the browser's navigator.credentials.get gives, as JSON. */
export const ZPasskeyAuthenticationResponseSchema = z.object({
  id: ZCredentialIdSchema,
  rawId: ZCredentialIdSchema,
  type: z.literal('public-key', { error: 'Not a public-key credential' }),
  response: z.object({
    clientDataJSON: base64url('clientDataJSON', 4096),
    authenticatorData: base64url('authenticatorData', 4096),
    signature: base64url('signature', 1024),
    userHandle: base64url('userHandle', 1024).optional(),
  }),
  clientExtensionResults: ZExtensionResultsSchema,
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** What the person calls a passkey. */
export const ZPasskeyNameSchema = z
  .string({ error: 'Give the passkey a name' })
  .trim()
  .min(1, 'Give the passkey a name')
  .max(60, 'At most 60 characters');

/** POST /api/v1/auth/passkeys: the name and the new credential. */
export const ZPasskeyRegisterSchema = z.object({
  name: ZPasskeyNameSchema,
  response: ZPasskeyRegistrationResponseSchema,
});
export type TPasskeyRegister = z.infer<typeof ZPasskeyRegisterSchema>;

/** PATCH /api/v1/auth/passkeys/:id: a new name for one of the person's passkeys. */
export const ZPasskeyRenameSchema = z.object({ name: ZPasskeyNameSchema });
export type TPasskeyRename = z.infer<typeof ZPasskeyRenameSchema>;

/** POST /api/v1/auth/passkey/sign-in and /api/v1/auth/two-factor/passkey: the signed challenge. */
export const ZPasskeySignInSchema = z.object({ response: ZPasskeyAuthenticationResponseSchema });
export type TPasskeySignIn = z.infer<typeof ZPasskeySignInSchema>;

/** The options for navigator.credentials.create / get (WebAuthn's PublicKeyCredential*OptionsJSON). */
export const ZPasskeyOptionsSchema = z.looseObject({ challenge: z.string() });
export type TPasskeyOptions = z.infer<typeof ZPasskeyOptionsSchema>;

/** The 200 of the second factor's options: null when the person has no passkey (the challenge offers TOTP only). */
export const ZTwoFactorPasskeyOptionsSchema = z.object({ options: ZPasskeyOptionsSchema.nullable() });
export type TTwoFactorPasskeyOptions = z.infer<typeof ZTwoFactorPasskeyOptionsSchema>;

/** One of the person's passkeys as the list shows it (never the key or the credential id). */
export const ZPasskeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Synced between devices by its provider (a phone's or a password manager's), or bound to one device. */
  backedUp: z.boolean(),
  createdAt: z.string(),
  /** When it last signed its person in, or null if it never has: a passkey unused for months may be a lost device. */
  lastUsedAt: z.string().nullable(),
});
export type TPasskey = z.infer<typeof ZPasskeySchema>;

export const ZPasskeyPageSchema = pageOf(ZPasskeySchema);
export type TPasskeyPage = z.infer<typeof ZPasskeyPageSchema>;

/** GET /api/v1/auth/passkeys. */
export const ZPasskeyListQuerySchema = z.object(pageQuery(10, 50));
export type TPasskeyListQuery = z.infer<typeof ZPasskeyListQuerySchema>;

/** The path parameter of PATCH and DELETE /api/v1/auth/passkeys/:id. */
export const ZPasskeyIdParamsSchema = z.object({ id: z.uuid('Not a passkey id') });

/** The 200 of a passkey sign-in, as a password sign-in's. */
export const ZPasskeySignInResultSchema = z.object({ user: ZUserProfileSchema });
export type TPasskeySignInResult = z.infer<typeof ZPasskeySignInResultSchema>;

/** What the screens and the server say. */
export const PASSKEY_MESSAGES = {
  notAccepted: 'That passkey was not accepted. Try again, or sign in with your password.',
  notVerified:
    'Your passkey must check it is you (a PIN, fingerprint or face). Try again and confirm on the device.',
  notThisAccount: 'That passkey is not one of this account’s. Choose another, or use your authenticator app.',
  challengeExpired: 'This passkey request has expired. Try again.',
  registrationFailed: 'The passkey could not be added. Try again.',
  alreadyRegistered: 'That passkey is already added.',
  notFresh: 'For your security, sign out and sign in again before adding a passkey.',
  notFound: 'No such passkey: it was removed already.',
} as const;
