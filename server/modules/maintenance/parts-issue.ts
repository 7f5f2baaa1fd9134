// Issuing parts from stock to maintenance (decisions 050, 057): the parts a repair (a breakdown) or a PM (an
// occurrence) used leave stock through the ledger's posting engine — one 'maintenance-issue' posting for all of
// them, never below zero — and each is kept as a maintenance_parts row naming that posting. Everything runs in the
// caller's tenant transaction, so a refusal on any part leaves no posting, no row and no balance changed, and the
// caller's own change (the breakdown resolved, the PM completed) commits with the stock or not at all.
import { v7 as uuidv7 } from 'uuid';
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { MAINTENANCE_PART_MESSAGES as M, type TPartUsed } from '#common/schemas/maintenance-parts.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { postLinesWithin } from '../inventory/stock.service.ts';
import { postingRefs } from '../inventory/stock-posting.repo.ts';
import { negate } from '../inventory/stock-posting.ts';
import { maintenanceParts } from './breakdowns.tables.ts';

/** What the parts are for: a PM occurrence or a breakdown (exactly one, as the table's CHECK says). */
export type TMaintenanceTarget = { occurrenceId: string } | { breakdownId: string };

export interface TIssueOptions {
  /** The posting's reference on the item's ledger, e.g. "Breakdown 12 · LT-001". */
  reference: string;
  /** When the parts were issued: the app clock's now (server/clock.ts). */
  at: Date;
  /** Where the request carries the parts, for refusals: "parts" gives "parts.0.quantity". */
  field?: string;
  /** The job the repair or PM is charged to (decision 085): the posting names it. */
  jobId?: string | null;
}

/** One part issued, as written. */
export interface TIssuedPartRow {
  id: string;
  itemId: string;
  lotId: string | null;
  locationId: string;
  quantity: string;
  transactionId: string;
}

const notFound = (field: string, message: string) => new AppError('NOT_FOUND', message, { [field]: message });
const bad = (field: string, message: string) => new AppError('BAD_REQUEST', message, { [field]: message });

/**
 * Refuses, before anything is written, a part naming an item, location or lot that is not the company's (404 naming
 * `parts.N.itemId`, `.locationId`, `.lotId` with the words of a missing thing: another company's id reads as one that
 * exists nowhere), a deactivated item, a lot-tracked item without its lot, and a lot of another item.
 */
async function checkParts(tx: TDb, companyId: string, parts: TPartUsed[], field: string): Promise<void> {
  const refs = await postingRefs(tx, companyId, {
    items: [...new Set(parts.map((p) => p.itemId))],
    locations: [...new Set(parts.map((p) => p.locationId))],
    lots: [...new Set(parts.flatMap((p) => (p.lotId ? [p.lotId] : [])))],
  });
  const items = new Map(refs.items.map((i) => [i.id, i]));
  const locations = new Set(refs.locations.map((l) => l.id));
  const lots = new Map(refs.lots.map((l) => [l.id, l]));
  for (const [n, part] of parts.entries()) {
    const at = `${field}.${n}`;
    const item = items.get(part.itemId);
    if (!item) throw notFound(`${at}.itemId`, M.itemNotFound);
    if (!locations.has(part.locationId)) throw notFound(`${at}.locationId`, M.locationNotFound);
    if (part.lotId) {
      const lot = lots.get(part.lotId);
      if (!lot) throw notFound(`${at}.lotId`, M.lotNotFound);
      if (lot.itemId !== item.id) throw bad(`${at}.lotId`, M.lotNotFound);
    } else if (item.lotTracked && (refs.useLotNumbers ?? true)) {
      throw bad(`${at}.lotId`, M.lotRequired);
    }
    if (!item.active) throw bad(`${at}.itemId`, M.itemInactive);
  }
}

/**
 * Issues `parts` to `target` inside the caller's transaction `tx`: checks them (see checkParts), posts them as ONE
 * 'maintenance-issue' transaction of the ledger (each line refused below zero with 409 naming
 * `parts.N.quantity`: "Not enough stock: … has 2, and 5 is needed."), and writes a maintenance_parts row per part
 * naming that transaction. No parts: nothing posted, nothing written.
 */
export async function issueMaintenanceParts(
  tx: TDb,
  tenant: TTenant,
  target: TMaintenanceTarget,
  parts: TPartUsed[],
  options: TIssueOptions,
): Promise<TIssuedPartRow[]> {
  if (parts.length === 0) return [];
  const field = options.field ?? 'parts';
  await checkParts(tx, tenant.companyId, parts, field);
  const transactionId = await postLinesWithin(
    tx,
    tenant,
    {
      kind: 'maintenance-issue',
      reason: 'occurrenceId' in target ? 'Used by a PM' : 'Used by a repair',
      reference: options.reference,
      // One posting per call: the caller's row lock (the breakdown, the occurrence) keeps a second call from
      // issuing the same parts again, so the key only has to be unique.
      idempotencyKey: `maintenance-issue:${uuidv7()}`,
      postedAt: options.at,
      jobId: options.jobId ?? null,
    },
    parts.map((p, n) => ({
      itemId: p.itemId,
      locationId: p.locationId,
      lotId: p.lotId ?? null,
      delta: negate(normalizeDecimal(p.quantity)),
      field: `${field}.${n}`,
    })),
  );
  const rows = parts.map((p) => ({
    id: uuidv7(),
    itemId: p.itemId,
    lotId: p.lotId ?? null,
    locationId: p.locationId,
    quantity: normalizeDecimal(p.quantity),
    transactionId,
  }));
  await tx.insert(maintenanceParts).values(
    rows.map((r) => ({
      ...r,
      companyId: tenant.companyId,
      occurrenceId: 'occurrenceId' in target ? target.occurrenceId : null,
      breakdownId: 'breakdownId' in target ? target.breakdownId : null,
      createdAt: options.at,
      createdBy: tenant.actor.name,
    })),
  );
  return rows;
}
