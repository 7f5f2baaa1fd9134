// A company's SAML 2.0 provider in the shape @better-auth/sso reads it (decision 090): the plugin's `samlConfig` JSON
// built from what the admin entered, the URLs the admin copies to the identity provider, and what the screen and the
// audit trail show of it. No secret: the IdP's certificate is public, our SP signs nothing.
import { X509Certificate } from 'node:crypto';
import { AUTH_BASE_PATH } from '../auth/auth.ts';
import type { TSsoProviderRow } from './sso.repo.ts';

/** What we keep of the admin's input beside the plugin's fields (under `forgeboard` in the same JSON). */
interface TSamlStored {
  issuer: string;
  entryPoint: string;
  cert: string;
  idpMetadata: { entityID: string; cert: string };
  wantAssertionsSigned: boolean;
  mapping: { email: string; firstName: string; lastName: string };
}

/** The SP's URLs for a provider: our entity id (the metadata's URL), the ACS the IdP posts to, the metadata. */
export function samlUrlsOf(appUrl: string, providerId: string) {
  const base = `${appUrl}${AUTH_BASE_PATH}/sso/saml2/sp`;
  const metadataUrl = `${base}/metadata?providerId=${encodeURIComponent(providerId)}`;
  return { spEntityId: metadataUrl, acsUrl: `${base}/acs/${providerId}`, metadataUrl };
}

/** The certificate as X.509, or null when the text is not one PEM certificate. */
export function parseCertificate(pem: string): X509Certificate | null {
  if (!/^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(pem.trim())) return null;
  try {
    return new X509Certificate(pem.trim());
  } catch {
    return null;
  }
}

export interface TSamlInput {
  entryPoint: string;
  idpEntityId: string;
  certificate: string;
  emailAttribute: string;
  firstNameAttribute: string;
  lastNameAttribute: string;
}

/**
 * The plugin's samlConfig. Assertions must be signed (`wantAssertionsSigned`: the plugin then refuses an unsigned
 * one even inside a signed response); the audience it expects is our entity id; the NameID is the account's key.
 */
export function samlConfigOf(appUrl: string, providerId: string, input: TSamlInput): string {
  const { spEntityId } = samlUrlsOf(appUrl, providerId);
  const cert = input.certificate.trim();
  const config: TSamlStored = {
    issuer: spEntityId,
    entryPoint: input.entryPoint,
    cert,
    idpMetadata: { entityID: input.idpEntityId, cert },
    wantAssertionsSigned: true,
    mapping: {
      email: input.emailAttribute,
      firstName: input.firstNameAttribute,
      lastName: input.lastNameAttribute,
    },
  };
  return JSON.stringify(config);
}

/** The IdP certificate a SAML provider holds (PEM), or null for an OpenID Connect one. */
export function storedCertificateOf(row: TSsoProviderRow | null): string | null {
  return row?.samlConfig ? storedOf(row).cert : null;
}

function storedOf(row: TSsoProviderRow): TSamlStored {
  return JSON.parse(row.samlConfig ?? '{}') as TSamlStored;
}

/** What the screen shows of a SAML provider. */
export function samlDetailsOf(row: TSsoProviderRow, appUrl: string) {
  const stored = storedOf(row);
  const cert = parseCertificate(stored.cert);
  return {
    entryPoint: stored.entryPoint,
    idpEntityId: stored.idpMetadata.entityID,
    certificateSubject: cert?.subject.replace(/\n/g, ', ') ?? '',
    certificateValidTo: cert ? new Date(cert.validTo).toISOString() : '',
    emailAttribute: stored.mapping.email,
    firstNameAttribute: stored.mapping.firstName,
    lastNameAttribute: stored.mapping.lastName,
    ...samlUrlsOf(appUrl, row.providerId),
  };
}

/** What the audit trail shows of a SAML provider (the certificate by its fingerprint). */
export function auditedSaml(row: TSsoProviderRow) {
  const stored = storedOf(row);
  return {
    protocol: 'saml',
    issuer: row.issuer,
    entryPoint: stored.entryPoint,
    certificate: parseCertificate(stored.cert)?.fingerprint256 ?? '',
    emailAttribute: stored.mapping.email,
    firstNameClaim: row.firstNameClaim,
    lastNameClaim: row.lastNameClaim,
    jitEnabled: row.jitEnabled,
  };
}
