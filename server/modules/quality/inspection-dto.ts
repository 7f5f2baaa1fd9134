// Inspections as the contract carries them (common/schemas/inspections.ts): numbers as labels, instants as ISO text,
// decimals in one spelling, and the plan version's checks with the results recorded so far.
import { normalizeDecimal } from '#common/decimal.ts';
import type { TCorrectiveAction } from '#common/schemas/corrective-actions.ts';
import {
  inspectionLabel,
  type TInspection,
  type TInspectionCheck,
  type TInspectionResult,
  type TInspectionSummary,
} from '#common/schemas/inspections.ts';
import { iso } from '../../db/instants.ts';
import type { TCorrectiveActionRow } from './corrective-actions.repo.ts';
import type { TInspectionView, TResultView } from './inspection-views.repo.ts';
import type { TCheckRow } from './plan-in-force.repo.ts';

const decimal = (v: string | null) => (v === null ? null : normalizeDecimal(v));

export function summaryOf(v: TInspectionView): TInspectionSummary {
  return {
    id: v.id,
    number: v.number,
    label: inspectionLabel(v.number),
    stage: v.stage,
    status: v.status,
    planId: v.planId,
    planName: v.planName,
    itemId: v.itemId,
    partNumber: v.partNumber,
    itemName: v.itemName,
    lotId: v.lotId,
    lotNumber: v.lotNumber,
    workOrderId: v.workOrderId,
    workOrderNumber: v.workOrderNumber,
    stepId: v.stepId,
    stepTitle: v.stepTitle,
    sampleSize: v.sampleSize,
    startedBy: v.startedBy,
    startedAt: iso(v.startedAt),
    finishedAt: v.finishedAt ? iso(v.finishedAt) : null,
    progress: {
      recorded: v.recorded,
      required: v.required,
      defectiveUnits: v.defectiveUnits,
      criticalFailed: v.criticalFailed,
    },
  };
}

export function checkOf(c: TCheckRow): TInspectionCheck {
  return {
    id: c.id,
    position: c.position,
    kind: c.kind as TInspectionCheck['kind'],
    name: c.name,
    instructions: c.instructions,
    critical: c.critical,
    photoOnFail: c.photoOnFail,
    nominal: decimal(c.nominal),
    lowerLimit: decimal(c.lowerLimit),
    upperLimit: decimal(c.upperLimit),
    unit: c.unit,
    readingsPerUnit: c.kind === 'measurement' ? c.readingsPerUnit : 1,
    choices: c.choices ?? [],
    acceptedChoices: c.acceptedChoices ?? [],
    referenceFileId: c.referenceFileId,
  };
}

export function resultOf(r: TResultView): TInspectionResult {
  return { ...r, value: decimal(r.value), recordedAt: iso(r.recordedAt) };
}

export function inspectionOf(
  v: TInspectionView,
  checks: TCheckRow[],
  results: TResultView[],
  switching: { discontinued: boolean; resumedAfter: TCorrectiveAction | null },
): TInspection {
  return {
    ...summaryOf(v),
    planVersionId: v.planVersionId,
    versionNumber: v.versionNumber,
    sampling: v.sampling,
    inspectionLevel: v.inspectionLevel,
    aql: v.aql,
    machineId: v.machineId,
    machineName: v.machineName,
    supplierId: v.supplierId,
    supplierName: v.supplierName,
    lotSize: normalizeDecimal(v.lotSize),
    severity: v.severity,
    acceptNumber: v.acceptNumber,
    rejectNumber: v.rejectNumber,
    backToNormal: v.backToNormal,
    ...switching,
    finishedBy: v.finishedBy,
    lotHoldReason: v.lotOnHold ? (v.lotHoldReason ?? '') : null,
    nonconformanceId: v.nonconformanceId,
    nonconformanceNumber: v.nonconformanceNumber,
    checks: checks.map(checkOf),
    results: results.map(resultOf),
  };
}

/** A corrective action recorded after 105E 4.8's discontinuation (decision 077). */
export function correctiveActionOf(row: TCorrectiveActionRow): TCorrectiveAction {
  return {
    id: row.id,
    itemId: row.item_id,
    stage: row.stage,
    supplierId: row.supplier_id,
    action: row.action,
    reference: row.reference,
    recordedBy: row.recorded_by,
    recordedAt: iso(row.recorded_at),
  };
}
