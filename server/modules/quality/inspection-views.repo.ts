// Reads of inspections as people see them (decision 072): a page of the list with each one's progress, one inspection
// with its plan version, lot, work order, step, machine, supplier and nonconformance, and its results. Inside the
// tenant's transaction; company_id in every where and every join.
import { type SQL, sql } from 'drizzle-orm';
import type { TInspectionListQuery } from '#common/schemas/inspections.ts';
import { queryRows, type TDb } from '../../db/client.ts';

export interface TInspectionView {
  id: string;
  number: number;
  stage: 'receipt' | 'step' | 'final';
  status: 'open' | 'passed' | 'failed';
  planId: string;
  planName: string;
  planVersionId: string;
  versionNumber: number;
  sampling: 'all' | 'fixed' | 'aql';
  inspectionLevel: string | null;
  aql: string | null;
  itemId: string;
  partNumber: string;
  itemName: string;
  lotId: string | null;
  lotNumber: string | null;
  lotOnHold: boolean | null;
  lotHoldReason: string | null;
  workOrderId: string | null;
  workOrderNumber: number | null;
  stepId: string | null;
  stepTitle: string | null;
  machineId: string | null;
  machineName: string | null;
  supplierId: string | null;
  supplierName: string | null;
  lotSize: string;
  sampleSize: number;
  severity: 'normal' | 'tightened' | 'reduced' | null;
  acceptNumber: number;
  rejectNumber: number;
  backToNormal: boolean;
  startedBy: string;
  startedAt: Date | string;
  finishedBy: string | null;
  finishedAt: Date | string | null;
  nonconformanceId: string | null;
  nonconformanceNumber: number | null;
  recorded: number;
  required: number;
  defectiveUnits: number;
  criticalFailed: boolean;
}

/** One select for the list and the detail: the inspection, what it names, and its progress. */
const SELECT = sql`
  select i.id, i.number, i.stage, i.status, i.plan_id as "planId", p.name as "planName",
         i.plan_version_id as "planVersionId", v.number as "versionNumber", v.sampling,
         v.inspection_level as "inspectionLevel", v.aql,
         i.item_id as "itemId", it.part_number as "partNumber", it.name as "itemName",
         i.lot_id as "lotId", l.lot_number as "lotNumber", l.on_hold as "lotOnHold", l.hold_reason as "lotHoldReason",
         i.work_order_id as "workOrderId", w.number as "workOrderNumber",
         i.step_id as "stepId", s.title as "stepTitle", i.machine_id as "machineId", m.name as "machineName",
         i.supplier_id as "supplierId", su.name as "supplierName",
         i.lot_size::text as "lotSize", i.sample_size as "sampleSize", i.severity,
         i.accept_number as "acceptNumber", i.reject_number as "rejectNumber", i.back_to_normal as "backToNormal",
         i.started_by as "startedBy", i.started_at as "startedAt",
         i.finished_by as "finishedBy", i.finished_at as "finishedAt",
         nc.id as "nonconformanceId", nc.number as "nonconformanceNumber",
         (select count(*)::int from inspection_results r
           where r.company_id = i.company_id and r.inspection_id = i.id) as recorded,
         i.sample_size * (select coalesce(sum(case when c.kind = 'measurement' then c.readings_per_unit else 1 end), 0)::int
           from inspection_checks c
           where c.company_id = i.company_id and c.version_id = i.plan_version_id) as required,
         (select count(distinct r.unit_no)::int from inspection_results r
           where r.company_id = i.company_id and r.inspection_id = i.id and not r.passed) as "defectiveUnits",
         exists (select 1 from inspection_results r
                   join inspection_checks c on c.company_id = r.company_id and c.id = r.check_id
                  where r.company_id = i.company_id and r.inspection_id = i.id and not r.passed
                    and c.critical) as "criticalFailed"
    from inspections i
    join inspection_plans p on p.company_id = i.company_id and p.id = i.plan_id
    join inspection_plan_versions v on v.company_id = i.company_id and v.id = i.plan_version_id
    join items it on it.company_id = i.company_id and it.id = i.item_id
    left join lots l on l.company_id = i.company_id and l.id = i.lot_id
    left join work_orders w on w.company_id = i.company_id and w.id = i.work_order_id
    left join assembly_steps s on s.company_id = i.company_id and s.id = i.step_id
    left join machines m on m.company_id = i.company_id and m.id = i.machine_id
    left join suppliers su on su.company_id = i.company_id and su.id = i.supplier_id
    left join nonconformances nc on nc.company_id = i.company_id and nc.inspection_id = i.id`;

export async function inspectionView(
  tx: TDb,
  companyId: string,
  id: string,
): Promise<TInspectionView | null> {
  const [row] = await queryRows<TInspectionView>(
    tx,
    sql`${SELECT} where i.company_id = ${companyId} and i.id = ${id}`,
  );
  return row ?? null;
}

/** A page of the company's inspections, newest first, with how many match. */
export async function inspectionPage(tx: TDb, companyId: string, query: TInspectionListQuery) {
  const where: SQL[] = [sql`i.company_id = ${companyId}`];
  if (query.status !== 'all') where.push(sql`i.status = ${query.status}`);
  if (query.stage !== 'all') where.push(sql`i.stage = ${query.stage}`);
  if (query.itemId) where.push(sql`i.item_id = ${query.itemId}`);
  if (query.lotId) where.push(sql`i.lot_id = ${query.lotId}`);
  if (query.workOrderId) where.push(sql`i.work_order_id = ${query.workOrderId}`);
  const condition = sql.join(where, sql` and `);
  const rows = await queryRows<TInspectionView>(
    tx,
    sql`${SELECT} where ${condition}
         order by i.started_at desc, i.number desc
         limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`,
  );
  const [counted] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from inspections i where ${condition}`,
  );
  return { rows, total: counted?.n ?? 0 };
}

export interface TResultView {
  id: string;
  checkId: string;
  unitNo: number;
  readingNo: number;
  passed: boolean;
  value: string | null;
  choice: string | null;
  defectCodeId: string | null;
  defectCode: string | null;
  note: string;
  photoFileId: string | null;
  confirmed: boolean;
  recordedBy: string;
  recordedAt: Date | string;
}

const RESULT_SELECT = sql`
  select r.id, r.check_id as "checkId", r.unit_no as "unitNo", r.reading_no as "readingNo", r.passed,
         r.value::text as value, r.choice, r.defect_code_id as "defectCodeId",
         case when d.id is null then null else d.code || ' — ' || d.name end as "defectCode",
         r.note, r.photo_file_id as "photoFileId", r.confirmed, r.recorded_by as "recordedBy",
         r.recorded_at as "recordedAt"
    from inspection_results r
    left join defect_codes d on d.company_id = r.company_id and d.id = r.defect_code_id`;

/** The inspection's results by unit, check position and reading. */
export async function resultViews(tx: TDb, companyId: string, inspectionId: string): Promise<TResultView[]> {
  return queryRows<TResultView>(
    tx,
    sql`${RESULT_SELECT}
          join inspection_checks c on c.company_id = r.company_id and c.id = r.check_id
         where r.company_id = ${companyId} and r.inspection_id = ${inspectionId}
         order by r.unit_no, c.position, r.reading_no`,
  );
}

/** One result by its natural key, or null. */
export async function resultAt(
  tx: TDb,
  companyId: string,
  key: { inspectionId: string; checkId: string; unitNo: number; readingNo: number },
): Promise<TResultView | null> {
  const [row] = await queryRows<TResultView>(
    tx,
    sql`${RESULT_SELECT}
         where r.company_id = ${companyId} and r.inspection_id = ${key.inspectionId}
           and r.check_id = ${key.checkId} and r.unit_no = ${key.unitNo} and r.reading_no = ${key.readingNo}`,
  );
  return row ?? null;
}
