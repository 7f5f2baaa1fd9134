// better-auth's passkey plugin as Forgeboard runs it (decision 089): the relying party is the app's configured
// origin, a passkey must verify its person (PIN or biometrics) to be made or used, and every endpoint is reached
// through our routes (/api/v1/auth/passkeys, /api/v1/auth/passkey/*): its own HTTP paths are closed in auth.ts.
import { passkey } from '@better-auth/passkey';
import { APIError } from 'better-auth/api';

/** The plugin's HTTP paths, closed in better-auth's `disabledPaths`: our routes call them on the server side. */
export const PASSKEY_PLUGIN_PATHS = [
  '/passkey/generate-register-options',
  '/passkey/generate-authenticate-options',
  '/passkey/verify-registration',
  '/passkey/verify-authentication',
  '/passkey/list-user-passkeys',
  '/passkey/delete-passkey',
  '/passkey/update-passkey',
];

/** The cookie (before better-auth's prefix) that binds a WebAuthn challenge to the browser that asked for it. */
export const PASSKEY_CHALLENGE_COOKIE = 'passkey_challenge';

/** The code our services read when the authenticator did not verify its person. */
export const USER_NOT_VERIFIED = 'PASSKEY_USER_NOT_VERIFIED';

const notVerified = () =>
  new APIError('BAD_REQUEST', { code: USER_NOT_VERIFIED, message: 'The passkey did not verify its user' });

/** The relying party of `appUrl`: its host name is the RP id, its origin the only origin a ceremony may come from. */
export function relyingPartyOf(appUrl: string): { rpID: string; origin: string } {
  const url = new URL(appUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** The plugin for the app at `appUrl`. */
export function passkeyPlugin(appUrl: string) {
  const { rpID, origin } = relyingPartyOf(appUrl);
  return passkey({
    rpID,
    rpName: 'Forgeboard',
    // Fixed, not the request's Origin header: a ceremony run on any other origin is refused.
    origin,
    // A passkey is a sign-in on its own and a second factor: it must be discoverable and verify its person.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    advanced: { webAuthnChallengeCookie: PASSKEY_CHALLENGE_COOKIE },
    // The plugin asks SimpleWebAuthn with requireUserVerification false; the UV flag is checked here instead, so a
    // passkey counts as two factors (something you have, and a PIN or biometric) in the WebAuthn sense.
    registration: {
      afterVerification: async ({ verification }) => {
        if (!verification.registrationInfo?.userVerified) throw notVerified();
      },
    },
    authentication: {
      afterVerification: async ({ verification }) => {
        if (!verification.authenticationInfo.userVerified) throw notVerified();
      },
    },
  });
}
