// Inspection plans as the contract shows them (decision 071): a plan row with its item and version numbers, a
// version with its checks in order, and the words the audit trail writes for a version.
import { normalizeDecimal } from '#common/decimal.ts';
import { fileUrl } from '#common/schemas/files.ts';
import {
  CHECK_KIND_LABELS,
  samplingText,
  type TCheck,
  type TCheckKind,
  type TInspectionStage,
  type TPlanRow,
  type TSamplingRule,
  type TVersion,
  type TVersionSummary,
} from '#common/schemas/inspection-plans.ts';
import type * as repo from './plans.repo.ts';

const decimal = (v: string | null) => (v === null ? null : normalizeDecimal(v));

export function planRowOf(found: NonNullable<Awaited<ReturnType<typeof repo.findPlan>>>): TPlanRow {
  return {
    id: found.plan.id,
    item: found.item,
    stage: found.plan.stage as TInspectionStage,
    name: found.plan.name,
    active: found.plan.active,
    releasedNumber: found.releasedNumber === null ? null : Number(found.releasedNumber),
    draftNumber: found.draftNumber === null ? null : Number(found.draftNumber),
    createdAt: found.plan.createdAt.toISOString(),
  };
}

export function versionFieldsOf(v: repo.TVersionRow): Omit<TVersionSummary, 'checkCount'> {
  return {
    id: v.id,
    planId: v.planId,
    number: v.number,
    status: v.status as 'draft' | 'released',
    sampling: v.sampling as TSamplingRule,
    sampleCount: v.sampleCount,
    inspectionLevel: v.inspectionLevel,
    aql: v.aql,
    createdAt: v.createdAt.toISOString(),
    releasedAt: v.releasedAt ? v.releasedAt.toISOString() : null,
    releasedBy: v.releasedBy,
  };
}

export function checkOf({ check: c, file }: { check: repo.TCheckRow; file: repo.TFileRow | null }): TCheck {
  return {
    id: c.id,
    position: c.position,
    kind: c.kind as TCheckKind,
    name: c.name,
    instructions: c.instructions,
    critical: c.critical,
    photoOnFail: c.photoOnFail,
    nominal: decimal(c.nominal),
    lowerLimit: decimal(c.lowerLimit),
    upperLimit: decimal(c.upperLimit),
    unit: c.unit,
    readingsPerUnit: c.readingsPerUnit,
    choices: c.choices ?? [],
    acceptedChoices: c.acceptedChoices ?? [],
    reference: file
      ? { id: file.id, name: file.name, contentType: file.contentType, url: fileUrl(file.id) }
      : null,
  };
}

export function versionOf(
  found: NonNullable<Awaited<ReturnType<typeof repo.findPlan>>>,
  v: repo.TVersionRow,
  checks: TCheck[],
): TVersion {
  return {
    ...versionFieldsOf(v),
    plan: {
      id: found.plan.id,
      name: found.plan.name,
      stage: found.plan.stage as TInspectionStage,
      item: { id: found.item.id, partNumber: found.item.partNumber, name: found.item.name },
    },
    checks,
  };
}

/** A check as the trail writes it: "Bore diameter (measurement 9.95..10.05 mm, 3 readings, critical)". */
export function checkText(
  c: Omit<TCheck, 'id' | 'position' | 'reference'> & { referenceName?: string },
): string {
  const details: string[] = [CHECK_KIND_LABELS[c.kind].toLowerCase()];
  if (c.kind === 'measurement') {
    details.push(`${c.lowerLimit ?? '…'}..${c.upperLimit ?? '…'}${c.unit ? ` ${c.unit}` : ''}`);
    if (c.nominal !== null) details.push(`nominal ${c.nominal}`);
    if (c.readingsPerUnit > 1) details.push(`${c.readingsPerUnit} readings`);
  }
  if (c.kind === 'choice') details.push(`${c.acceptedChoices.join('/')} of ${c.choices.join('/')}`);
  if (c.kind === 'visual' && c.referenceName) details.push(c.referenceName);
  if (c.critical) details.push('critical');
  if (c.photoOnFail) details.push('photo on failure');
  return `${c.name} (${details.join(', ')})`;
}

/** What the trail records of a version: its number, sampling and checks in words. */
export function versionAudit(v: TVersion) {
  return {
    version: v.number,
    sampling: samplingText(v),
    checks: v.checks.map((c) => checkText({ ...c, referenceName: c.reference?.name })),
  };
}

/** The plan as the trail labels it: "RM-2 receipt plan Incoming check". */
export const planLabel = (partNumber: string, stage: string, name: string) =>
  `${partNumber} ${stage}: ${name}`;
