// Drizzle tables of better-auth (decision 015): users, sessions, credential accounts, verification tokens, TOTP.
// The property keys are better-auth's field names, so the adapter needs no mapping; the SQL names are ours.
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * A person who can sign in. Not a tenant table: sign-in finds the user before any company is known, and
 * `company_id` stays null until registration completes. The address is stored normalised (`normalizeEmail`).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** better-auth requires a name: "First Last". */
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    /** Set by the twoFactor plugin once a TOTP enrolment is confirmed. */
    twoFactorEnabled: boolean('two_factor_enabled').default(false),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('user'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    active: boolean('active').notNull().default(true),
    burdenedLaborRate: numeric('burdened_labor_rate', { precision: 10, scale: 2 }),
    needsPasswordReset: boolean('needs_password_reset').notNull().default(false),
    /** Set each time a session starts (a sign-in, a verification link, a second factor). */
    lastSignInAt: timestamp('last_sign_in_at', tz),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_company_id_idx').on(t.companyId)],
);

/** A signed-in browser. The token is what the (signed) session cookie carries. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    token: text('token').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', tz).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token), index('sessions_user_id_idx').on(t.userId)],
);

/** How a user signs in; provider 'credential' holds the password hash. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', tz),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', tz),
    scope: text('scope'),
    /** The password hash (server/modules/auth/password-hash.ts), for the credential provider. */
    password: text('password'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

/** Short-lived tokens better-auth stores: password resets, pending two-factor challenges. */
export const verifications = pgTable(
  'verifications',
  {
    id: uuid('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** A user's TOTP enrolment; secret and backup codes are encrypted with the session secret. */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: uuid('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** better-auth 1.7: false until the first code confirms the enrolment. */
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestamp('locked_until', tz),
    /** Ours: the last TOTP time step accepted, for the replay guard (better-auth does not read it). */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  },
  (t) => [uniqueIndex('two_factors_user_id_key').on(t.userId), index('two_factors_secret_idx').on(t.secret)],
);

/** The tables keyed by better-auth model name, for its Drizzle adapter. */
export const authSchema = {
  user: users,
  session: sessions,
  account: accounts,
  verification: verifications,
  twoFactor: twoFactors,
};

/**
 * A sign-up waiting for its e-mail verification: what registration completion needs to create the company and
 * make the user its admin. Deleted when the company is created. Closed to the tenant role (migration 0011).
 */
export const pendingRegistrations = pgTable('pending_registrations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  timezone: text('timezone').notNull(),
  planId: text('plan_id').notNull(),
  termsAcceptedAt: timestamp('terms_accepted_at', tz).notNull(),
  privacyAcceptedAt: timestamp('privacy_accepted_at', tz).notNull(),
  createdAt: timestamp('created_at', tz).notNull().defaultNow(),
});
