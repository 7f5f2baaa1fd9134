// Drizzle tables of kiosks and badges (decision 083, migration 0057): a shared tablet an admin set up as a kiosk, and
// each person's badge, whose scan on that kiosk moves the person's own clock. Neither signs anybody in. Tenant tables:
// company_id leads every key. Only digests of the secrets are kept: the kiosk's key lives on its device alone and a
// badge's code on its printed label alone, so a copy of the database moves nobody's clock.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tenantColumns, tenantKey, tz } from '../../db/columns.ts';
import { users } from '../auth/auth.tables.ts';

/** A kiosk: a device an admin set up, named for where it stands; revoked, it moves no clock again. */
export const kiosks = pgTable(
  'kiosks',
  {
    ...tenantColumns(),
    name: text('name').notNull(),
    /** SHA-256 (hex) of the device's secret; the secret itself was shown once, to the device. */
    secretHash: text('secret_hash').notNull(),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
    /** The last time a badge moved a clock here (or the device checked in): which kiosks are still in use. */
    lastUsedAt: timestamp('last_used_at', tz),
    revokedAt: timestamp('revoked_at', tz),
    revokedBy: text('revoked_by'),
  },
  (t) => [tenantKey('kiosks', t), index('kiosks_company_created_idx').on(t.companyId, t.createdAt)],
);

/**
 * A person's badge: an unguessable code printed as a QR label. A new badge revokes the person's previous one, so at
 * most one is live per person (partial unique key); revoked rows stay, for the audit trail's sake.
 */
export const badges = pgTable(
  'badges',
  {
    ...tenantColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** SHA-256 (hex) of the code (120 random bits: two people never draw the same). */
    codeHash: text('code_hash').notNull(),
    /** The code's last four characters, so an admin can tell which printed badge is the live one. */
    hint: text('hint').notNull(),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
    revokedAt: timestamp('revoked_at', tz),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    tenantKey('badges', t),
    uniqueIndex('badges_code_hash_key').on(t.companyId, t.codeHash),
    uniqueIndex('badges_live_key').on(t.companyId, t.userId).where(sql`${t.revokedAt} is null`),
  ],
);
