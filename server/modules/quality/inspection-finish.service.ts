// Finishing an inspection (decision 070 "Judging", decision 072), in ONE transaction: every (check, unit, reading)
// must be recorded; the inspection passes when its defective units are at most Ac and no critical check failed
// (reduced inspection between Ac and Re passes and sends the next lot back to normal), and fails otherwise. A pass
// releases the lot when this plan's inspection put it on hold and no nonconformance on it is left undecided (decision
// 073, 2026-12-01); a failure opens a nonconformance and keeps the lot held (holding it if it was free: doubtful stock
// stops) pending that nonconformance, in those words — no longer "awaiting inspection".
import { AppError } from '#common/errors.ts';
import { judgeLot } from '#common/quality/sampling.ts';
import { inspectionLabel, INSPECTION_MESSAGES as M, type TInspection } from '#common/schemas/inspections.ts';
import { ncNumberText } from '#common/schemas/nonconformances.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import { lockLot } from './holds.repo.ts';
import { changeHoldWithin, holdLotWithin } from './holds.service.ts';
import { findings, missingResults } from './inspection-results.repo.ts';
import * as repo from './inspections.repo.ts';
import { readInspection } from './inspections.service.ts';
import { releaseIfSettled } from './lot-hold-release.ts';
import { openNonconformanceWithin } from './nonconformances.service.ts';
import { addToQualityDays } from './quality-days.repo.ts';

type TRow = NonNullable<Awaited<ReturnType<typeof repo.findInspection>>>;

/** What happens to the lot and who hears of a failure, after the verdict is written. */
async function settleLot(
  tx: TDb,
  tenant: TTenant,
  row: TRow,
  verdict: { passed: boolean; defective: number; critical: boolean },
): Promise<string | null> {
  const label = inspectionLabel(row.number);
  const cause = { inspectionId: row.id };
  // The lot locked before its hold is read: a disposition, an NC opened by hand or a release by hand on it waits, so
  // what decides its hold here is what is true when this commits (a release could otherwise miss an NC just opened).
  if (row.lotId) await lockLot(tx, tenant.companyId, row.lotId);
  const lot = row.lotId ? await repo.lotToInspect(tx, tenant.companyId, row.lotId) : null;
  if (verdict.passed) {
    if (lot?.on_hold && (await repo.planThatHeldLot(tx, tenant.companyId, lot.id)) === row.planId) {
      const waits = await releaseIfSettled(tx, tenant, lot.id, `Passed inspection ${label}`, cause);
      const pending = (waits ?? []).flatMap((w) => (w.kind === 'nonconformance' ? [w.numberText] : []));
      if (pending.length > 0)
        await changeHoldWithin(
          tx,
          tenant,
          lot.id,
          `Passed inspection ${label}; held pending ${pending.join(', ')}`,
          cause,
        );
    }
    return null;
  }
  const found = `${verdict.defective} of ${row.sampleSize} sampled units defective`;
  const critical = verdict.critical ? '; a critical check failed' : '';
  const nc = await openNonconformanceWithin(tx, tenant, {
    inspectionId: row.id,
    itemId: row.itemId,
    lotId: row.lotId,
    workOrderId: row.workOrderId,
    supplierId: row.supplierId,
    // A lot is held whole; a work order's step or output: the units found defective (at least one).
    quantity: lot ? lot.on_hand : String(Math.max(verdict.defective, 1)),
    description: `${label} failed: ${found}${critical} (accept ${row.acceptNumber}, reject ${row.rejectNumber}).`,
  });
  if (lot) {
    const reason = `Failed inspection ${label}: held pending ${ncNumberText(nc.number)}`;
    const failed = { inspectionId: row.id, nonconformanceId: nc.id };
    if (lot.on_hold) await changeHoldWithin(tx, tenant, lot.id, reason, failed);
    else await holdLotWithin(tx, tenant, lot.id, reason, failed);
  }
  return nc.id;
}

/** POST /api/v1/inspections/:id/finish */
export async function finishInspection(tenant: TTenant, id: string): Promise<TInspection> {
  const { companyId } = tenant;
  return tenant.run(async (tx) => {
    const row = await repo.lockInspection(tx, companyId, id, 'update');
    if (!row) throw new AppError('NOT_FOUND', M.notFound);
    const label = inspectionLabel(row.number);
    if (row.status !== 'open') throw new AppError('CONFLICT', M.notOpen(label, row.status));
    const { missing, total } = await missingResults(tx, companyId, row);
    if (total > 0) {
      const first = missing[0]!;
      const where = `${first.check}, unit ${first.unitNo}${first.readingNo > 1 ? ` reading ${first.readingNo}` : ''}`;
      throw new AppError('CONFLICT', M.missing(total, where), undefined, { details: { missing, total } });
    }
    const { defective, defects, critical } = await findings(tx, companyId, row.id);
    const lotVerdict = judgeLot({ accept: row.acceptNumber, reject: row.rejectNumber }, defective);
    const passed = !critical && lotVerdict !== 'rejected';
    await repo.finishInspection(tx, companyId, row.id, {
      status: passed ? 'passed' : 'failed',
      backToNormal: passed && lotVerdict === 'accepted-back-to-normal' && row.severity === 'reduced',
      finishedBy: tenant.actor.name,
      // Stored with the verdict so the dashboard sums rows instead of re-reading every failed result (decision 074).
      defectiveUnits: defective,
      defects,
    });
    // The dashboard's day sums gain this inspection in the same transaction, so they never disagree with the rows.
    await addToQualityDays(tx, companyId, row.id, await companyTimeZone(tx, companyId));
    const ncId = await settleLot(tx, tenant, row, { passed, defective, critical });
    await recordAudit(tx, companyId, tenant.actor, {
      entityType: 'inspection',
      entityId: row.id,
      entityLabel: label,
      action: 'finished',
      before: { status: 'open' },
      after: {
        status: passed ? 'passed' : 'failed',
        defectiveUnits: defective,
        criticalFailed: critical,
        ...(ncId ? { nonconformance: ncId } : {}),
      },
    });
    return (await readInspection(tx, companyId, row.id))!;
  });
}
