// A domain claim is proved by a TXT record at _forgeboard-challenge.<domain> holding the claim's value. Looked up
// with node:dns through the servers the configuration names (SSO_DNS_SERVERS; the tests serve the record from a
// local DNS server), else the system's resolver. A lookup that fails for any reason proves nothing.
import { Resolver } from 'node:dns/promises';
import { SSO_TXT_VALUE_PREFIX, ssoTxtName } from '#common/schemas/sso.ts';

/** The TXT value that proves a claim with this token. */
export function txtValueOf(token: string): string {
  return `${SSO_TXT_VALUE_PREFIX}${token}`;
}

/** True when the domain's challenge name holds the claim's value (one of its TXT records, strings joined). */
export async function domainHasProof(
  servers: readonly string[],
  domain: string,
  token: string,
): Promise<boolean> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers([...servers]);
  try {
    const records = await resolver.resolveTxt(ssoTxtName(domain));
    return records.some((chunks) => chunks.join('') === txtValueOf(token));
  } catch {
    return false;
  } finally {
    resolver.cancel();
  }
}
