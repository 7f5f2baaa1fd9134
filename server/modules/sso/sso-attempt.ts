// One single sign-on callback as it runs: what our mount learned before handing the request to better-auth (the
// provider's company and rules, the nonce the browser's cookie binds), and what the plugin's user resolution decided,
// read back after it for the security event. better-auth runs the resolution inside its own transaction, where no
// query of ours may run beside it (PGlite has one connection), so everything it needs is gathered here first.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TIdentityLink } from '../identities/identity-link-resolve.ts';

/** Why a sign-in through the provider was refused (the callback page's `error`, the security event's reason). */
export type TSsoRefusal =
  | 'nonce_mismatch'
  | 'domain_not_proved'
  | 'other_company'
  | 'account_inactive'
  | 'jit_disabled'
  | 'plan_limit'
  | 'not_oidc';

export interface TSsoAttempt {
  /** The company whose provider the callback names; null when no provider has that id. */
  companyId: string | null;
  jitEnabled: boolean;
  firstNameClaim: string;
  lastNameClaim: string;
  /** The plan's seats (active users), as of the callback. */
  maxUsers: number;
  /** The company's proved domains: an address outside them is refused even if its provider vouches for it. */
  provedDomains: readonly string[];
  /** SHA-256 (base64url) of the nonce cookie; the ID token's `nonce` must equal it. Null when no cookie came. */
  expectedNonce: string | null;
  /** Filled in by the resolution. */
  email: string | null;
  userId: string | null;
  created: boolean;
  refusal: TSsoRefusal | null;
  /** Set when the browser is linking the provider to its signed-in account (decision 088), not signing in. */
  link?: TIdentityLink | null;
}

/** The attempt of the callback now running (set by sso-callback.ts around better-auth's handler). */
export const ssoAttempt = new AsyncLocalStorage<TSsoAttempt>();
