// better-auth's SSO plugin as Forgeboard runs it (decision 086): it does the protocol (state and PKCE, the code
// exchange, the ID token's signature, issuer and audience, the account link and the session); we decide who the
// verified person is — the nonce the browser's cookie binds, an address of one of the company's proved domains, a
// user of that company (active), or a new one only when the admin allowed it and the plan has a seat.

import type { SSOUserResolution, SSOUserResolutionInput } from '@better-auth/sso';
import { sso } from '@better-auth/sso';
import { normalizeEmail } from '#common/email.ts';
import { resolveIdentityLink } from '../identities/identity-link-resolve.ts';
import { ssoAttempt, type TSsoAttempt, type TSsoRefusal } from './sso-attempt.ts';

/** What the resolution reads and writes through better-auth's transaction adapter. */
interface TTxAdapter {
  findOne<T>(args: { model: string; where: { field: string; value: unknown }[] }): Promise<T | null>;
  count(args: { model: string; where: { field: string; value: unknown }[] }): Promise<number>;
  create<T>(args: { model: string; data: Record<string, unknown> }): Promise<T>;
  update<T>(args: {
    model: string;
    where: { field: string; value: unknown }[];
    update: Record<string, unknown>;
  }): Promise<T | null>;
}

interface TUserRecord {
  id: string;
  companyId: string | null;
  active: boolean;
  emailVerified: boolean;
  needsPasswordReset: boolean;
}

function refuse(attempt: TSsoAttempt, code: TSsoRefusal): SSOUserResolution {
  attempt.refusal = code;
  return { action: 'reject', code };
}

function claimText(claims: Record<string, unknown>, name: string): string {
  const raw = claims[name];
  // A SAML attribute may have several values: the first names the person.
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value.trim().slice(0, 100) : '';
}

/** A new user's first and last name: the admin's claims, else the `name` claim split, else the address. */
function namesOf(attempt: TSsoAttempt, claims: Record<string, unknown>, email: string) {
  const full = claimText(claims, 'name');
  const firstName = claimText(claims, attempt.firstNameClaim) || full.split(/\s+/)[0] || email.split('@')[0]!;
  const lastName = claimText(claims, attempt.lastNameClaim) || full.split(/\s+/).slice(1).join(' ');
  return { firstName, lastName };
}

/** The user the verified identity signs in as, or the refusal (runs inside better-auth's transaction). */
export async function resolveSsoUser(
  input: SSOUserResolutionInput,
  database: TTxAdapter,
  attempt: TSsoAttempt | undefined,
): Promise<SSOUserResolution> {
  // Our mount sets the attempt around every callback; none means the callback did not come through it.
  if (!attempt?.companyId) return { action: 'reject', code: 'invalid_provider' };
  const email = normalizeEmail(input.providerUser.email);
  attempt.email = email;
  let claims: Record<string, unknown>;
  if (input.protocol === 'saml') {
    // SAML (decision 090): no nonce; the plugin tied the response to our AuthnRequest (InResponseTo) and refused a
    // replayed assertion. Linking an identity (decision 088) is OpenID Connect's only.
    if (attempt.link) return refuse(attempt, 'not_oidc');
    claims = input.providerAttributes;
  } else {
    const nonce = input.verifiedIdTokenClaims.nonce;
    if (attempt.expectedNonce === null || nonce !== attempt.expectedNonce)
      return refuse(attempt, 'nonce_mismatch');
    // A signed-in person linking the provider (decision 088): their own account, not one found by address.
    if (attempt.link) return resolveIdentityLink(input, database, attempt, attempt.link);
    claims = input.verifiedIdTokenClaims;
  }
  if (!attempt.provedDomains.includes(email.split('@')[1] ?? '')) return refuse(attempt, 'domain_not_proved');
  const user = await database.findOne<TUserRecord>({
    model: 'user',
    where: [{ field: 'email', value: email }],
  });
  if (user) {
    attempt.userId = user.id;
    if (user.companyId !== attempt.companyId) return refuse(attempt, 'other_company');
    if (!user.active) return refuse(attempt, 'account_inactive');
    // The provider proved the mailbox; an invited person need not set a password they will not use.
    if (!user.emailVerified || user.needsPasswordReset) {
      await database.update({
        model: 'user',
        where: [{ field: 'id', value: user.id }],
        update: { emailVerified: true, needsPasswordReset: false, updatedAt: new Date() },
      });
    }
    return { action: 'link', userId: user.id, profile: 'preserve' };
  }
  if (!attempt.jitEnabled) return refuse(attempt, 'jit_disabled');
  const active = await database.count({
    model: 'user',
    where: [
      { field: 'companyId', value: attempt.companyId },
      { field: 'active', value: true },
    ],
  });
  if (active >= attempt.maxUsers) return refuse(attempt, 'plan_limit');
  const { firstName, lastName } = namesOf(attempt, claims, email);
  const now = new Date();
  const created = await database.create<{ id: string }>({
    model: 'user',
    data: {
      name: `${firstName} ${lastName}`.trim(),
      email,
      emailVerified: true,
      firstName,
      lastName,
      companyId: attempt.companyId,
      role: 'user',
      active: true,
      needsPasswordReset: false,
      createdAt: now,
      updatedAt: now,
    },
  });
  attempt.userId = created.id;
  attempt.created = true;
  return { action: 'link', userId: created.id, profile: 'preserve' };
}

/** The plugin, with our columns declared so better-auth's adapter reads them (secret included: sso-secrets.ts). */
export function ssoPlugin() {
  return sso({
    // Providers are set up through our admin routes only (the plugin's own register is closed in auth.ts).
    providersLimit: 0,
    resolveUser: (input, context) =>
      resolveSsoUser(input, context.database as unknown as TTxAdapter, ssoAttempt.getStore()),
    schema: {
      ssoProvider: {
        additionalFields: {
          companyId: { type: 'string', required: true, input: false },
          clientSecret: { type: 'string', required: true, input: false, returned: false },
          firstNameClaim: { type: 'string', required: false, input: false },
          lastNameClaim: { type: 'string', required: false, input: false },
          jitEnabled: { type: 'boolean', required: false, input: false },
        },
      },
    },
  });
}
