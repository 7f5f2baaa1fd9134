// Test-only data of the Quality dashboard's tests (decision 074): plans, checks, finished inspections with their
// results, and scrap of a work order's output, written straight into the tables with known times. The dashboard
// reads history, and a test of its arithmetic needs inspections finished on given days with given results; the
// inspection routes (decision 072) make them one at a time at the present instant, which a worked number cannot
// be pinned to. Nothing but tests imports this file.
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { TDb } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { workOrderOutputs } from '../build/work-order-runs.tables.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import { inspectionResults, inspections } from './inspections.tables.ts';
import { defectCodes, inspectionChecks, inspectionPlans, inspectionPlanVersions } from './plans.tables.ts';
import { addToQualityDays } from './quality-days.repo.ts';

export type TFixtureCheck =
  | { kind: 'pass_fail'; name: string }
  | {
      kind: 'measurement';
      name: string;
      lower: string;
      upper: string;
      unit?: string;
      readingsPerUnit?: number;
    };

/** A plan of `itemId` with one released version holding `checks`, in order. */
export async function releasedPlan(
  db: TDb,
  companyId: string,
  p: { itemId: string; name: string; stage?: 'receipt' | 'step' | 'final'; checks: TFixtureCheck[] },
) {
  const planId = uuidv7();
  const versionId = uuidv7();
  await db
    .insert(inspectionPlans)
    .values({ id: planId, companyId, itemId: p.itemId, stage: p.stage ?? 'step', name: p.name });
  await db.insert(inspectionPlanVersions).values({
    id: versionId,
    companyId,
    planId,
    number: 1,
  });
  const checkIds: string[] = [];
  for (const [i, c] of p.checks.entries()) {
    const id = uuidv7();
    checkIds.push(id);
    await db.insert(inspectionChecks).values({
      id,
      companyId,
      versionId,
      position: i + 1,
      kind: c.kind,
      name: c.name,
      ...(c.kind === 'measurement'
        ? {
            lowerLimit: c.lower,
            upperLimit: c.upper,
            unit: c.unit ?? 'mm',
            readingsPerUnit: c.readingsPerUnit ?? 1,
          }
        : {}),
    });
  }
  // Released once its checks are in: the freeze trigger refuses checks added to a released version.
  await db
    .update(inspectionPlanVersions)
    .set({ status: 'released', releasedAt: new Date('2026-01-01T00:00:00Z'), releasedBy: 'fixture' })
    .where(and(eq(inspectionPlanVersions.companyId, companyId), eq(inspectionPlanVersions.id, versionId)));
  return { planId, versionId, checkIds, itemId: p.itemId };
}

/** A defect code of the company. */
export async function defectCode(db: TDb, companyId: string, code: string, name: string): Promise<string> {
  const id = uuidv7();
  await db.insert(defectCodes).values({ id, companyId, code, name });
  return id;
}

/** One result of a unit: passed, or failed under a code; a measurement's value. */
export interface TFixtureResult {
  checkId: string;
  passed: boolean;
  value?: string;
  defectCodeId?: string;
  readingNo?: number;
}

/** A finished inspection at `at` whose unit n has the results `units[n - 1]`; failed when any result failed. */
export async function finishedInspection(
  db: TDb,
  companyId: string,
  i: {
    plan: { planId: string; versionId: string; itemId: string };
    at: Date;
    units: TFixtureResult[][];
    stepId?: string;
    workOrderId?: string;
    machineId?: string;
  },
): Promise<string> {
  const id = uuidv7();
  const [next] = await queryRows<{ n: number }>(
    db,
    sql`select (coalesce(max(number), 0) + 1)::int as n from inspections where company_id = ${companyId}`,
  );
  const failed = i.units.some((unit) => unit.some((r) => !r.passed));
  // What the finish stores on the row (migration 0050): units with a failed result, and failed results.
  const defectiveUnits = i.units.filter((unit) => unit.some((r) => !r.passed)).length;
  const defects = i.units.flat().filter((r) => !r.passed).length;
  await db.insert(inspections).values({
    id,
    companyId,
    number: next!.n,
    planId: i.plan.planId,
    planVersionId: i.plan.versionId,
    stage: i.stepId ? 'step' : 'final',
    itemId: i.plan.itemId,
    workOrderId: i.workOrderId ?? null,
    stepId: i.stepId ?? null,
    machineId: i.machineId ?? null,
    lotSize: String(i.units.length),
    sampleSize: i.units.length,
    status: failed ? 'failed' : 'passed',
    startedBy: 'fixture',
    startedAt: i.at,
    finishedBy: 'fixture',
    finishedAt: i.at,
    defectiveUnits,
    defects,
  });
  const rows = i.units.flatMap((unit, u) =>
    unit.map((r) => ({
      id: uuidv7(),
      companyId,
      inspectionId: id,
      checkId: r.checkId,
      unitNo: u + 1,
      readingNo: r.readingNo ?? 1,
      passed: r.passed,
      value: r.value ?? null,
      defectCodeId: r.defectCodeId ?? null,
      recordedBy: 'fixture',
      recordedAt: i.at,
    })),
  );
  if (rows.length > 0) await db.insert(inspectionResults).values(rows);
  // As the finish does: the dashboard reads the day sums.
  await addToQualityDays(db, companyId, id, await companyTimeZone(db, companyId));
  return id;
}

/** Scrap alone recorded on a work order's output at `at`, under a defect code or none. */
export async function outputScrap(
  db: TDb,
  companyId: string,
  o: { workOrderId: string; quantity: string; defectCodeId: string | null; at: Date },
): Promise<void> {
  await db.insert(workOrderOutputs).values({
    id: uuidv7(),
    companyId,
    workOrderId: o.workOrderId,
    goodQuantity: '0',
    scrapQuantity: o.quantity,
    scrapReason: 'fixture',
    scrapDefectCodeId: o.defectCodeId,
    idempotencyKey: uuidv7(),
    createdAt: o.at,
    createdBy: 'fixture',
  });
}
