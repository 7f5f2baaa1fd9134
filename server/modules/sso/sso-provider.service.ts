// The company's OpenID Connect provider, as its admins set it up (decision 086): the issuer's discovery document is
// fetched when it is saved (a wrong URL is a 400 on the issuer field, not a broken sign-in later), the client secret
// is stored encrypted and never answered, and every change is in the audit trail.
import { discoverOIDCConfig } from '@better-auth/sso';
import { and, eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { AppError } from '#common/errors.ts';
import { SSO_MESSAGES, type TSsoProvider, type ZSsoProviderInputSchema } from '#common/schemas/sso.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordSecurityEvent } from '../../security/security-events.ts';
import { changedFields, recordAudit } from '../audit/audit.ts';
import { AUTH_BASE_PATH } from '../auth/auth.ts';
import { findCompanyProvider, type TSsoProviderRow } from './sso.repo.ts';
import { ssoDomains, ssoProviders } from './sso.tables.ts';
import { auditedSaml, samlDetailsOf, samlUrlsOf } from './sso-saml-config.ts';
import { encryptClientSecret, type TSecretKey } from './sso-secrets.ts';

type TInput = z.output<typeof ZSsoProviderInputSchema>;

/** What saving needs beyond the input: the app's origin, the encryption key, the origins trusted on private hosts. */
export interface TSsoSetup {
  appUrl: string;
  secretKey: () => Promise<TSecretKey>;
  isTrustedOrigin: (url: string) => boolean;
}

interface TStoredOidc {
  clientId: string;
  scopes: string[];
}

/** The provider's redirect (reply) URL, to register at the identity provider. */
export function redirectUriOf(appUrl: string, providerId: string): string {
  return `${appUrl}${AUTH_BASE_PATH}/sso/callback/${providerId}`;
}

export function toProvider(row: TSsoProviderRow, appUrl: string): TSsoProvider {
  if (row.samlConfig) {
    return {
      id: row.id,
      protocol: 'saml',
      saml: samlDetailsOf(row, appUrl),
      issuer: row.issuer,
      clientId: '',
      hasClientSecret: false,
      scopes: [],
      firstNameClaim: row.firstNameClaim,
      lastNameClaim: row.lastNameClaim,
      jitEnabled: row.jitEnabled,
      redirectUri: samlUrlsOf(appUrl, row.providerId).acsUrl,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
  const oidc = JSON.parse(row.oidcConfig ?? '{}') as TStoredOidc;
  return {
    id: row.id,
    protocol: 'oidc',
    saml: null,
    issuer: row.issuer,
    clientId: oidc.clientId,
    hasClientSecret: row.clientSecret !== '',
    scopes: oidc.scopes,
    firstNameClaim: row.firstNameClaim,
    lastNameClaim: row.lastNameClaim,
    jitEnabled: row.jitEnabled,
    redirectUri: redirectUriOf(appUrl, row.providerId),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit trail shows of a provider: never the secret, only that it changed. */
export function audited(row: TSsoProviderRow | null) {
  if (!row) return null;
  if (row.samlConfig) return auditedSaml(row);
  const oidc = JSON.parse(row.oidcConfig ?? '{}') as TStoredOidc;
  return {
    issuer: row.issuer,
    clientId: oidc.clientId,
    scopes: oidc.scopes.join(' '),
    firstNameClaim: row.firstNameClaim,
    lastNameClaim: row.lastNameClaim,
    jitEnabled: row.jitEnabled,
  };
}

/** The audit entry's fields: what changed, and of the secret only that it was stored or replaced. */
function providerDiff(before: TSsoProviderRow | null, after: TSsoProviderRow, secretGiven: boolean) {
  const change = changedFields(audited(before) ?? {}, audited(after) ?? {});
  const secret = secretGiven ? { clientSecret: before ? 'replaced' : 'stored' } : {};
  return {
    before: before ? { ...change.before, ...(secretGiven ? { clientSecret: 'stored' } : {}) } : null,
    after: { ...change.after, ...secret },
  };
}

export async function getSsoProvider(tenant: TTenant, appUrl: string): Promise<TSsoProvider | null> {
  const row = await tenant.run((tx) => findCompanyProvider(tx, tenant.companyId));
  return row ? toProvider(row, appUrl) : null;
}

/** The issuer's endpoints, from its discovery document; a 400 on `issuer` when it has none. */
async function discover(input: TInput, setup: TSsoSetup) {
  // OpenID Connect asks https of an issuer; plain http only for an origin the operator trusts (a test's provider).
  if (!input.issuer.startsWith('https:') && !setup.isTrustedOrigin(input.issuer)) {
    throw new AppError('BAD_REQUEST', SSO_MESSAGES.httpsRequired, { issuer: SSO_MESSAGES.httpsRequired });
  }
  try {
    return await discoverOIDCConfig({
      issuer: input.issuer,
      timeout: 5000,
      isTrustedOrigin: setup.isTrustedOrigin,
    });
  } catch {
    throw new AppError('BAD_REQUEST', SSO_MESSAGES.discoveryFailed, { issuer: SSO_MESSAGES.discoveryFailed });
  }
}

/** Creates or replaces the company's provider. Leaving the secret out keeps the stored one. */
export async function saveSsoProvider(
  tenant: TTenant,
  input: TInput,
  setup: TSsoSetup,
): Promise<TSsoProvider> {
  const found = await discover(input, setup);
  const oidcConfig = JSON.stringify({
    issuer: found.issuer,
    clientId: input.clientId,
    pkce: true,
    discoveryEndpoint: found.discoveryEndpoint,
    authorizationEndpoint: found.authorizationEndpoint,
    tokenEndpoint: found.tokenEndpoint,
    jwksEndpoint: found.jwksEndpoint,
    userInfoEndpoint: found.userInfoEndpoint,
    tokenEndpointAuthentication: found.tokenEndpointAuthentication,
    scopes: input.scopes.includes('openid') ? input.scopes : ['openid', ...input.scopes],
  });
  const secret = input.clientSecret
    ? await encryptClientSecret(await setup.secretKey(), input.clientSecret)
    : null;
  const row = await tenant.run(async (tx) => {
    const before = await findCompanyProvider(tx, tenant.companyId);
    if (!before && !secret) {
      throw new AppError('BAD_REQUEST', SSO_MESSAGES.secretRequired, {
        clientSecret: SSO_MESSAGES.secretRequired,
      });
    }
    const values = {
      issuer: found.issuer,
      oidcConfig,
      samlConfig: null,
      firstNameClaim: input.firstNameClaim,
      lastNameClaim: input.lastNameClaim,
      jitEnabled: input.jitEnabled,
      userId: tenant.userId,
      updatedAt: new Date(),
      ...(secret ? { clientSecret: secret } : {}),
    };
    let after: TSsoProviderRow;
    if (before) {
      [after] = (await tx
        .update(ssoProviders)
        .set(values)
        .where(eq(ssoProviders.id, before.id))
        .returning()) as [TSsoProviderRow];
    } else {
      const id = uuidv7();
      [after] = (await tx
        .insert(ssoProviders)
        .values({ ...values, id, companyId: tenant.companyId, providerId: id, clientSecret: secret ?? '' })
        .returning()) as [TSsoProviderRow];
    }
    const diff = providerDiff(before, after, secret !== null);
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'sso-provider',
      entityId: after.id,
      entityLabel: after.issuer,
      action: before ? 'updated' : 'created',
      before: diff.before,
      after: diff.after,
    });
    return after;
  });
  return toProvider(row, setup.appUrl);
}

/**
 * Removes the company's provider: nobody signs in through it any more; their accounts stay, and anyone with a
 * password keeps it. Refused while a domain requires single sign-on (decision 090): its people would be left with
 * no way in, and the requirement would silently come back with the next provider. The admin turns it off first.
 */
export async function deleteSsoProvider(
  owner: TDb,
  tenant: TTenant,
  origin: { ip: string | null; userAgent: string | null },
): Promise<void> {
  const removed = await tenant.run(async (tx) => {
    const before = await findCompanyProvider(tx, tenant.companyId);
    if (!before) throw new AppError('NOT_FOUND', SSO_MESSAGES.providerMissing);
    const required = await tx
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(and(eq(ssoDomains.companyId, tenant.companyId), eq(ssoDomains.ssoRequired, true)));
    if (required.length > 0) {
      throw new AppError('CONFLICT', SSO_MESSAGES.providerStillRequired(required.map((r) => r.domain)));
    }
    await tx.delete(ssoProviders).where(eq(ssoProviders.id, before.id));
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'sso-provider',
      entityId: before.id,
      entityLabel: before.issuer,
      action: 'deleted',
      before: audited(before),
      after: null,
    });
    return before;
  });
  await recordSecurityEvent(owner, {
    type: 'sso_provider_removed',
    companyId: tenant.companyId,
    userId: tenant.userId,
    ...origin,
    details: { issuer: removed.issuer, by: tenant.actor.name },
  });
}
