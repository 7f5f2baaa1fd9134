// Entering counts: any signed-in user of the company records what they see on a line (a recount replaces it), or
// adds a line for stock found where the book has none. Each count keeps the book quantity read in the same
// transaction, so the variance posted later is what the counter saw against the book at that moment.
import { v7 as uuidv7 } from 'uuid';
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import {
  COUNT_MESSAGES,
  type TCountEntry,
  type TCountLine,
  type TFoundLine,
} from '#common/schemas/stock-check.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import * as companiesRepo from '../companies/companies.repo.ts';
import * as repo from './count.repo.ts';
import { expectedVisible, sessionNotFound, toLine } from './count.service.ts';
import * as linesRepo from './count-lines.repo.ts';
import { findLocation } from './locations.repo.ts';
import { findOrCreateLot } from './stock.repo.ts';
import { assertWholeQuantity } from './whole-units.ts';

const badField = (field: string, message: string) =>
  new AppError('BAD_REQUEST', message, { [field]: message });

/** A found line refused because its (item, location, lot) already has a line: the route names that line. */
export class DuplicateLineError extends AppError {
  readonly existingLineId: string;
  constructor(message: string, existingLineId: string) {
    super('CONFLICT', message);
    this.existingLineId = existingLineId;
  }
}

/** The session, share-locked so a posting waits for counts under way (and they for it), refused unless counting. */
async function countingSession(tx: TDb, companyId: string, id: string): Promise<repo.TSessionRow> {
  const session = await repo.findSession(tx, companyId, id, 'share');
  if (!session) throw sessionNotFound();
  if (session.status !== 'counting') {
    throw new AppError('CONFLICT', COUNT_MESSAGES.notCounting(session.status as 'posted' | 'cancelled'));
  }
  return session;
}

/** Records (or replaces) the count of a line with the book quantity as it is now. */
export async function recordCount(
  tenant: TTenant,
  sessionId: string,
  lineId: string,
  input: TCountEntry,
): Promise<TCountLine> {
  return tenant.run(async (tx) => {
    const session = await countingSession(tx, tenant.companyId, sessionId);
    const view = await linesRepo.findLineView(tx, sessionId, lineId);
    if (!view) throw new AppError('NOT_FOUND', COUNT_MESSAGES.lineNotFound);
    // Refused when typed, not when the count is posted days later (decision 064).
    assertWholeQuantity('countedQuantity', input.countedQuantity, view);
    const line = view.line;
    await linesRepo.recordCount(tx, lineId, {
      countedQuantity: normalizeDecimal(input.countedQuantity),
      bookAtCount: await linesRepo.lockedBalance(tx, line),
      countedBy: tenant.userId,
      countedByName: tenant.actor.name,
    });
    return toLine((await linesRepo.findLineView(tx, sessionId, lineId))!, expectedVisible(session, tenant));
  });
}

/** The lot of a found line: the one named, or the lot number found (created if new), or none. */
async function lotOf(
  tx: TDb,
  companyId: string,
  item: { id: string; lotTracked: boolean },
  input: TFoundLine,
): Promise<string | null> {
  const settings = await companiesRepo.findLabelConfig(tx, companyId);
  const lotTracked = item.lotTracked && (settings?.useLotNumbers ?? true);
  if (input.lotId) {
    const lot = await repo.findLot(tx, companyId, input.lotId);
    if (lot?.itemId !== item.id) throw badField('lotId', COUNT_MESSAGES.lotNotFound);
    return lot.id;
  }
  if (input.lotNumber) {
    if (!lotTracked) throw badField('lotNumber', COUNT_MESSAGES.lotNotTracked);
    // count_lines keeps a lot id only: a lot number never seen before becomes a lot now (docs/decisions/024).
    return findOrCreateLot(tx, {
      companyId,
      itemId: item.id,
      lotNumber: input.lotNumber,
      expiresOn: null,
    });
  }
  if (lotTracked) throw badField('lotNumber', COUNT_MESSAGES.lotRequired);
  return null;
}

/** The refusal of a found line whose (item, location, lot) is already a line of the session. */
async function duplicateOf(
  tx: TDb,
  sessionId: string,
  existing: linesRepo.TLineRow,
): Promise<DuplicateLineError> {
  const view = (await linesRepo.findLineView(tx, sessionId, existing.id))!;
  const what = `${view.partNumber} at ${view.locationCode}${view.lotNumber ? ` (lot ${view.lotNumber})` : ''}`;
  return new DuplicateLineError(COUNT_MESSAGES.duplicateLine(what), existing.id);
}

/** Adds a line for stock found during the count: expected 0, counted as given, inside the session's scope. */
export async function addFoundLine(
  tenant: TTenant,
  sessionId: string,
  input: TFoundLine,
): Promise<TCountLine> {
  let key: { itemId: string; locationId: string; lotId: string | null } | null = null;
  try {
    return await tenant.run(async (tx) => {
      const session = await countingSession(tx, tenant.companyId, sessionId);
      const [item] = await repo.itemsByIds(tx, tenant.companyId, [input.itemId]);
      if (!item) throw badField('itemId', COUNT_MESSAGES.itemNotFound);
      if (!item.active) throw badField('itemId', COUNT_MESSAGES.itemInactive);
      assertWholeQuantity('countedQuantity', input.countedQuantity, item);
      const location = await findLocation(tx, tenant.companyId, input.locationId);
      if (!location) throw badField('locationId', COUNT_MESSAGES.locationNotFound);
      if (session.scope === 'location') {
        const counted = (await findLocation(tx, tenant.companyId, session.locationId!))!;
        if (!location.path.startsWith(counted.path))
          throw badField('locationId', COUNT_MESSAGES.outsideLocation(counted.fullCode));
      } else if (!(await linesRepo.sessionHasItem(tx, sessionId, item.id))) {
        throw badField('itemId', COUNT_MESSAGES.itemOutsideScope);
      }
      key = {
        itemId: item.id,
        locationId: location.id,
        lotId: await lotOf(tx, tenant.companyId, item, input),
      };
      const existing = await linesRepo.findLineByKey(tx, sessionId, key);
      if (existing) throw await duplicateOf(tx, sessionId, existing);
      const id = uuidv7();
      await linesRepo.insertLine(tx, {
        id,
        companyId: tenant.companyId,
        sessionId,
        ...key,
        expectedQuantity: '0',
        added: true,
        countedQuantity: normalizeDecimal(input.countedQuantity),
        bookAtCount: await linesRepo.lockedBalance(tx, key),
        countedBy: tenant.userId,
        countedByName: tenant.actor.name,
        countedAt: new Date(),
      });
      return toLine((await linesRepo.findLineView(tx, sessionId, id))!, expectedVisible(session, tenant));
    });
  } catch (error) {
    // Two people adding the same found stock at once: the second is pointed at the first one's line.
    if (isUniqueViolation(error) && key) {
      const found = key;
      const duplicate = await tenant.run(async (tx) => {
        const existing = await linesRepo.findLineByKey(tx, sessionId, found);
        return existing ? duplicateOf(tx, sessionId, existing) : null;
      });
      if (duplicate) throw duplicate;
    }
    throw error;
  }
}
