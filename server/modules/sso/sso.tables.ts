// Drizzle tables of company single sign-on (decision 086): a company's OpenID Connect provider, in the shape
// @better-auth/sso reads it (its model `ssoProvider`), and the e-mail domains the company claims. Tenant tables:
// company_id leads every key. better-auth reads providers on the owner connection before any company is known; our
// admin routes read and write both as the company (row-level security).
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantColumns, tenantKey, tz } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';

/**
 * A company's identity provider (one per company). The property keys are the plugin's field names. `oidcConfig` is
 * the plugin's JSON without the client secret; the secret lives in `clientSecret`, encrypted with the session secret
 * (as TOTP secrets are), and is put back into the JSON only as better-auth reads the row (sso-secrets.ts).
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    ...tenantColumns(),
    /** The plugin's provider id, in the callback's path (/api/auth/sso/callback/<providerId>): the row's id. */
    providerId: text('provider_id').notNull(),
    issuer: text('issuer').notNull(),
    oidcConfig: text('oidc_config'),
    samlConfig: text('saml_config'),
    /** The admin who set it up (the plugin's owner field). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: text('organization_id'),
    /** The plugin's single domain: unused here ('' ); the company's claims are sso_domains. */
    domain: text('domain').notNull().default(''),
    clientSecret: text('client_secret').notNull(),
    /** The ID token claims that give a new user's first and last name. */
    firstNameClaim: text('first_name_claim').notNull().default('given_name'),
    lastNameClaim: text('last_name_claim').notNull().default('family_name'),
    /** Whether an unknown person of a proved domain becomes a user (role user) at first sign-in. */
    jitEnabled: boolean('jit_enabled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    tenantKey('sso_providers', t),
    uniqueIndex('sso_providers_provider_id_key').on(t.providerId),
    uniqueIndex('sso_providers_company_key').on(t.companyId),
  ],
);

/**
 * An e-mail domain a company claims. It routes sign-ins only once proved (`verifiedAt`): by the DNS TXT record the
 * screen shows, or approved by a sysadmin. A domain is proved for one company at most (partial unique key), so no
 * company can capture another's people by typing their domain.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    ...tenantColumns(),
    /** Lower-case, no trailing dot. */
    domain: text('domain').notNull(),
    /** The value of the TXT record that proves it (random, per claim). */
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', tz),
    /** 'dns', or 'sysadmin' when approved by hand. */
    verifiedBy: text('verified_by'),
    /** Password sign-in refused for this domain's addresses (never a sysadmin's). */
    ssoRequired: boolean('sso_required').notNull().default(false),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    tenantKey('sso_domains', t),
    uniqueIndex('sso_domains_company_domain_key').on(t.companyId, t.domain),
    uniqueIndex('sso_domains_proved_key').on(t.domain).where(sql`${t.verifiedAt} is not null`),
    index('sso_domains_domain_idx').on(t.domain),
  ],
);
