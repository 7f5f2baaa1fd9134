// What the operator scanned or typed at a work order (decision 049): one of our label codes (an item's or a lot's),
// else a part number, else a lot number — preferring the lots of the work order's own components, so a lot number
// two items share still resolves when only one of them is on the work order. Read in the tenant's transaction:
// another company's code is "not recognised", like garbage. Which item is expected is judged by the caller.
import { sql } from 'drizzle-orm';
import { AppError } from '#common/errors.ts';
import { parseCode } from '#common/label-codes.ts';
import { SHOP_FLOOR_MESSAGES as M } from '#common/schemas/shop-floor.ts';
import { queryRows, type TDb } from '../../db/client.ts';
import { findItemIdByPartNumber, findLabelCode, findLotRow } from '../scan/scan.repo.ts';

export interface TScanned {
  itemId: string;
  lotId: string | null;
  lotNumber: string | null;
}

const refuse = (message: string) => new AppError('BAD_REQUEST', message, { code: message });

async function lot(tx: TDb, companyId: string, lotId: string): Promise<TScanned | null> {
  const row = await findLotRow(tx, companyId, lotId);
  return row ? { itemId: row.itemId, lotId: row.id, lotNumber: row.lotNumber } : null;
}

/** The company's lots numbered `text` (any case), at most a screenful: lot numbers are unique per item only. */
async function lotsNumbered(tx: TDb, companyId: string, text: string) {
  return queryRows<{ id: string; item_id: string; lot_number: string }>(
    tx,
    sql`select id, item_id, lot_number from lots
         where company_id = ${companyId} and lot_number_key = lower(${text})
         order by created_at desc limit 20`,
  );
}

/** The item (and lot) `code` names; 400 naming `code` when it names nothing a work order can consume. */
export async function resolveScanned(
  tx: TDb,
  companyId: string,
  code: string,
  componentIds: ReadonlySet<string>,
): Promise<TScanned> {
  const text = code.trim();
  const parsed = parseCode(text);
  if (parsed) {
    const label = await findLabelCode(tx, companyId, parsed.token);
    if (label && label.kind === parsed.kind) {
      if (label.kind === 'item') return { itemId: label.entityId, lotId: null, lotNumber: null };
      if (label.kind === 'lot') {
        const found = await lot(tx, companyId, label.entityId);
        if (found) return found;
      } else throw refuse(M.notAPart);
    }
    throw refuse(M.notRecognised(text));
  }
  if (/^https?:\/\//i.test(text)) throw refuse(M.notRecognised(text));
  const itemId = await findItemIdByPartNumber(tx, companyId, text);
  if (itemId) return { itemId, lotId: null, lotNumber: null };
  const lots = await lotsNumbered(tx, companyId, text);
  const ours = lots.filter((l) => componentIds.has(l.item_id));
  const pick = ours.length === 1 ? ours[0] : ours.length === 0 && lots.length === 1 ? lots[0] : undefined;
  if (pick) return { itemId: pick.item_id, lotId: pick.id, lotNumber: pick.lot_number };
  if (lots.length > 1) throw refuse(M.lotAmbiguous(text));
  throw refuse(M.notRecognised(text));
}
