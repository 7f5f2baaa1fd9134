// Drizzle tables of Quality's work (decision 070): inspections judged by the plan version they started with, their
// results (history: INSERT only, trigger inspection_results_immutable), every hold and release of a lot (history),
// and nonconformances from opening to a disposition that posts stock and a close by someone else.
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
import { assemblySteps } from '../build/build.tables.ts';
import { workOrders } from '../build/work-orders.tables.ts';
import { files } from '../files/files.tables.ts';
import { items } from '../inventory/inventory.tables.ts';
import { lots } from '../inventory/stock.tables.ts';
import { machines } from '../maintenance/machines.tables.ts';
import { suppliers } from '../suppliers/suppliers.tables.ts';
import { defectCodes, inspectionChecks, inspectionPlans, inspectionPlanVersions } from './plans.tables.ts';

/** An inspection of a lot (receipt, final) or of a work order's step or output, sampled as its version says. */
export const inspections = pgTable(
  'inspections',
  {
    ...tenantColumns(),
    /** From the company's 'inspection' counter: QI-000001. */
    number: integer('number').notNull(),
    planId: uuid('plan_id').notNull(),
    planVersionId: uuid('plan_version_id').notNull(),
    /** receipt | step | final, copied from the plan. */
    stage: text('stage').notNull(),
    itemId: uuid('item_id').notNull(),
    lotId: uuid('lot_id'),
    workOrderId: uuid('work_order_id'),
    stepId: uuid('step_id'),
    /** The machine of the step when it ran (decision 063), so a defect is tied to the machine that made it. */
    machineId: uuid('machine_id'),
    supplierId: uuid('supplier_id'),
    lotSize: numeric('lot_size', { precision: 18, scale: 6 }).notNull(),
    sampleSize: integer('sample_size').notNull(),
    /** normal | tightened | reduced (acceptance sampling only). */
    severity: text('severity'),
    acceptNumber: integer('accept_number').notNull().default(0),
    rejectNumber: integer('reject_number').notNull().default(1),
    /** open | passed | failed */
    status: text('status').notNull().default('open'),
    /** Reduced inspection accepted in the gap between Ac and Re: the lot passes and normal inspection returns. */
    backToNormal: boolean('back_to_normal').notNull().default(false),
    startedBy: text('started_by').notNull(),
    startedAt: timestamp('started_at', tz).notNull().defaultNow(),
    finishedBy: text('finished_by'),
    finishedAt: timestamp('finished_at', tz),
    /** Units of the sample with a failed result, set by the finish (null while open): the dashboard sums these. */
    defectiveUnits: integer('defective_units'),
    /** Failed results (defects), set by the finish with defectiveUnits. */
    defects: integer('defects'),
  },
  (t) => [
    tenantKey('inspections', t),
    uniqueIndex('inspections_number_key').on(t.companyId, t.number),
    tenantRef('inspections', t, t.planId, inspectionPlans),
    tenantRef('inspections', t, t.planVersionId, inspectionPlanVersions),
    tenantRef('inspections', t, t.itemId, items),
    tenantRef('inspections', t, t.lotId, lots),
    tenantRef('inspections', t, t.workOrderId, workOrders),
    tenantRef('inspections', t, t.stepId, assemblySteps),
    tenantRef('inspections', t, t.machineId, machines),
    tenantRef('inspections', t, t.supplierId, suppliers),
    // Two inspectors opening the same inspection meet the same row.
    uniqueIndex('inspections_open_lot_key')
      .on(t.companyId, t.planId, t.lotId)
      .where(sql`${t.status} = 'open' and ${t.lotId} is not null and ${t.workOrderId} is null`),
    uniqueIndex('inspections_open_step_key')
      .on(t.companyId, t.planId, t.workOrderId, t.stepId)
      .where(sql`${t.status} = 'open' and ${t.workOrderId} is not null and ${t.stepId} is not null`),
    uniqueIndex('inspections_open_final_key')
      .on(t.companyId, t.planId, t.workOrderId)
      .where(sql`${t.status} = 'open' and ${t.workOrderId} is not null and ${t.stepId} is null`),
    index('inspections_item_idx').on(t.companyId, t.itemId, t.startedAt),
    index('inspections_work_order_idx').on(t.companyId, t.workOrderId),
    index('inspections_lot_idx').on(t.companyId, t.lotId),
    // The switching rules read a pair's finished acceptance-sampling lots in order.
    index('inspections_switching_idx').on(t.companyId, t.planId, t.supplierId, t.finishedAt),
    // A control chart's subgroups: the finished inspections of the check's version in time order (decision 074).
    index('inspections_version_finished_idx')
      .on(t.companyId, t.planVersionId, t.finishedAt)
      .where(sql`${t.status} <> 'open'`),
    check('inspections_stage_check', sql`${t.stage} in ('receipt', 'step', 'final')`),
    check('inspections_status_check', sql`${t.status} in ('open', 'passed', 'failed')`),
    check(
      'inspections_severity_check',
      sql`${t.severity} is null or ${t.severity} in ('normal', 'tightened', 'reduced')`,
    ),
    check(
      'inspections_plan_numbers_check',
      sql`${t.sampleSize} >= 1 and ${t.acceptNumber} >= 0 and ${t.rejectNumber} > ${t.acceptNumber}`,
    ),
    check('inspections_finished_check', sql`(${t.status} = 'open') = (${t.finishedAt} is null)`),
  ],
);

/** One reading or judgement of one check on one unit of the sample. History: never changed. */
export const inspectionResults = pgTable(
  'inspection_results',
  {
    ...tenantColumns(),
    inspectionId: uuid('inspection_id').notNull(),
    checkId: uuid('check_id').notNull(),
    unitNo: integer('unit_no').notNull(),
    readingNo: integer('reading_no').notNull().default(1),
    passed: boolean('passed').notNull(),
    value: numeric('value', { precision: 18, scale: 6 }),
    choice: text('choice'),
    defectCodeId: uuid('defect_code_id'),
    note: text('note').notNull().default(''),
    photoFileId: uuid('photo_file_id'),
    /** An out-of-limits reading the inspector confirmed instead of correcting. */
    confirmed: boolean('confirmed').notNull().default(false),
    recordedBy: text('recorded_by').notNull(),
    recordedAt: timestamp('recorded_at', tz).notNull().defaultNow(),
  },
  (t) => [
    tenantKey('inspection_results', t),
    tenantRef('inspection_results', t, t.inspectionId, inspections),
    tenantRef('inspection_results', t, t.checkId, inspectionChecks),
    tenantRef('inspection_results', t, t.defectCodeId, defectCodes),
    tenantRef('inspection_results', t, t.photoFileId, files),
    // The same result recorded twice at once is recorded once.
    uniqueIndex('inspection_results_reading_key').on(
      t.companyId,
      t.inspectionId,
      t.checkId,
      t.unitNo,
      t.readingNo,
    ),
    // A characteristic's control chart reads its readings in time order.
    index('inspection_results_check_idx').on(t.companyId, t.checkId, t.recordedAt),
    index('inspection_results_defect_idx')
      .on(t.companyId, t.recordedAt, t.defectCodeId)
      .where(sql`not ${t.passed}`),
    check('inspection_results_units_check', sql`${t.unitNo} >= 1 and ${t.readingNo} >= 1`),
    check('inspection_results_defect_check', sql`${t.passed} or ${t.defectCodeId} is not null`),
  ],
);

/** A nonconformance: what is wrong, what was done about it, and what became of the stock. */
export const nonconformances = pgTable(
  'nonconformances',
  {
    ...tenantColumns(),
    /** From the company's 'nonconformance' counter: NC-000001. */
    number: integer('number').notNull(),
    inspectionId: uuid('inspection_id'),
    itemId: uuid('item_id').notNull(),
    lotId: uuid('lot_id'),
    workOrderId: uuid('work_order_id'),
    supplierId: uuid('supplier_id'),
    quantity: numeric('quantity', { precision: 18, scale: 6 }).notNull(),
    description: text('description').notNull(),
    containment: text('containment').notNull().default(''),
    rootCause: text('root_cause').notNull().default(''),
    correctiveAction: text('corrective_action').notNull().default(''),
    preventiveAction: text('preventive_action').notNull().default(''),
    /**
     * How much of `quantity` is decided so far: the sum of its nc_dispositions (decision 073, 2026-12-01), null while
     * nothing is. The nonconformance stays open until all of it is.
     */
    dispositionQuantity: numeric('disposition_quantity', { precision: 18, scale: 6 }),
    /** open | dispositioned | closed */
    status: text('status').notNull().default('open'),
    /** The users' ids: the closer must be another person than the opener. */
    openedBy: uuid('opened_by').notNull(),
    openedByName: text('opened_by_name').notNull(),
    openedAt: timestamp('opened_at', tz).notNull().defaultNow(),
    closedBy: uuid('closed_by'),
    closedByName: text('closed_by_name'),
    closedAt: timestamp('closed_at', tz),
  },
  (t) => [
    tenantKey('nonconformances', t),
    uniqueIndex('nonconformances_number_key').on(t.companyId, t.number),
    uniqueIndex('nonconformances_inspection_key')
      .on(t.companyId, t.inspectionId)
      .where(sql`${t.inspectionId} is not null`),
    tenantRef('nonconformances', t, t.inspectionId, inspections),
    tenantRef('nonconformances', t, t.itemId, items),
    tenantRef('nonconformances', t, t.lotId, lots),
    tenantRef('nonconformances', t, t.workOrderId, workOrders),
    tenantRef('nonconformances', t, t.supplierId, suppliers),
    index('nonconformances_status_idx').on(t.companyId, t.status, t.openedAt),
    // The list filters by item and supplier, and the lot page lists its lot's (decision 073).
    index('nonconformances_item_idx').on(t.companyId, t.itemId, t.openedAt),
    index('nonconformances_lot_idx').on(t.companyId, t.lotId).where(sql`${t.lotId} is not null`),
    index('nonconformances_supplier_idx')
      .on(t.companyId, t.supplierId)
      .where(sql`${t.supplierId} is not null`),
    check('nonconformances_status_check', sql`${t.status} in ('open', 'dispositioned', 'closed')`),
    check('nonconformances_quantity_check', sql`${t.quantity} > 0`),
    // Open while any of its quantity is undecided, dispositioned once all of it is (decision 073, 2026-12-01); a
    // closed one was dispositioned (before 2026-12-01 possibly for part of its quantity: history is left as it was).
    check(
      'nonconformances_dispositioned_check',
      sql`case ${t.status} when 'open' then coalesce(${t.dispositionQuantity}, 0) < ${t.quantity}
        when 'dispositioned' then ${t.dispositionQuantity} = ${t.quantity}
        else ${t.dispositionQuantity} is not null end`,
    ),
    // Dispositions say how much, together never more than the nonconformance's quantity (decision 073).
    check(
      'nonconformances_disposition_quantity_check',
      sql`${t.dispositionQuantity} is null or (${t.dispositionQuantity} > 0 and ${t.dispositionQuantity} <= ${t.quantity})`,
    ),
    check(
      'nonconformances_closed_check',
      sql`(${t.status} = 'closed') = (${t.closedAt} is not null)
        and (${t.closedBy} is null or ${t.closedBy} is distinct from ${t.openedBy})`,
    ),
  ],
);

/** Every hold and release of a lot, with why and what caused it. History: never changed. */
export const lotHolds = pgTable(
  'lot_holds',
  {
    ...tenantColumns(),
    lotId: uuid('lot_id').notNull(),
    /** hold | release | changed (still held, for a new reason: a failed inspection's nonconformance) */
    action: text('action').notNull(),
    reason: text('reason').notNull(),
    inspectionId: uuid('inspection_id'),
    nonconformanceId: uuid('nonconformance_id'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    tenantKey('lot_holds', t),
    tenantRef('lot_holds', t, t.lotId, lots),
    tenantRef('lot_holds', t, t.inspectionId, inspections),
    tenantRef('lot_holds', t, t.nonconformanceId, nonconformances),
    index('lot_holds_lot_idx').on(t.companyId, t.lotId, t.createdAt),
    check('lot_holds_action_check', sql`${t.action} in ('hold', 'release', 'changed')`),
  ],
);
