// An idempotency key stands for ONE request: a retry with the same body answers the first posting, and the same key
// with a different body is refused (422 IDEMPOTENCY_KEY_REUSED), as payment APIs do, instead of silently answering
// with a posting the client did not ask for. The stored posting is the fingerprint: its kind, reason, reference,
// supplier, job and lines (item, location, lot, signed quantity, unit cost) are exactly what a request decides, so no hash is kept.
// A receipt's lot expiry is not compared: it belongs to the lot, set by its first receipt and ignored by later ones,
// so the posting does not record it.
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import type { TPostStock, TStockTransaction } from '#common/schemas/stock.ts';

/** The refusal of a key used again for a different request. */
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This idempotency key was already used for a different request. That first posting stands and nothing else was ' +
  'posted: check the stock history, and send a new key for a new posting.';

/** One ledger line a request asks for; `unitCost` and `lotNumber` are compared only when the request gives them. */
interface TExpectedLine {
  itemId: string;
  locationId: string;
  /** The lot by id (issue, move, adjust), or null for none; undefined when the request names it by number. */
  lotId?: string | null;
  /** A receipt's lot number (lots are unique per item in any case, so compared in lower case). */
  lotNumber?: string | null;
  quantityDelta: string;
  unitCost?: string;
}

const negate = (q: string) => fromScaled(-toScaled(q, QUANTITY_SCALE), QUANTITY_SCALE);

/** The ledger lines `input` would write, in line order (a move's line is two: out of one location, into another). */
function expectedLines(input: TPostStock): TExpectedLine[] {
  switch (input.kind) {
    case 'receive':
      return input.lines.map((l) => ({
        itemId: l.itemId,
        locationId: l.locationId,
        lotNumber: l.lotNumber?.toLowerCase() ?? null,
        quantityDelta: normalizeDecimal(l.quantity),
        // Without a unit cost the item's cost at the time was recorded, which may have changed since: any matches.
        ...(l.unitCost === undefined ? {} : { unitCost: normalizeDecimal(l.unitCost, 4) }),
      }));
    case 'issue':
      return input.lines.map((l) => ({
        itemId: l.itemId,
        locationId: l.locationId,
        lotId: l.lotId ?? null,
        quantityDelta: negate(l.quantity),
      }));
    case 'move':
      return input.lines.flatMap((l) => [
        {
          itemId: l.itemId,
          locationId: l.fromLocationId,
          lotId: l.lotId ?? null,
          quantityDelta: negate(l.quantity),
        },
        {
          itemId: l.itemId,
          locationId: l.toLocationId,
          lotId: l.lotId ?? null,
          quantityDelta: normalizeDecimal(l.quantity),
        },
      ]);
    case 'adjust':
      return input.lines.map((l) => ({
        itemId: l.itemId,
        locationId: l.locationId,
        lotId: l.lotId ?? null,
        quantityDelta: normalizeDecimal(l.quantityDelta),
      }));
  }
}

function lineMatches(expected: TExpectedLine, posted: TStockTransaction['lines'][number]): boolean {
  return (
    expected.itemId === posted.itemId &&
    expected.locationId === posted.locationId &&
    (expected.lotId === undefined || expected.lotId === posted.lotId) &&
    (expected.lotNumber === undefined || expected.lotNumber === (posted.lotNumber?.toLowerCase() ?? null)) &&
    expected.quantityDelta === normalizeDecimal(posted.quantityDelta) &&
    (expected.unitCost === undefined || expected.unitCost === normalizeDecimal(posted.unitCost, 4))
  );
}

/** Whether `posted` is what `input` asks for: the same kind, reason, reference and lines in the same order. */
export function isSamePostingRequest(posted: TStockTransaction, input: TPostStock): boolean {
  const expected = expectedLines(input);
  const lines = [...posted.lines].sort((a, b) => a.lineNo - b.lineNo);
  return (
    posted.kind === input.kind &&
    posted.reason === (input.kind === 'adjust' ? input.reason : '') &&
    posted.reference === input.reference &&
    posted.supplierId === (input.kind === 'receive' ? (input.supplierId ?? null) : null) &&
    posted.jobId === (input.kind === 'issue' ? (input.jobId ?? null) : null) &&
    lines.length === expected.length &&
    expected.every((line, i) => lineMatches(line, lines[i]!))
  );
}

/** The first posting of a retried key when the request is the same; 422 IDEMPOTENCY_KEY_REUSED when it is not. */
export function firstPostingIfSameRequest(posted: TStockTransaction, input: TPostStock): TStockTransaction {
  if (!isSamePostingRequest(posted, input))
    throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_KEY_REUSED_MESSAGE);
  return posted;
}
