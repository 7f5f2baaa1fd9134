// The order list as a CSV file (decision 047): the same search and status filter as the list, every row, through the
// kit's CSV writer (common/csv.ts: formula guard, UTF-8 byte order mark), named by the company's day.
import { csvFile } from '#common/csv.ts';
import { AppError } from '#common/errors.ts';
import type { TBuildOrderFilter } from '#common/schemas/build-orders.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyToday } from '../companies/company-clock.ts';
import * as repo from './orders.repo.ts';
import { statusLabel, summaryOf } from './orders.service.ts';

/** What one export may hold: far more orders than a small manufacturer makes in years. */
export const ORDERS_CSV_MAX_ROWS = 20_000;
const COLUMNS = ['Number', 'Customer', 'Due date', 'Status', 'Overdue', 'Lines', 'Created at'];

/** GET /api/v1/build-orders/export.csv */
export async function exportOrdersCsv(
  tenant: TTenant,
  filter: TBuildOrderFilter,
): Promise<{ fileName: string; csv: string }> {
  const { found, day } = await tenant.run(async (tx) => {
    const today = await companyToday(tx, tenant.companyId);
    const rows = await repo.listOrders(
      tx,
      tenant.companyId,
      { ...filter, today },
      { limit: ORDERS_CSV_MAX_ROWS + 1, offset: 0 },
    );
    return { found: rows, day: today };
  });
  if (found.rows.length > ORDERS_CSV_MAX_ROWS) {
    throw new AppError(
      'BAD_REQUEST',
      `More than ${ORDERS_CSV_MAX_ROWS.toLocaleString('en-US')} orders match: an export holds at most that many. ` +
        'Narrow the search or status and export again.',
    );
  }
  const csv = csvFile(
    COLUMNS,
    found.rows
      .map(summaryOf)
      .map((o) => [
        o.numberText,
        o.customer ?? 'For stock',
        o.dueOn ?? '',
        statusLabel(o.status),
        o.overdue ? 'yes' : 'no',
        o.lineCount,
        o.createdAt,
      ]),
  );
  return { fileName: `orders-${day}.csv`, csv };
}
