// A held lot's release by what settles it (decision 073, 2026-12-01): a disposition or a passed inspection releases
// the lot only when it waits for nothing more (common/quality/lot-hold-waits.ts) — every nonconformance on it decided
// in full, the inspection that held it finished, every unit covered by a decision unless that inspection passed.

import { normalizeDecimal } from '#common/decimal.ts';
import { lotHoldWaits, type TLotHoldFacts, type TLotWait } from '#common/quality/lot-hold-waits.ts';
import { inspectionLabel } from '#common/schemas/inspections.ts';
import { ncNumberText } from '#common/schemas/nonconformances.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { holdFactsOf } from './holds.repo.ts';
import { releaseLotWithin, type THoldCause } from './holds.service.ts';

/** The facts of held lot `lotId`'s release, read in `tx`; null when no recorded hold holds it. */
export async function lotHoldFacts(tx: TDb, companyId: string, lotId: string): Promise<TLotHoldFacts | null> {
  const row = await holdFactsOf(tx, companyId, lotId);
  if (!row) return null;
  return {
    onHand: normalizeDecimal(row.on_hand),
    undecided: row.undecided.map((n) => ({
      id: n.id,
      numberText: ncNumberText(Number(n.number)),
      quantity: normalizeDecimal(n.left),
    })),
    openInspection:
      row.inspection_id && row.inspection_status === 'open'
        ? { id: row.inspection_id, label: inspectionLabel(Number(row.inspection_number)) }
        : null,
    vouched: row.inspection_status === 'passed',
    judged: normalizeDecimal(row.judged),
  };
}

/**
 * Releases held lot `lotId` (locked by the caller) with `reason` when it waits for nothing more; returns what it
 * still waits for (empty when released, null when no recorded hold holds it).
 */
export async function releaseIfSettled(
  tx: TDb,
  tenant: TTenant,
  lotId: string,
  reason: string,
  cause: THoldCause,
): Promise<TLotWait[] | null> {
  const facts = await lotHoldFacts(tx, tenant.companyId, lotId);
  if (!facts) return null;
  const waits = lotHoldWaits(facts);
  if (waits.length === 0) await releaseLotWithin(tx, tenant, lotId, reason, cause);
  return waits;
}
