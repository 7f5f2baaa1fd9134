// A one-line posting of the API in ONE statement (decision 087; the statement is stock-post-one.repo.ts): the transaction
// row, the balance, the item's total and the ledger line, or the refusal.
import { v7 as uuidv7 } from 'uuid';
import { normalizeDecimal } from '#common/decimal.ts';
import type { TDb } from '../../db/client.ts';
import { sqlStateOf } from '../../db/errors.ts';
import { postOne, type TPostOne } from './stock-post-one.repo.ts';
import {
  negate,
  notEnough,
  type TDelta,
  type TLedgerLine,
  type TPostingContext,
  unitCostOf,
} from './stock-posting-terms.ts';

/** The one-statement write overflowed a quantity: post again step by step, for the message that says where. */
export class RetryStepByStep extends Error {}

/** The one-line posting in one statement (decision 087): its ledger line, or the refusal. */
export async function postOneLine(
  tx: TDb,
  row: TPostOne['transaction'],
  d: TDelta,
  context: TPostingContext,
): Promise<TLedgerLine> {
  const taking = d.delta.startsWith('-');
  const amount = taking ? negate(d.delta) : d.delta;
  const unitCost = unitCostOf(d, context);
  const after = await postOne(tx, {
    transaction: row,
    itemId: d.itemId,
    locationId: d.locationId,
    lotId: d.lotId,
    delta: d.delta,
    amount,
    unitCost,
    lineNo: d.lineNo,
    ledgerId: uuidv7(),
    balanceId: uuidv7(),
  }).catch((error: unknown) => {
    throw sqlStateOf(error) === '22003' ? new RetryStepByStep('a quantity overflowed') : error;
  });
  if (after === null) throw await notEnough(tx, d, context, amount);
  const { lineNo, itemId, locationId, lotId } = d;
  return {
    lineNo,
    itemId,
    locationId,
    lotId,
    quantityDelta: d.delta,
    unitCost,
    balanceAfter: normalizeDecimal(after),
  };
}
