// The passkeys of better-auth's passkey plugin (decision 089): one WebAuthn credential of a user. Not a tenant table,
// like two_factors: sign-in with a passkey finds the credential before any company is known. Closed to the tenant
// role (migration 0060); our routes reach only the caller's own rows, and the admin screens read it by user id.
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';

const tz = { withTimezone: true } as const;

/** A WebAuthn credential; the property keys are the plugin's field names, so its adapter needs no mapping. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey(),
    /** What the person called it ("Work laptop"). */
    name: text('name'),
    /** The credential's COSE public key, base64. */
    publicKey: text('public_key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator gives it. */
    credentialID: text('credential_id').notNull(),
    /** The signature counter; a sign-in whose counter does not grow is refused (a cloned authenticator). */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    /** When it last signed its person in (a sign-in or a second factor); null before its first use. Ours, not the plugin's. */
    lastUsedAt: timestamp('last_used_at', tz),
    aaguid: text('aaguid'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialID),
    index('passkeys_user_id_idx').on(t.userId),
  ],
);
