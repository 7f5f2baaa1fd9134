// Drizzle tables of assembly setup (decision 044): assemblies, their revisions, bill-of-materials lines and process
// steps. Tenant tables under row-level security (migration 0035), keyed by (company_id, id) with company_id in every
// foreign key (decision 033). A released revision is frozen by a trigger as well as by the service.
import { sql } from 'drizzle-orm';
import {
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
import { files } from '../files/files.tables.ts';
import { items } from '../inventory/inventory.tables.ts';
import { machines } from '../maintenance/machines.tables.ts';

const tz = { withTimezone: true } as const;

/** An item that is built. One per item; the item keeps its part number, name and cost. */
export const assemblies = pgTable(
  'assemblies',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'assemblies_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'assemblies_item_id_fk',
      columns: [t.companyId, t.itemId],
      foreignColumns: [items.companyId, items.id],
    }),
    uniqueIndex('assemblies_company_item_key').on(t.companyId, t.itemId),
  ],
);

/** A revision of an assembly's recipe: a draft is edited; a released one is frozen (trigger build_revision_frozen). */
export const assemblyRevisions = pgTable(
  'assembly_revisions',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    assemblyId: uuid('assembly_id').notNull(),
    number: integer('number').notNull(),
    status: text('status').notNull().default('draft'),
    /** The revision this draft was copied from (null for the first). */
    basedOnId: uuid('based_on_id'),
    createdAt: timestamp('created_at', tz).notNull().defaultNow(),
    releasedAt: timestamp('released_at', tz),
    /** Who released it, as the audit trail names them. */
    releasedBy: text('released_by'),
  },
  (t) => [
    primaryKey({ name: 'assembly_revisions_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'assembly_revisions_assembly_id_fk',
      columns: [t.companyId, t.assemblyId],
      foreignColumns: [assemblies.companyId, assemblies.id],
    }),
    foreignKey({
      name: 'assembly_revisions_based_on_id_fk',
      columns: [t.companyId, t.basedOnId],
      foreignColumns: [t.companyId, t.id],
    }),
    uniqueIndex('assembly_revisions_number_key').on(t.companyId, t.assemblyId, t.number),
    // At most one draft per assembly: "edit" finds it or makes it.
    uniqueIndex('assembly_revisions_one_draft_key')
      .on(t.companyId, t.assemblyId)
      .where(sql`${t.status} = 'draft'`),
    check('assembly_revisions_status_check', sql`${t.status} in ('draft', 'released')`),
    check(
      'assembly_revisions_released_check',
      sql`(${t.status} = 'released') = (${t.releasedAt} is not null)`,
    ),
  ],
);

/** A process step of a revision: what to do, and its standard setup (per work order) and run time (per unit). */
export const assemblySteps = pgTable(
  'assembly_steps',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    revisionId: uuid('revision_id').notNull(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    /** Formatted text (Markdown, shown without raw HTML). */
    instructions: text('instructions').notNull().default(''),
    setupMinutes: numeric('setup_minutes', { precision: 12, scale: 3 }).notNull().default('0'),
    runMinutes: numeric('run_minutes', { precision: 12, scale: 3 }).notNull().default('0'),
    /** The step of the revision this one was copied from, so links made to it (QC checks, files) can follow. */
    basedOnStepId: uuid('based_on_step_id'),
    /**
     * The machine the step runs on, if any: a finished run of the step adds its working time to that machine's
     * runtime meter (decision 063), which meter-based maintenance plans count from.
     */
    machineId: uuid('machine_id'),
  },
  (t) => [
    primaryKey({ name: 'assembly_steps_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'assembly_steps_machine_id_fk',
      columns: [t.companyId, t.machineId],
      foreignColumns: [machines.companyId, machines.id],
    }),
    index('assembly_steps_machine_idx').on(t.companyId, t.machineId),
    foreignKey({
      name: 'assembly_steps_revision_id_fk',
      columns: [t.companyId, t.revisionId],
      foreignColumns: [assemblyRevisions.companyId, assemblyRevisions.id],
    }).onDelete('cascade'),
    index('assembly_steps_revision_idx').on(t.companyId, t.revisionId, t.position),
    check('assembly_steps_times_check', sql`${t.setupMinutes} >= 0 and ${t.runMinutes} >= 0`),
  ],
);

/** A bill-of-materials line: so much of a component per unit of the assembly, plus a scrap allowance. */
export const bomLines = pgTable(
  'bom_lines',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    revisionId: uuid('revision_id').notNull(),
    position: integer('position').notNull(),
    componentItemId: uuid('component_item_id').notNull(),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
    scrapPercent: numeric('scrap_percent', { precision: 7, scale: 3 }).notNull().default('0'),
    notes: text('notes').notNull().default(''),
    /** The step that consumes the line; null: the first step. */
    stepId: uuid('step_id'),
    /**
     * How the floor takes it (decision 064): `scan` — the operator scans what goes in (the default for lot-tracked
     * parts); `backflush` — what is left of the line is taken when its step is finished (cheap parts like screws).
     */
    consumption: text('consumption').notNull().default('scan'),
  },
  (t) => [
    primaryKey({ name: 'bom_lines_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'bom_lines_revision_id_fk',
      columns: [t.companyId, t.revisionId],
      foreignColumns: [assemblyRevisions.companyId, assemblyRevisions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'bom_lines_component_item_id_fk',
      columns: [t.companyId, t.componentItemId],
      foreignColumns: [items.companyId, items.id],
    }),
    foreignKey({
      name: 'bom_lines_step_id_fk',
      columns: [t.companyId, t.stepId],
      foreignColumns: [assemblySteps.companyId, assemblySteps.id],
    }),
    index('bom_lines_revision_idx').on(t.companyId, t.revisionId, t.position),
    // Where-used: which revisions name this item.
    index('bom_lines_component_idx').on(t.companyId, t.componentItemId),
    check('bom_lines_quantity_check', sql`${t.quantity} > 0`),
    check('bom_lines_scrap_check', sql`${t.scrapPercent} >= 0 and ${t.scrapPercent} < 1000`),
    check('bom_lines_consumption_check', sql`${t.consumption} in ('scan', 'backflush')`),
  ],
);

/** An image or video shown at a step (work instructions). Frozen with its released revision like the step. */
export const assemblyStepFiles = pgTable(
  'assembly_step_files',
  {
    id: uuid('id').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The revision the step belongs to, so the freeze trigger finds it as for lines and steps. */
    revisionId: uuid('revision_id').notNull(),
    stepId: uuid('step_id').notNull(),
    fileId: uuid('file_id').notNull(),
    position: integer('position').notNull(),
    caption: text('caption').notNull().default(''),
  },
  (t) => [
    primaryKey({ name: 'assembly_step_files_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'assembly_step_files_revision_id_fk',
      columns: [t.companyId, t.revisionId],
      foreignColumns: [assemblyRevisions.companyId, assemblyRevisions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'assembly_step_files_step_id_fk',
      columns: [t.companyId, t.stepId],
      foreignColumns: [assemblySteps.companyId, assemblySteps.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'assembly_step_files_file_id_fk',
      columns: [t.companyId, t.fileId],
      foreignColumns: [files.companyId, files.id],
    }),
    index('assembly_step_files_step_idx').on(t.companyId, t.stepId, t.position),
    index('assembly_step_files_file_idx').on(t.companyId, t.fileId),
  ],
);
