// Drizzle tables of Quality's setup (decision 070): defect codes, inspection plans per item and stage with versions
// frozen once released (trigger inspection_plan_version_frozen, as assembly revisions), their ordered checks, and
// which plans a recipe's step is inspected with (decision 044's assembly_step_checks). Tenant tables under
// row-level security, company_id in every key.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tenantColumns, tenantKey, tenantRef, tz } from '../../db/columns.ts';
import { assemblyRevisions, assemblySteps } from '../build/build.tables.ts';
import { files } from '../files/files.tables.ts';
import { items } from '../inventory/inventory.tables.ts';

/** One list for inspection failures and build scrap, so both land in one Pareto. */
export const defectCodes = pgTable(
  'defect_codes',
  {
    ...tenantColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    category: text('category').notNull().default(''),
    /** minor | major | critical */
    severity: text('severity').notNull().default('major'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('defect_codes', t),
    uniqueIndex('defect_codes_code_key').on(t.companyId, sql`lower(${t.code})`),
    check('defect_codes_severity_check', sql`${t.severity} in ('minor', 'major', 'critical')`),
  ],
);

/**
 * An item's inspection at a stage: one for receipt and one for final per item; several named ones for build steps
 * of an assembly item, linked from its revisions' steps.
 */
export const inspectionPlans = pgTable(
  'inspection_plans',
  {
    ...tenantColumns(),
    itemId: uuid('item_id').notNull(),
    /** receipt | step | final */
    stage: text('stage').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('inspection_plans', t),
    tenantRef('inspection_plans', t, t.itemId, items),
    uniqueIndex('inspection_plans_item_stage_key')
      .on(t.companyId, t.itemId, t.stage)
      .where(sql`${t.stage} in ('receipt', 'final')`),
    uniqueIndex('inspection_plans_step_name_key')
      .on(t.companyId, t.itemId, sql`lower(${t.name})`)
      .where(sql`${t.stage} = 'step'`),
    check('inspection_plans_stage_check', sql`${t.stage} in ('receipt', 'step', 'final')`),
  ],
);

/** A version of a plan: a draft is edited, a released one is frozen; inspections keep the version they used. */
export const inspectionPlanVersions = pgTable(
  'inspection_plan_versions',
  {
    ...tenantColumns(),
    planId: uuid('plan_id').notNull(),
    number: integer('number').notNull(),
    /** draft | released */
    status: text('status').notNull().default('draft'),
    /** all | fixed | aql */
    sampling: text('sampling').notNull().default('all'),
    sampleCount: integer('sample_count'),
    /** S-1..S-4, I, II, III (MIL-STD-105E Table I). */
    inspectionLevel: text('inspection_level'),
    /** From the standard's AQL series, as text of the table's column ("0.65", "2.5", "1000"). */
    aql: text('aql'),
    createdAt: createdAt(),
    releasedAt: timestamp('released_at', tz),
    releasedBy: text('released_by'),
  },
  (t) => [
    tenantKey('inspection_plan_versions', t),
    tenantRef('inspection_plan_versions', t, t.planId, inspectionPlans),
    uniqueIndex('inspection_plan_versions_number_key').on(t.companyId, t.planId, t.number),
    uniqueIndex('inspection_plan_versions_one_draft_key')
      .on(t.companyId, t.planId)
      .where(sql`${t.status} = 'draft'`),
    check('inspection_plan_versions_status_check', sql`${t.status} in ('draft', 'released')`),
    check(
      'inspection_plan_versions_sampling_check',
      sql`(${t.sampling} = 'all' and ${t.sampleCount} is null and ${t.aql} is null)
        or (${t.sampling} = 'fixed' and ${t.sampleCount} >= 1 and ${t.aql} is null)
        or (${t.sampling} = 'aql' and ${t.sampleCount} is null and ${t.aql} is not null
            and ${t.inspectionLevel} in ('S-1', 'S-2', 'S-3', 'S-4', 'I', 'II', 'III'))`,
    ),
    check(
      'inspection_plan_versions_released_check',
      sql`(${t.status} = 'released') = (${t.releasedAt} is not null)`,
    ),
  ],
);

/** A check of a plan version, in order: pass/fail, a measurement within limits, a choice, or a visual check. */
export const inspectionChecks = pgTable(
  'inspection_checks',
  {
    ...tenantColumns(),
    versionId: uuid('version_id').notNull(),
    position: integer('position').notNull(),
    /** pass_fail | measurement | choice | visual */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    instructions: text('instructions').notNull().default(''),
    /** A failure rejects the lot whatever the acceptance number says. */
    critical: boolean('critical').notNull().default(false),
    photoOnFail: boolean('photo_on_fail').notNull().default(false),
    nominal: numeric('nominal', { precision: 18, scale: 6 }),
    lowerLimit: numeric('lower_limit', { precision: 18, scale: 6 }),
    upperLimit: numeric('upper_limit', { precision: 18, scale: 6 }),
    unit: text('unit').notNull().default(''),
    readingsPerUnit: integer('readings_per_unit').notNull().default(1),
    choices: text('choices').array(),
    acceptedChoices: text('accepted_choices').array(),
    referenceFileId: uuid('reference_file_id'),
  },
  (t) => [
    tenantKey('inspection_checks', t),
    tenantRef('inspection_checks', t, t.versionId, inspectionPlanVersions),
    tenantRef('inspection_checks', t, t.referenceFileId, files),
    uniqueIndex('inspection_checks_position_key').on(t.companyId, t.versionId, t.position),
    check('inspection_checks_kind_check', sql`${t.kind} in ('pass_fail', 'measurement', 'choice', 'visual')`),
    check(
      'inspection_checks_measurement_check',
      sql`${t.kind} <> 'measurement' or ((${t.lowerLimit} is not null or ${t.upperLimit} is not null)
        and (${t.lowerLimit} is null or ${t.upperLimit} is null or ${t.lowerLimit} <= ${t.upperLimit})
        and ${t.readingsPerUnit} between 1 and 10)`,
    ),
    check(
      'inspection_checks_choice_check',
      sql`${t.kind} <> 'choice' or (cardinality(${t.choices}) > 0 and cardinality(${t.acceptedChoices}) > 0
        and ${t.acceptedChoices} <@ ${t.choices})`,
    ),
  ],
);

/**
 * A recipe's step is inspected with a plan (its released version in force when the inspection starts); frozen with
 * the revision like its BOM (trigger build_step_checks_frozen). Decision 070 links plans, where 044 sketched checks.
 */
export const assemblyStepChecks = pgTable(
  'assembly_step_checks',
  {
    ...tenantColumns(),
    /** The step's revision, so the revision's frozen trigger finds it as it does for the step's files. */
    revisionId: uuid('revision_id').notNull(),
    stepId: uuid('step_id').notNull(),
    planId: uuid('plan_id').notNull(),
    position: integer('position').notNull(),
    required: boolean('required').notNull().default(true),
  },
  (t) => [
    tenantKey('assembly_step_checks', t),
    tenantRef('assembly_step_checks', t, t.revisionId, assemblyRevisions),
    tenantRef('assembly_step_checks', t, t.stepId, assemblySteps),
    tenantRef('assembly_step_checks', t, t.planId, inspectionPlans),
    uniqueIndex('assembly_step_checks_step_plan_key').on(t.companyId, t.stepId, t.planId),
    index('assembly_step_checks_plan_idx').on(t.companyId, t.planId),
  ],
);
