// Borrowings as the screens read them: one with its returns, and a page of them, each with what is still out and
// whether it is overdue on the company's day (decision 025). The rules of lending and returning are in
// borrowing.service.ts, which answers with loadDetail too.
import { fromScaled, normalizeDecimal, toScaled } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import {
  BORROWING_MESSAGES,
  type TBorrowing,
  type TBorrowingDetail,
  type TBorrowingListQuery,
  type TBorrowingPage,
} from '#common/schemas/borrowing.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyToday } from '../companies/company-clock.ts';
import * as repo from './borrowing.repo.ts';

function toBorrowing(row: repo.TBorrowingListRow, today: string): TBorrowing {
  const b = row.borrowing;
  const quantity = normalizeDecimal(b.quantity);
  const returned = normalizeDecimal(b.returnedQuantity);
  return {
    id: b.id,
    itemId: b.itemId,
    partNumber: row.partNumber,
    itemName: row.itemName,
    unitOfMeasure: row.unitOfMeasure,
    locationId: b.locationId,
    locationCode: row.locationCode,
    lotId: b.lotId,
    lotNumber: row.lotNumber,
    quantity,
    returnedQuantity: returned,
    outstanding: subtract(quantity, returned),
    borrowerUserId: b.borrowerUserId,
    borrowerName: b.borrowerName,
    jobReference: b.jobReference,
    jobId: b.jobId,
    dueOn: b.dueOn,
    overdue: b.closedAt === null && b.dueOn < today,
    note: b.note,
    borrowedByName: b.borrowedByName,
    borrowedAt: b.borrowedAt.toISOString(),
    closedAt: b.closedAt?.toISOString() ?? null,
  };
}

/** a − b, exactly. */
export function subtract(a: string, b: string): string {
  return fromScaled(toScaled(a, QUANTITY_SCALE) - toScaled(b, QUANTITY_SCALE), QUANTITY_SCALE);
}

export async function loadDetail(tx: TDb, companyId: string, id: string): Promise<TBorrowingDetail> {
  const row = await repo.findBorrowing(tx, companyId, id);
  if (!row) throw new AppError('NOT_FOUND', BORROWING_MESSAGES.notFound);
  const today = await companyToday(tx, companyId);
  const returns = await repo.returnsOf(tx, companyId, id);
  return {
    ...toBorrowing(row, today),
    returns: returns.map((r) => ({
      ...r,
      quantity: normalizeDecimal(r.quantity),
      returnedAt: r.returnedAt.toISOString(),
    })),
  };
}

export async function getBorrowing(tenant: TTenant, id: string): Promise<TBorrowingDetail> {
  return tenant.run((tx) => loadDetail(tx, tenant.companyId, id));
}

export async function listBorrowings(tenant: TTenant, query: TBorrowingListQuery): Promise<TBorrowingPage> {
  return tenant.run(async (tx) => {
    const today = await companyToday(tx, tenant.companyId);
    const { rows, total } = await repo.listBorrowings(tx, tenant.companyId, query, today);
    return {
      items: rows.map((r) => toBorrowing(r, today)),
      total,
      page: query.page,
      pageSize: query.pageSize,
      today,
    };
  });
}
