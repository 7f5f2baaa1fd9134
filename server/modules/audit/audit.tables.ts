// The audit trail: who changed what and when, with the values before and after. Append-only: the role the app
// runs as may only read and insert, and a trigger refuses any update or delete, even by the owner (migration 0014).
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables.ts';

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: uuid('id').notNull(),
    // No cascade: a company with a trail cannot be deleted by accident.
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The user who acted, or null for the server itself (the command line, a scheduled job). */
    actorId: uuid('actor_id'),
    /** The actor as they were named then ("Ada Admin <ada@example.com>"), kept even if they are renamed later. */
    actorName: text('actor_name').notNull(),
    /** What kind of thing changed: 'user', 'company-configuration', 'plan', … */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** The thing as people know it (an e-mail, "Company configuration"). */
    entityLabel: text('entity_label').notNull(),
    action: text('action').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'audit_entries_pkey', columns: [t.companyId, t.id] }),
    index('audit_entries_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('audit_entries_company_entity_idx').on(t.companyId, t.entityType, t.entityId),
    // The sysadmins' security dashboard lists every company's entries newest first.
    index('audit_entries_created_idx').on(t.createdAt, t.id),
  ],
);
