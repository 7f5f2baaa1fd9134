// The rules of borrowing: only when the company allows it; a borrowing and its 'borrow' posting (stock out of the
// source location) commit together, as do a return, its 'return' posting and the raised returned quantity. More
// can never come back than went out, also when two people return at once (one conditional UPDATE, and a CHECK in
// the table). A retried request (same idempotency key) answers with what the first one did; the same key with a
// different request is refused (borrowing-idempotency.ts, decision 036).
import { v7 as uuidv7 } from 'uuid';
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import {
  BORROWING_MESSAGES,
  borrowerLabel,
  type TBorrowInput,
  type TBorrowingDetail,
  type TReturnInput,
} from '#common/schemas/borrowing.ts';
import { jobNumberText } from '#common/schemas/jobs.ts';
import type { TDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { TTenant } from '../../db/tenant.ts';
import * as companiesRepo from '../companies/companies.repo.ts';
// Due dates begin and end on the company's day (decision 025).
import { companyToday } from '../companies/company-clock.ts';
import { assertJobOpen } from '../jobs/job-guard.ts';
import { findBorrower } from './borrowers.ts';
import * as repo from './borrowing.repo.ts';
import {
  borrowingKeyReused,
  borrowKey,
  firstBorrowingIfSameRequest,
  firstReturnIfSameRequest,
  returnKey,
} from './borrowing-idempotency.ts';
import { loadDetail, subtract } from './borrowing-views.ts';
import { findTransactionByKey } from './stock.repo.ts';
import { postLinesWithin } from './stock.service.ts';

const notFound = () => new AppError('NOT_FOUND', BORROWING_MESSAGES.notFound);

/** Refuses (403) every borrowing request of a company that has not switched borrowing on. */
export async function assertBorrowingAllowed(tenant: TTenant): Promise<void> {
  const config = await tenant.run((tx) => companiesRepo.findLabelConfig(tx, tenant.companyId));
  if (!config?.allowBorrowing) throw new AppError('FORBIDDEN', BORROWING_MESSAGES.notAllowed);
}

/**
 * A refusal of the ledger (not enough stock, an unknown item, location or lot) with its field errors renamed from
 * the posting's line ("line.quantity") to this request's fields ("quantity").
 */
function onRequestFields(error: unknown, rename: Record<string, string> = {}): unknown {
  if (!(error instanceof AppError) || !error.fieldErrors) return error;
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(error.fieldErrors)) {
    const field = path.replace(/^line\./, '');
    fields[rename[field] ?? field] = message;
  }
  return new AppError(error.code, error.message, fields);
}

/** The borrowing an earlier request with this key made, if any. */
async function borrowingOfKey(tx: TDb, companyId: string, key: string): Promise<TBorrowingDetail | null> {
  const posting = await findTransactionByKey(tx, companyId, borrowKey(key));
  if (!posting) return null;
  const id = await repo.findBorrowingByTransaction(tx, companyId, posting.id);
  return id ? loadDetail(tx, companyId, id) : null;
}

/** Lends stock: takes it out of the source location and records who has it until when. */
export async function borrow(tenant: TTenant, input: TBorrowInput): Promise<TBorrowingDetail> {
  const { companyId } = tenant;
  try {
    return await tenant.run(async (tx) => {
      const retried = await borrowingOfKey(tx, companyId, input.idempotencyKey);
      if (retried) return firstBorrowingIfSameRequest(retried, input);
      const person = input.borrower.userId ? await findBorrower(tx, companyId, input.borrower.userId) : null;
      if (input.borrower.userId && !person) {
        throw new AppError('BAD_REQUEST', BORROWING_MESSAGES.borrowerNotFound, {
          'borrower.userId': BORROWING_MESSAGES.borrowerNotFound,
        });
      }
      const today = await companyToday(tx, companyId);
      if (input.dueOn < today) {
        const message = BORROWING_MESSAGES.dueInPast(today);
        throw new AppError('BAD_REQUEST', message, { dueOn: message });
      }
      // A job is named by its number too, so lists, searches and the posting's reference read as before jobs.
      const job = input.borrower.jobId
        ? await assertJobOpen(tx, companyId, input.borrower.jobId, {
            what: 'borrowings',
            field: 'borrower.jobId',
          })
        : null;
      const borrower = person
        ? { borrowerUserId: person.id, borrowerName: person.name, jobReference: '', jobId: null }
        : job
          ? { borrowerUserId: null, borrowerName: '', jobReference: jobNumberText(job.number), jobId: job.id }
          : {
              borrowerUserId: null,
              borrowerName: '',
              jobReference: input.borrower.jobReference ?? '',
              jobId: null,
            };
      const quantity = normalizeDecimal(input.quantity);
      let transactionId: string;
      try {
        transactionId = await postLinesWithin(
          tx,
          tenant,
          {
            kind: 'borrow',
            reason: input.note,
            reference: `Lent to ${borrowerLabel(borrower)}, due ${input.dueOn}`,
            idempotencyKey: borrowKey(input.idempotencyKey),
          },
          [
            {
              itemId: input.itemId,
              locationId: input.locationId,
              lotId: input.lotId ?? null,
              delta: `-${quantity}`,
              field: 'line',
            },
          ],
        );
      } catch (error) {
        throw onRequestFields(error);
      }
      const id = uuidv7();
      await repo.insertBorrowing(tx, {
        id,
        companyId,
        itemId: input.itemId,
        locationId: input.locationId,
        lotId: input.lotId ?? null,
        quantity,
        ...borrower,
        dueOn: input.dueOn,
        note: input.note,
        borrowedByName: tenant.actor.name,
        transactionId,
      });
      return loadDetail(tx, companyId, id);
    });
  } catch (error) {
    // The same request sent twice at once: the loser of the race (a unique key, or the stock the winner took)
    // answers with the winner's borrowing.
    if (isUniqueViolation(error) || (error instanceof AppError && error.code === 'CONFLICT')) {
      const first = await tenant.run((tx) => borrowingOfKey(tx, companyId, input.idempotencyKey));
      if (first) return firstBorrowingIfSameRequest(first, input);
    }
    throw error;
  }
}

/** The return an earlier request with this key posted: its borrowing, if any. */
async function returnOfKey(
  tx: TDb,
  companyId: string,
  borrowingId: string,
  key: string,
): Promise<TBorrowingDetail | null> {
  const posting = await findTransactionByKey(tx, companyId, returnKey(key));
  if (!posting) return null;
  const done = await repo.findReturnByTransaction(tx, companyId, posting.id);
  if (!done) return null;
  if (done.borrowingId !== borrowingId) {
    throw borrowingKeyReused();
  }
  return loadDetail(tx, companyId, borrowingId);
}

/** Takes back all or part of what is out: puts it into stock and closes the borrowing once everything is back. */
export async function returnBorrowing(
  tenant: TTenant,
  id: string,
  input: TReturnInput,
): Promise<TBorrowingDetail> {
  const quantity = normalizeDecimal(input.quantity);
  const { companyId } = tenant;
  const retriedOr = async (error: AppError) => {
    const first = await tenant.run((tx) => returnOfKey(tx, companyId, id, input.idempotencyKey));
    if (first) return tenant.run((tx) => firstReturnIfSameRequest(tx, companyId, first, input));
    throw error;
  };
  try {
    return await tenant.run(async (tx) => {
      const retried = await returnOfKey(tx, companyId, id, input.idempotencyKey);
      if (retried) return firstReturnIfSameRequest(tx, companyId, retried, input);
      const found = await repo.findBorrowing(tx, companyId, id);
      if (!found) throw notFound();
      const before = found.borrowing;
      if (before.closedAt) throw new AppError('CONFLICT', BORROWING_MESSAGES.closed);

      const after = await repo.addReturned(tx, companyId, id, quantity);
      if (!after) {
        // Refused under the row's lock: someone else's return got in first, or this is more than is out.
        const now = (await repo.findBorrowing(tx, companyId, id))!.borrowing;
        if (now.closedAt) throw new AppError('CONFLICT', BORROWING_MESSAGES.closed);
        const outstanding = subtract(normalizeDecimal(now.quantity), normalizeDecimal(now.returnedQuantity));
        const message = BORROWING_MESSAGES.tooMuch(outstanding, found.unitOfMeasure);
        throw new AppError('CONFLICT', message, { quantity: message });
      }
      const locationId = input.locationId ?? before.locationId;
      let transactionId: string;
      try {
        transactionId = await postLinesWithin(
          tx,
          tenant,
          {
            kind: 'return',
            reference: `Returned by ${borrowerLabel(before)}`,
            idempotencyKey: returnKey(input.idempotencyKey),
          },
          [{ itemId: before.itemId, locationId, lotId: before.lotId, delta: quantity, field: 'line' }],
        );
      } catch (error) {
        throw onRequestFields(error);
      }
      await repo.insertReturn(tx, {
        id: uuidv7(),
        companyId,
        borrowingId: id,
        locationId,
        quantity,
        returnedByName: tenant.actor.name,
        transactionId,
      });
      return loadDetail(tx, companyId, id);
    });
  } catch (error) {
    // The same return sent twice at once: the second waited for the first's lock, then found the amount gone.
    if (isUniqueViolation(error)) return retriedOr(new AppError('CONFLICT', BORROWING_MESSAGES.closed));
    if (error instanceof AppError && error.code === 'CONFLICT') return retriedOr(error);
    throw error;
  }
}
