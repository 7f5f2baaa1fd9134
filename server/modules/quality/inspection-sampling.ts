// How many units an inspection samples and how it is judged (decisions 069, 070): every unit, a fixed count capped at
// the lot, or MIL-STD-105E single sampling at the severity the switching rules give after the pair's earlier lots.
// Accept and reject numbers are copied onto the inspection at start, so a result is judged as it was planned.

import { samplingPlan, type TSeverity } from '#common/quality/sampling.ts';
import type { TAql, TInspectionLevel } from '#common/quality/sampling-tables.ts';
import { nextSeverity, type TLotRecord, type TSwitchingState } from '#common/quality/switching.ts';
import type { TDb } from '../../db/client.ts';
import { latestCorrectiveAction, type TCorrectiveActionRow } from './corrective-actions.repo.ts';
import {
  reducedInspectionAllowed,
  switchingHistory,
  type TSwitchingPair,
  type TSwitchingRow,
} from './inspections.repo.ts';
import type { TPlanVersionRow } from './plan-in-force.repo.ts';

export interface TSample {
  sampleSize: number;
  severity: TSeverity | null;
  accept: number;
  reject: number;
  /** 105E 4.8: five lots rejected in one stretch of tightened inspection. */
  discontinued: boolean;
}

/** A lot's size in whole units: what is counted and sampled (a part of a unit is not a unit); at least 1. */
export function wholeUnits(lotSize: string): number {
  const whole = Number(lotSize.split('.')[0]);
  return Number.isSafeInteger(whole) && whole >= 1 ? whole : 1;
}

/** The switching rules' record of one finished inspection. */
export function lotRecordOf(row: TSwitchingRow): TLotRecord {
  const verdict =
    row.status === 'failed' ? 'rejected' : row.back_to_normal ? 'accepted-back-to-normal' : 'accepted';
  return { severity: row.severity, verdict, afterCorrectiveAction: row.after_corrective_action };
}

/**
 * Where the pair stands under 105E's switching rules (4.7) and discontinuation (4.8): its finished lots in order,
 * the corrective actions recorded between them, and the company's setting — reduced inspection needs the
 * responsible authority's approval (4.7.3 d), off until the company turns it on in Admin › Config › Quality.
 * `latestAction` is the pair's latest corrective action, for the screen to say what inspection resumed after.
 */
export async function switchingStateOf(
  tx: TDb,
  companyId: string,
  pair: TSwitchingPair,
): Promise<{ state: TSwitchingState; latestAction: TCorrectiveActionRow | null }> {
  const history = await switchingHistory(tx, companyId, pair);
  const latestAction = await latestCorrectiveAction(tx, companyId, pair);
  const reducedAllowed = await reducedInspectionAllowed(tx, companyId);
  const state = nextSeverity(history.map(lotRecordOf), {
    reducedAllowed,
    correctiveActionSinceLastLot: latestAction?.since_last_lot ?? false,
  });
  return { state, latestAction };
}

/** The sample of a lot of `lotSize` under `version`; for AQL, the severity from the pair's history. */
export async function sampleFor(
  tx: TDb,
  companyId: string,
  version: TPlanVersionRow,
  lotSize: string,
  pair: { itemId: string; stage: 'receipt' | 'step' | 'final'; supplierId: string | null },
): Promise<TSample> {
  const units = wholeUnits(lotSize);
  const everyUnit = { severity: null, accept: 0, reject: 1, discontinued: false };
  if (version.sampling === 'all') return { sampleSize: units, ...everyUnit };
  if (version.sampling === 'fixed')
    return { sampleSize: Math.min(version.sampleCount ?? 1, units), ...everyUnit };
  // A build step is never acceptance-sampled (the plan's editor refuses it); a step plan read as AQL is every unit.
  if (pair.stage === 'step') return { sampleSize: units, ...everyUnit };
  const { state } = await switchingStateOf(tx, companyId, { ...pair, stage: pair.stage });
  // Table I starts at 2 units: a lot of one is that one unit, accepted only if it passes.
  if (units < 2)
    return {
      sampleSize: 1,
      severity: state.severity,
      accept: 0,
      reject: 1,
      discontinued: state.discontinued,
    };
  const plan = samplingPlan({
    lotSize: units,
    level: version.inspectionLevel as TInspectionLevel,
    aql: version.aql as TAql,
    severity: state.severity,
  });
  return {
    sampleSize: plan.sampleSize,
    severity: state.severity,
    accept: plan.accept,
    reject: plan.reject,
    discontinued: state.discontinued,
  };
}
