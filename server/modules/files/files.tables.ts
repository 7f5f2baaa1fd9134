// Drizzle tables of uploaded files (decision 044, "Files"): images and videos kept in the database as 256 KiB bytea
// chunks, so every instance on one PostgreSQL and the one PGlite process see the same bytes, row-level security
// confines them like any tenant row, and an HTTP range request reads only the chunks it overlaps.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables.ts';

const tz = { withTimezone: true } as const;

/** PostgreSQL bytea as a Node Buffer (drizzle-orm has no bytea column of its own). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** An uploaded file: its type sniffed from its first bytes (never from its name), its size and digest. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The name it was uploaded under, shown and offered on download; never used to decide its type. */
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the whole content: an ETag, and a check that the chunks add up. */
    sha256: text('sha256').notNull(),
    chunkSize: integer('chunk_size').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    /** Who uploaded it, as the audit trail names them. */
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    primaryKey({ name: 'files_pkey', columns: [t.companyId, t.id] }),
    check('files_size_check', sql`${t.sizeBytes} >= 0`),
    check('files_chunk_size_check', sql`${t.chunkSize} > 0`),
  ],
);

/** One piece of a file's content: chunk `seq` (from 0) holds bytes [seq × chunk_size, (seq + 1) × chunk_size). */
export const fileChunks = pgTable(
  'file_chunks',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ name: 'file_chunks_pkey', columns: [t.companyId, t.fileId, t.seq] }),
    foreignKey({
      name: 'file_chunks_file_id_fk',
      columns: [t.companyId, t.fileId],
      foreignColumns: [files.companyId, files.id],
    }).onDelete('cascade'),
    check('file_chunks_seq_check', sql`${t.seq} >= 0`),
  ],
);
