// The cost and the record of a work order as its detail shows them (decision 064): planned against actual material
// cost, labor, output value and unit cost; once completed, good, scrap with reasons, consumption against plan and
// minutes against standard. Exact decimals throughout (BigInt), as the ledger keeps them.
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import type { TWorkOrderCost, TWorkOrderRecord } from '#common/schemas/work-order-cost.ts';
import type { TDb } from '../../db/client.ts';
import { divideRounded } from './output-cost.ts';
import { blendedLaborRate } from './rollup.repo.ts';
import * as repo from './work-order-record.repo.ts';
import type { TWorkOrderRow } from './work-orders.repo.ts';

const money = (v: string) => toScaled(normalizeDecimal(v, 4), 4);
const units = (v: string) => toScaled(normalizeDecimal(v), 6);
const q = (v: string) => normalizeDecimal(v);

/** a ÷ b × 100 on one decimal; null when b is zero. */
export function percentOf(a: bigint, b: bigint): string | null {
  return b === 0n ? null : fromScaled(divideRounded(a * 1000n, b < 0n ? -b : b), 1);
}

/** The work order's cost as it stands. */
export async function costOf(tx: TDb, companyId: string, wo: TWorkOrderRow): Promise<TWorkOrderCost> {
  const planned = money(wo.plannedMaterialCost);
  const actual = money(wo.materialCost);
  const value = money(wo.outputValue);
  const good = units(wo.goodQuantity);
  return {
    plannedMaterial: fromScaled(planned, 4),
    actualMaterial: fromScaled(actual, 4),
    materialVariance: fromScaled(actual - planned, 4),
    materialVariancePercent: percentOf(actual - planned, planned),
    labor: fromScaled(money(wo.laborCost), 4),
    outputValue: fromScaled(value, 4),
    unitCost: good > 0n ? fromScaled(divideRounded(value * 10n ** 6n, good), 4) : null,
    laborRateSet: (await blendedLaborRate(tx, companyId)) !== null,
  };
}

/** What a completed work order did; null for any other. */
export async function recordOf(
  tx: TDb,
  companyId: string,
  wo: TWorkOrderRow,
): Promise<TWorkOrderRecord | null> {
  if (wo.status !== 'completed') return null;
  const made = fromScaled(units(wo.goodQuantity) + units(wo.scrapQuantity), 6);
  const [scrap, usage, steps] = [
    await repo.scrapOf(tx, companyId, wo.id),
    await repo.usageOf(tx, companyId, wo.id),
    await repo.stepMinutesOf(tx, companyId, wo.id, wo.revisionId, made),
  ];
  return {
    goodQuantity: q(wo.goodQuantity),
    scrapQuantity: q(wo.scrapQuantity),
    scrap: scrap.map((s) => ({
      reason: s.reason,
      defectCode: s.defect_code,
      quantity: q(s.quantity),
      stepTitle: s.step_title,
    })),
    consumption: usage.map((u) => ({
      itemId: u.item_id,
      partNumber: u.part_number,
      name: u.name,
      unitOfMeasure: u.unit_of_measure,
      planned: q(u.planned),
      consumed: q(u.consumed),
      variance: fromScaled(units(u.consumed) - units(u.planned), 6),
      consumedCost: normalizeDecimal(u.consumed_cost, 4),
      reasons: [...new Set(u.reasons ?? [])],
    })),
    steps: steps.map((s) => ({
      stepId: s.step_id,
      position: Number(s.position),
      title: s.title,
      actualMinutes: normalizeDecimal(s.actual, 3),
      standardMinutes: normalizeDecimal(s.standard, 3),
    })),
  };
}
