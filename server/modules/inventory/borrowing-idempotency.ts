// The borrowing side of decision 036: a borrowing's or a return's idempotency key stands for one request. The same
// request sent again answers what the first did; the same key with a different request is refused with 422
// IDEMPOTENCY_KEY_REUSED. The stored borrowing and return are the fingerprint: they record every field a request
// decides.
import { and, eq } from 'drizzle-orm';
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import type { TBorrowInput, TBorrowingDetail, TReturnInput } from '#common/schemas/borrowing.ts';
import type { TDb } from '../../db/client.ts';
import { borrowingReturns } from './borrowing.tables.ts';
import { findTransactionByKey } from './stock.repo.ts';

/** The posting keys are namespaced, so a client's key for a borrowing can never match one of its stock postings. */
export const borrowKey = (key: string) => `borrow:${key}`;
export const returnKey = (key: string) => `borrow-return:${key}`;

/** The refusal of a borrowing's or a return's key used again for a different request. */
export const BORROWING_KEY_REUSED_MESSAGE =
  'This idempotency key was already used for a different request. That first one stands and nothing else was done: ' +
  'send a new key for a new borrowing or return.';

/** 422 IDEMPOTENCY_KEY_REUSED: the key's first request stands (also a return key sent for another borrowing). */
export const borrowingKeyReused = () => new AppError('IDEMPOTENCY_KEY_REUSED', BORROWING_KEY_REUSED_MESSAGE);

/** Whether `first` is the borrowing `input` asks for: item, source, lot, quantity, borrower, due date and note. */
function isSameBorrowing(first: TBorrowingDetail, input: TBorrowInput): boolean {
  const { userId, jobId, jobReference } = input.borrower;
  return (
    first.itemId === input.itemId &&
    first.locationId === input.locationId &&
    first.lotId === (input.lotId ?? null) &&
    normalizeDecimal(first.quantity) === normalizeDecimal(input.quantity) &&
    (userId
      ? first.borrowerUserId === userId
      : jobId
        ? first.jobId === jobId
        : first.borrowerUserId === null &&
          first.jobId === null &&
          first.jobReference === (jobReference ?? '')) &&
    first.dueOn === input.dueOn &&
    first.note === input.note
  );
}

/** The borrowing a retried key made when the request is the same; 422 IDEMPOTENCY_KEY_REUSED when it is not. */
export function firstBorrowingIfSameRequest(first: TBorrowingDetail, input: TBorrowInput): TBorrowingDetail {
  if (!isSameBorrowing(first, input)) throw borrowingKeyReused();
  return first;
}

/**
 * The borrowing a retried return key came back to (`first`), when the return it recorded is the one `input` asks
 * for: the same quantity, to the same location (the borrowing's source when none is named); else 422.
 */
export async function firstReturnIfSameRequest(
  tx: TDb,
  companyId: string,
  first: TBorrowingDetail,
  input: TReturnInput,
): Promise<TBorrowingDetail> {
  const posting = await findTransactionByKey(tx, companyId, returnKey(input.idempotencyKey));
  const [done] = posting
    ? await tx
        .select({ quantity: borrowingReturns.quantity, locationId: borrowingReturns.locationId })
        .from(borrowingReturns)
        .where(and(eq(borrowingReturns.companyId, companyId), eq(borrowingReturns.transactionId, posting.id)))
    : [];
  const same =
    done !== undefined &&
    normalizeDecimal(done.quantity) === normalizeDecimal(input.quantity) &&
    done.locationId === (input.locationId ?? first.locationId);
  if (!same) throw borrowingKeyReused();
  return first;
}
