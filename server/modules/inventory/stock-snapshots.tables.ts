// Stock snapshots (decision 095): each item's received and issued totals (in millionths of its unit) over every ledger
// line before an instant, kept for a few UTC midnights. The stock balance report reads the state of the whole
// company's stock at the start and at the end of a period as a snapshot plus the ledger lines between it and the
// instant — one row an item and a few hours of lines — instead of summing every line of the ledger up to the end.
// The ledger is only ever appended to at the time of posting, so a snapshot of an instant safely in the past never
// changes; these tables are a cache of sums of it, and a company's rows can be dropped at any time.
import { bigint, foreignKey, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables.ts';

const tz = { withTimezone: true } as const;

/** One snapshot taken, and when: a snapshot's rows are read only while its stamp is there (and locked). */
export const stockSnapshotStamps = pgTable(
  'stock_snapshot_stamps',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** A UTC midnight: the snapshot sums every ledger line created before it. */
    takenAt: timestamp('taken_at', tz).notNull(),
    builtAt: timestamp('built_at', tz).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'stock_snapshot_stamps_pkey', columns: [t.companyId, t.takenAt] })],
);

/**
 * An item's totals at a snapshot's instant: only items with a ledger line before it have a row. No foreign key to the
 * item: an item with ledger lines cannot be deleted (the ledger's key), and a build's 100,000 rows would each pay a
 * check that can never fail.
 */
export const stockSnapshots = pgTable(
  'stock_snapshots',
  {
    companyId: uuid('company_id').notNull(),
    takenAt: timestamp('taken_at', tz).notNull(),
    itemId: uuid('item_id').notNull(),
    receivedMicro: bigint('received_micro', { mode: 'bigint' }).notNull(),
    issuedMicro: bigint('issued_micro', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    // In item order within a snapshot: the report merges two snapshots' rows item by item.
    primaryKey({ name: 'stock_snapshots_pkey', columns: [t.companyId, t.takenAt, t.itemId] }),
    foreignKey({
      name: 'stock_snapshots_stamp_fk',
      columns: [t.companyId, t.takenAt],
      foreignColumns: [stockSnapshotStamps.companyId, stockSnapshotStamps.takenAt],
    }).onDelete('cascade'),
  ],
);
