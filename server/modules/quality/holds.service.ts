// Holds of lots (decision 070). Anyone in the company may put a lot on hold with a reason — stopping doubtful stock
// should never wait for an admin — and an admin releases it by hand (an inspection that passes releases what it held,
// through releaseLotWithin). The posting engine refuses to take held stock out (stock-posting.ts, refuseHeldLots).
import { AppError } from '#common/errors.ts';
import { inspectionLabel } from '#common/schemas/inspections.ts';
import {
  LOT_HOLD_MESSAGES as M,
  type TLotHold,
  type TLotHoldHistory,
  type TLotHoldHistoryQuery,
  type TLotHoldResult,
} from '#common/schemas/lot-holds.ts';
import { ncNumberText } from '#common/schemas/nonconformances.ts';
import type { TDb } from '../../db/client.ts';
import { iso } from '../../db/instants.ts';
import type { TTenant } from '../../db/tenant.ts';
import { recordAudit } from '../audit/audit.ts';
import * as repo from './holds.repo.ts';

const lotNotFound = () => new AppError('NOT_FOUND', M.lotNotFound);

/** What caused a hold or a release besides a person: the inspection or nonconformance it came from. */
export interface THoldCause {
  inspectionId?: string | null;
  nonconformanceId?: string | null;
}

function resultOf(lot: repo.THeldLotRow, hold: TLotHoldResult['hold']): TLotHoldResult {
  return { lotId: lot.id, lotNumber: lot.lot_number, partNumber: lot.part_number, hold };
}

/** Puts lot `lotId` on hold in the caller's transaction; 409 when it is held already. */
export async function holdLotWithin(
  tx: TDb,
  tenant: TTenant,
  lotId: string,
  reason: string,
  cause: THoldCause = {},
): Promise<TLotHoldResult> {
  const lot = await repo.lockLot(tx, tenant.companyId, lotId);
  if (!lot) throw lotNotFound();
  if (lot.on_hold) throw new AppError('CONFLICT', M.alreadyHeld(lot.hold_reason ?? ''));
  const by = tenant.actor.name;
  await repo.setHold(tx, tenant.companyId, { lotId, reason, by, historyReason: reason, ...cause });
  await recordAudit(tx, tenant.companyId, tenant.actor, {
    entityType: 'lot',
    entityId: lot.id,
    entityLabel: `${lot.part_number} lot ${lot.lot_number}`,
    action: 'held',
    before: { onHold: false },
    after: { onHold: true, reason },
  });
  return resultOf(lot, { reason, heldAt: new Date().toISOString(), heldBy: by });
}

/** Releases lot `lotId` from its hold in the caller's transaction; 409 when it is not held. */
export async function releaseLotWithin(
  tx: TDb,
  tenant: TTenant,
  lotId: string,
  reason: string,
  cause: THoldCause = {},
): Promise<TLotHoldResult> {
  const lot = await repo.lockLot(tx, tenant.companyId, lotId);
  if (!lot) throw lotNotFound();
  if (!lot.on_hold) throw new AppError('CONFLICT', M.notHeld);
  await repo.setHold(tx, tenant.companyId, {
    lotId,
    reason: null,
    by: tenant.actor.name,
    historyReason: reason,
    ...cause,
  });
  await recordAudit(tx, tenant.companyId, tenant.actor, {
    entityType: 'lot',
    entityId: lot.id,
    entityLabel: `${lot.part_number} lot ${lot.lot_number}`,
    action: 'hold-released',
    before: { onHold: true, reason: lot.hold_reason },
    after: { onHold: false, reason },
  });
  return resultOf(lot, null);
}

/**
 * Keeps held lot `lotId` held under a new reason in the caller's transaction — a failed inspection's hold names its
 * nonconformance instead of "awaiting inspection" — with a `changed` row in its history. Nothing when it is free.
 */
export async function changeHoldWithin(
  tx: TDb,
  tenant: TTenant,
  lotId: string,
  reason: string,
  cause: THoldCause = {},
): Promise<void> {
  const lot = await repo.lockLot(tx, tenant.companyId, lotId);
  if (!lot?.on_hold || lot.hold_reason === reason) return;
  await repo.setHold(tx, tenant.companyId, {
    lotId,
    reason,
    by: tenant.actor.name,
    historyReason: reason,
    changed: true,
    ...cause,
  });
  await recordAudit(tx, tenant.companyId, tenant.actor, {
    entityType: 'lot',
    entityId: lot.id,
    entityLabel: `${lot.part_number} lot ${lot.lot_number}`,
    action: 'hold-changed',
    before: { reason: lot.hold_reason },
    after: { reason },
  });
}

/** POST /api/v1/lots/:id/hold */
export async function holdLot(tenant: TTenant, lotId: string, input: TLotHold): Promise<TLotHoldResult> {
  return tenant.run((tx) => holdLotWithin(tx, tenant, lotId, input.reason));
}

/** POST /api/v1/lots/:id/release (admins) */
export async function releaseLot(tenant: TTenant, lotId: string, input: TLotHold): Promise<TLotHoldResult> {
  return tenant.run((tx) => releaseLotWithin(tx, tenant, lotId, input.reason));
}

/** GET /api/v1/lots/:id/holds: the lot's holds and releases, newest first. */
export async function lotHoldHistory(
  tenant: TTenant,
  lotId: string,
  query: TLotHoldHistoryQuery,
): Promise<TLotHoldHistory> {
  return tenant.run(async (tx) => {
    if (!(await repo.findLot(tx, tenant.companyId, lotId))) throw lotNotFound();
    const { rows, total } = await repo.holdHistory(tx, tenant.companyId, lotId, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      items: rows.map((r) => ({
        id: r.id,
        action: r.action,
        reason: r.reason,
        createdBy: r.created_by,
        createdAt: iso(r.created_at),
        inspection:
          r.inspection_id && r.inspection_number !== null
            ? { id: r.inspection_id, label: inspectionLabel(Number(r.inspection_number)) }
            : null,
        nonconformance:
          r.nonconformance_id && r.nonconformance_number !== null
            ? { id: r.nonconformance_id, numberText: ncNumberText(Number(r.nonconformance_number)) }
            : null,
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}
