// Saving a company's SAML 2.0 provider (decision 090): the same row as an OpenID Connect one (one provider per
// company; saving SAML replaces an OpenID one and the other way round), with the plugin's samlConfig. The IdP's
// certificate is checked here (a 400 on `certificate`, not a refused sign-in later); the entry point must be https
// unless the operator trusts its origin, as an OpenID issuer.
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { AppError } from '#common/errors.ts';
import { SSO_MESSAGES, type TSsoProvider, type ZSsoSamlProviderInputSchema } from '#common/schemas/sso.ts';
import type { TTenant } from '../../db/tenant.ts';
import { changedFields, recordAudit } from '../audit/audit.ts';
import { findCompanyProvider, type TSsoProviderRow } from './sso.repo.ts';
import { ssoProviders } from './sso.tables.ts';
import { audited, type TSsoSetup, toProvider } from './sso-provider.service.ts';
import { parseCertificate, samlConfigOf, storedCertificateOf } from './sso-saml-config.ts';

type TInput = z.output<typeof ZSsoSamlProviderInputSchema>;

export async function saveSamlProvider(
  tenant: TTenant,
  input: TInput,
  setup: TSsoSetup,
): Promise<TSsoProvider> {
  if (!input.entryPoint.startsWith('https:') && !setup.isTrustedOrigin(input.entryPoint)) {
    throw new AppError('BAD_REQUEST', SSO_MESSAGES.entryPointHttps, {
      entryPoint: SSO_MESSAGES.entryPointHttps,
    });
  }
  if (input.certificate !== undefined && !parseCertificate(input.certificate)) {
    throw new AppError('BAD_REQUEST', SSO_MESSAGES.badCertificate, {
      certificate: SSO_MESSAGES.badCertificate,
    });
  }
  const row = await tenant.run(async (tx) => {
    const before = await findCompanyProvider(tx, tenant.companyId);
    // Left out, the certificate is the one stored: only a SAML provider has one to keep.
    const certificate = input.certificate ?? storedCertificateOf(before ?? null);
    if (certificate === null) {
      throw new AppError('BAD_REQUEST', SSO_MESSAGES.certificateRequired, {
        certificate: SSO_MESSAGES.certificateRequired,
      });
    }
    const providerId = before?.providerId ?? uuidv7();
    const values = {
      issuer: input.idpEntityId,
      oidcConfig: null,
      samlConfig: samlConfigOf(setup.appUrl, providerId, { ...input, certificate }),
      // No client secret: an OpenID one replaced by SAML is dropped with its config.
      clientSecret: '',
      firstNameClaim: input.firstNameAttribute,
      lastNameClaim: input.lastNameAttribute,
      jitEnabled: input.jitEnabled,
      userId: tenant.userId,
      updatedAt: new Date(),
    };
    let after: TSsoProviderRow;
    if (before) {
      [after] = (await tx
        .update(ssoProviders)
        .set(values)
        .where(eq(ssoProviders.id, before.id))
        .returning()) as [TSsoProviderRow];
    } else {
      [after] = (await tx
        .insert(ssoProviders)
        .values({ ...values, id: providerId, companyId: tenant.companyId, providerId })
        .returning()) as [TSsoProviderRow];
    }
    const change = changedFields(audited(before) ?? {}, audited(after) ?? {});
    await recordAudit(tx, tenant.companyId, tenant.actor, {
      entityType: 'sso-provider',
      entityId: after.id,
      entityLabel: after.issuer,
      action: before ? 'updated' : 'created',
      before: before ? change.before : null,
      after: change.after,
    });
    return after;
  });
  return toProvider(row, setup.appUrl);
}
