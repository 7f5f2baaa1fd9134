// Drizzle tables of inventory set-up: the location tree and the items (SKUs). Tenant tables under row-level
// security (migration 0016), keyed by (company_id, id) with company_id in every foreign key (decision 033). Money and
// quantities are numeric, read as exact decimal strings.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
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
 * A place stock can be: site > area > shelf > bin. `path` is the chain of ids from the site down, "/<id>/<id>/",
 * so "everything under this area" is one indexed prefix match (`path LIKE '/site/area/%'`, migration 0016's
 * text_pattern_ops index).
 */
export const locations = pgTable(
  'locations',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    /** lower(code), stored, for equality lookups under row-level security (see items.part_number_key). */
    codeKey: text('code_key').notNull().generatedAlwaysAs(sql`lower(code)`),
    name: text('name').notNull(),
    path: text('path').notNull(),
    /** The codes from the site down, joined with " / ". */
    fullCode: text('full_code').notNull(),
    depth: integer('depth').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'locations_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'locations_parent_id_fk',
      columns: [t.companyId, t.parentId],
      foreignColumns: [t.companyId, t.id],
    }),
    uniqueIndex('locations_company_code_key').on(t.companyId, sql`lower(${t.code})`),
    index('locations_company_code_key_idx').on(t.companyId, t.codeKey),
    index('locations_company_parent_idx').on(t.companyId, t.parentId),
  ],
);

/** An item (SKU). The part number is unique per company in any case. */
export const items = pgTable(
  'items',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    partNumber: text('part_number').notNull(),
    /**
     * lower(part_number), stored: under row-level security PostgreSQL will not use an index on lower(...) for an
     * equality (lower is not leakproof), but it will for a plain column (migration 0027, decision 026).
     */
    partNumberKey: text('part_number_key').notNull().generatedAlwaysAs(sql`lower(part_number)`),
    name: text('name').notNull(),
    /**
     * lower(part number and name), stored: the stock list's text search reads one pre-lowered column with LIKE
     * (a trigram index for three characters or more; a fast scan for fewer) instead of ILIKE on two (migration 0028).
     */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`lower(part_number || ' ' || name)`),
    description: text('description').notNull().default(''),
    unitOfMeasure: text('unit_of_measure').notNull().default('ea'),
    category: text('category').notNull().default(''),
    unitCost: numeric('unit_cost', { precision: 16, scale: 4 }).notNull().default('0'),
    reorderPoint: numeric('reorder_point', { precision: 18, scale: 6 }),
    defaultLocationId: uuid('default_location_id'),
    lotTracked: boolean('lot_tracked').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /**
     * The item's stock over every location: the sum of its balances, kept by the postings in the same transaction
     * (stock.service.ts), so that the stock list can sort and filter by stock through an index (migration 0025).
     */
    onHand: numeric('on_hand', { precision: 18, scale: 6 }).notNull().default('0'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'items_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'items_default_location_id_fk',
      columns: [t.companyId, t.defaultLocationId],
      foreignColumns: [locations.companyId, locations.id],
    }),
    uniqueIndex('items_company_part_number_key').on(t.companyId, sql`lower(${t.partNumber})`),
    index('items_company_part_number_key_idx').on(t.companyId, t.partNumberKey),
    index('items_company_active_idx').on(t.companyId, t.active),
    index('items_company_category_idx').on(t.companyId, t.category, sql`lower(${t.partNumber})`),
    // A category sorted by stock walks this index instead of every item's stock (decision 026).
    index('items_company_category_on_hand_idx').on(t.companyId, t.category, t.onHand),
    index('items_company_name_idx').on(t.companyId, sql`lower(${t.name})`),
    index('items_company_on_hand_idx').on(t.companyId, t.onHand),
    index('items_company_value_idx').on(t.companyId, sql`(${t.onHand} * ${t.unitCost})`),
    // Low stock is a small part of the items: a partial index holds just those, in part-number order.
    index('items_company_low_stock_idx')
      .on(t.companyId, sql`lower(${t.partNumber})`)
      .where(sql`${t.reorderPoint} > 0 and ${t.onHand} <= ${t.reorderPoint}`),
    check('items_on_hand_not_negative', sql`${t.onHand} >= 0`),
  ],
);
