// The user resolution of a link (decision 088), called by the single sign-on plugin's resolution (sso-plugin.ts) when
// the callback's browser is linking rather than signing in. Kept apart from identity-link.ts, with no imports of the
// auth or sso modules, because better-auth's configuration (auth.ts) imports the plugin that calls it.
import type { SSOUserResolution, SSOUserResolutionInput } from '@better-auth/sso';
import { normalizeEmail } from '#common/email.ts';
import type { TIdentityLinkRefusal } from '#common/schemas/identities.ts';

/** A link in progress, as the callback found it. */
export interface TIdentityLink {
  userId: string;
  email: string;
  companyId: string;
  /** The audit trail's name of the person ("First Last <email>"). */
  actorName: string;
  /** The session that asked is the one the browser still carries. */
  sameSession: boolean;
  /** Filled in by the resolution. */
  refusal: TIdentityLinkRefusal | null;
}

/** What the callback knows of the provider it came back through. */
export interface TLinkProvider {
  /** The provider's company (null: no provider has the callback's id). */
  companyId: string | null;
  /** That company's proved domains. */
  provedDomains: readonly string[];
}

interface TAccountReader {
  findOne<T>(args: { model: string; where: { field: string; value: unknown }[] }): Promise<T | null>;
}

function refuse(link: TIdentityLink, code: TIdentityLinkRefusal): SSOUserResolution {
  link.refusal = code;
  return { action: 'reject', code };
}

/**
 * Inside better-auth's transaction, after the nonce was checked: the person who asked, still signed in, with the same
 * address at their own company's provider; an identity already linked to someone else is refused.
 */
export async function resolveIdentityLink(
  input: SSOUserResolutionInput,
  database: TAccountReader,
  provider: TLinkProvider,
  link: TIdentityLink,
): Promise<SSOUserResolution> {
  if (!link.sameSession) return refuse(link, 'link_session_ended');
  if (provider.companyId !== link.companyId) return refuse(link, 'domain_not_proved');
  const email = normalizeEmail(input.providerUser.email);
  if (!provider.provedDomains.includes(email.split('@')[1] ?? '')) return refuse(link, 'domain_not_proved');
  // The same person: another address linked here would collide with that address's own sign-in later.
  if (email !== link.email) return refuse(link, 'identity_email_mismatch');
  const owner = await database.findOne<{ userId: string }>({
    model: 'account',
    where: [
      { field: 'providerId', value: input.providerId },
      { field: 'accountId', value: input.accountKey.accountId },
    ],
  });
  if (owner && owner.userId !== link.userId) return refuse(link, 'identity_already_exists');
  return { action: 'link', userId: link.userId, profile: 'preserve' };
}
