// Drizzle tables of labels (migrations 0022/0023): the codes printed on labels, and the company's label formats.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.tables.ts';

const tz = { withTimezone: true } as const;

/**
 * What a printed code stands for. The token is random (not a database id, so a code tells nothing about any other
 * record and cannot be guessed from one), globally unique, and made the first time a thing is labelled; resolving it
 * checks the company like any other request (docs/decisions/027).
 */
export const labelCodes = pgTable(
  'label_codes',
  {
    token: text('token').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** 'item' | 'lot' | 'location' (and 'machine', 'work-order' when those areas land). */
    kind: text('kind').notNull(),
    entityId: uuid('entity_id').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'label_codes_pkey', columns: [t.companyId, t.token] }),
    // Globally unique all the same: a printed code stands for one thing anywhere (decision 027), so a token another
    // company holds is drawn again rather than shared (decision 033 on what Citus would make of this index).
    uniqueIndex('label_codes_token_key').on(t.token),
    uniqueIndex('label_codes_entity_key').on(t.companyId, t.kind, t.entityId),
  ],
);

/** A label format of a company: its size, symbology, the fields it prints and their text size. */
export const labelFormats = pgTable(
  'label_formats',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    width: numeric('width', { precision: 7, scale: 3 }).notNull(),
    height: numeric('height', { precision: 7, scale: 3 }).notNull(),
    /** 'in' | 'mm'. */
    unit: text('unit').notNull(),
    /** 'qr' | 'code128' | 'datamatrix'. */
    symbology: text('symbology').notNull(),
    /** The fields printed beside the code, in order: part number, name, lot, location, quantity, date, free text. */
    fields: jsonb('fields').$type<string[]>().notNull().default([]),
    freeText: text('free_text').notNull().default(''),
    /** Point size of the label's text. */
    textSize: integer('text_size').notNull().default(9),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'label_formats_pkey', columns: [t.companyId, t.id] }),
    uniqueIndex('label_formats_company_name_key').on(t.companyId, sql`lower(${t.name})`),
    index('label_formats_company_idx').on(t.companyId),
    check('label_formats_size_positive', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);
