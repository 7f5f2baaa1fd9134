// A held lot's release by what settles it (decision 073, 2026-11-30): a disposition or a passed inspection releases
// the lot only when it waits for nothing more (common/quality/lot-hold-waits.ts) — every nonconformance on it decided
// in full, the inspection that held it finished, every unit covered by a decision unless that inspection passed.

import { lotHoldWaits, type TLotWait } from '#common/quality/lot-hold-waits.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { releaseLotWithin, type THoldCause } from './holds.service.ts';
import { lotHoldFacts } from './lot-hold-facts.ts';

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
