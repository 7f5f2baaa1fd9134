// Company single sign-on (decision 086): the OpenID Connect provider an admin sets up, the e-mail domains the company
// claims, and the start of a sign-in. One contract for the Admin screen, the login view and the server.
import { z } from 'zod';
import { ZEmailSchema } from '../email.ts';
import { pageOf, pageQuery } from './paging.ts';

/** A DNS name as a company claims it: lower-case labels, at least two, a top-level domain of letters. */
const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The record name of a domain's proof: a TXT record there holds the claim's value. */
export const SSO_TXT_PREFIX = '_forgeboard-challenge';
/** The TXT record's value starts with this, then the claim's token. */
export const SSO_TXT_VALUE_PREFIX = 'forgeboard-domain-verification=';

/** Where a domain's proof is looked up. */
export function ssoTxtName(domain: string): string {
  return `${SSO_TXT_PREFIX}.${domain}`;
}

const CLAIM = z
  .string({ error: 'Enter the claim' })
  .trim()
  .min(1, 'Enter the claim')
  .max(100, 'At most 100 characters')
  .regex(/^[A-Za-z0-9_:.\-/]+$/, 'Use a claim name such as given_name');

const SCOPE = z
  .string()
  .trim()
  .regex(/^[\x21\x23-\x5B\x5D-\x7E]{1,100}$/, 'A scope is one word, such as profile');

/** What an admin enters for the company's provider. The secret may be left out to keep the stored one. */
export const ZSsoProviderInputSchema = z.object({
  issuer: z
    .url({ protocol: /^https?$/, error: 'Enter the issuer URL, such as https://login.example.com' })
    .max(500, 'At most 500 characters'),
  clientId: z.string({ error: 'Enter the client id' }).trim().min(1, 'Enter the client id').max(500),
  clientSecret: z.string().min(1, 'Enter the client secret').max(2000).optional(),
  scopes: z.array(SCOPE).max(20, 'At most 20 scopes').default(['openid', 'email', 'profile']),
  firstNameClaim: CLAIM.default('given_name'),
  lastNameClaim: CLAIM.default('family_name'),
  jitEnabled: z.boolean().default(false),
});
export type TSsoProviderInput = z.input<typeof ZSsoProviderInputSchema>;

const ATTRIBUTE = z
  .string({ error: 'Enter the attribute name' })
  .trim()
  .min(1, 'Enter the attribute name')
  .max(300, 'At most 300 characters');

/**
 * A SAML 2.0 provider (decision 090): where the IdP signs people in (its single sign-on URL), its entity id, the
 * certificate it signs with (PEM; checked on the server), the attributes that give the address and names.
 */
export const ZSsoSamlProviderInputSchema = z.object({
  entryPoint: z
    .url({
      protocol: /^https?$/,
      error: 'Enter the single sign-on URL, such as https://login.example.com/saml',
    })
    .max(1000, 'At most 1000 characters'),
  idpEntityId: z
    .string({ error: "Enter the identity provider's entity id" })
    .trim()
    .min(1, "Enter the identity provider's entity id")
    .max(500, 'At most 500 characters'),
  /** Left out to keep the stored one (a SAML provider's later saves), as the OpenID client secret. */
  certificate: z
    .string({ error: 'Paste the signing certificate' })
    .trim()
    .min(1, 'Paste the signing certificate')
    .max(20000, 'At most 20000 characters')
    .optional(),
  emailAttribute: ATTRIBUTE.default('email'),
  firstNameAttribute: ATTRIBUTE.default('givenName'),
  lastNameAttribute: ATTRIBUTE.default('surname'),
  jitEnabled: z.boolean().default(false),
});
export type TSsoSamlProviderInput = z.input<typeof ZSsoSamlProviderInputSchema>;

/** What the admin of a SAML provider copies to the identity provider, and what they entered. */
export const ZSsoSamlDetailsSchema = z.object({
  entryPoint: z.string(),
  idpEntityId: z.string(),
  /** The certificate's subject and expiry, to recognise it (the PEM itself is not secret but long). */
  certificateSubject: z.string(),
  certificateValidTo: z.string(),
  emailAttribute: z.string(),
  firstNameAttribute: z.string(),
  lastNameAttribute: z.string(),
  /** Our entity id (also the URL of our metadata): the "Identifier (Entity ID)" / "Audience URI" at the IdP. */
  spEntityId: z.string(),
  /** Where the IdP posts its response: the "Reply URL" / "Single sign-on URL" at the IdP. */
  acsUrl: z.string(),
  /** Our SP metadata (XML), for an IdP that imports it. */
  metadataUrl: z.string(),
});

/** The provider as the screen shows it: never the secret, only that one is stored. */
export const ZSsoProviderSchema = z.object({
  id: z.uuid(),
  /** OpenID Connect, or SAML 2.0 (then `saml` holds its details and the OpenID fields are empty). */
  protocol: z.enum(['oidc', 'saml']),
  saml: ZSsoSamlDetailsSchema.nullable(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  scopes: z.array(z.string()),
  firstNameClaim: z.string(),
  lastNameClaim: z.string(),
  jitEnabled: z.boolean(),
  /** What the admin registers at the identity provider as the redirect (reply) URL. */
  redirectUri: z.string(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TSsoProvider = z.infer<typeof ZSsoProviderSchema>;

export const ZSsoProviderResultSchema = z.object({ provider: ZSsoProviderSchema.nullable() });

export const ZSsoDomainInputSchema = z.object({
  domain: z
    .string({ error: 'Enter a domain, such as example.com' })
    .trim()
    .toLowerCase()
    .transform((d) => d.replace(/\.$/, ''))
    .pipe(z.string().regex(DOMAIN, 'Enter a domain, such as example.com')),
});

export const ZSsoDomainPatchSchema = z.object({ ssoRequired: z.boolean() });

export const ZSsoDomainSchema = z.object({
  id: z.uuid(),
  domain: z.string(),
  proved: z.boolean(),
  /** 'dns' or 'sysadmin' once proved. */
  provedBy: z.enum(['dns', 'sysadmin']).nullable(),
  provedAt: z.iso.datetime({ offset: true }).nullable(),
  ssoRequired: z.boolean(),
  /** The TXT record that proves the claim: its name and value. */
  txtName: z.string(),
  txtValue: z.string(),
});
export type TSsoDomain = z.infer<typeof ZSsoDomainSchema>;

export const ZSsoDomainListSchema = z.object({ domains: z.array(ZSsoDomainSchema) });
export const ZSsoDomainIdParamsSchema = z.object({ id: z.uuid('Not an id') });

/** A pending claim as a sysadmin's list shows it: the claiming company, when, and the record that would prove it. */
export const ZSsoPendingClaimSchema = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  domain: z.string(),
  claimedAt: z.iso.datetime({ offset: true }),
  claimedBy: z.string(),
  txtName: z.string(),
  txtValue: z.string(),
  /** Another company has proved this domain already: approving it would be refused (409). */
  provedElsewhere: z.boolean(),
});
export type TSsoPendingClaim = z.infer<typeof ZSsoPendingClaimSchema>;
export const ZSsoPendingQuerySchema = z.object(pageQuery(20, 100));
export const ZSsoPendingPageSchema = pageOf(ZSsoPendingClaimSchema);
export type TSsoPendingPage = z.infer<typeof ZSsoPendingPageSchema>;

/** The login view's "Continue with single sign-on": the address whose domain finds the provider. */
export const ZSsoStartSchema = z.object({
  email: ZEmailSchema,
});
export const ZSsoStartResultSchema = z.object({ url: z.string() });

/** What the screens say. */
export const SSO_MESSAGES = {
  noProvider:
    'Single sign-on is not set up for this address. Sign in with your password, or ask your administrator.',
  passwordRefused:
    'Your company signs in with single sign-on. Use "Continue with single sign-on" with this address.',
  domainTaken: 'Another company has already proved this domain.',
  domainExists: 'This domain is already claimed by your company.',
  notProved:
    'The TXT record was not found. Add it at your DNS provider, wait for it to spread, then check again.',
  providerMissing: 'Set up the identity provider first.',
  discoveryFailed:
    'The issuer did not answer with an OpenID configuration. Check the URL (it is the part before /.well-known/openid-configuration).',
  secretRequired: 'Enter the client secret',
  certificateRequired: 'Paste the signing certificate',
  httpsRequired: 'Use the https:// address of the issuer',
  entryPointHttps: 'Use the https:// address of the single sign-on URL',
  badCertificate: 'This is not a PEM certificate (-----BEGIN CERTIFICATE----- …)',
  domainNotFound: 'No such domain claim.',
  providerStillRequired: (domains: readonly string[]) =>
    `Turn off "SSO required" for ${domains.join(', ')} first: without the provider its people could not sign in.`,
} as const;

/** Why a single sign-on was refused, as the callback page explains it. */
export const SSO_ERROR_MESSAGES: Record<string, string> = {
  jit_disabled:
    'You do not have an account yet. Ask your administrator to invite you, then sign in with single sign-on.',
  plan_limit:
    "Your company's plan has no free seat for a new user. Ask your administrator to free one or change the plan.",
  other_company: 'This address belongs to another company. Ask your administrator.',
  account_inactive: 'Your account has been deactivated. Please contact your administrator for assistance.',
  domain_not_proved: 'Single sign-on is not set up for this address. Ask your administrator.',
  nonce_mismatch: 'The sign-in could not be checked. Start again from the login page.',
  invalid_state: 'The sign-in could not be checked. Start again from the login page.',
  invalid_saml_response: 'The sign-in could not be checked. Start again from the login page.',
  replay_detected: 'This sign-in was already used. Start again from the login page.',
  not_this_browser:
    'This sign-in was not started in this browser, or took too long. Start again from the login page.',
};

/** The message for a callback's `error` code. */
export function ssoErrorMessage(code: string): string {
  return (
    SSO_ERROR_MESSAGES[code] ??
    'Single sign-on failed. Start again from the login page, or ask your administrator.'
  );
}
