// The work order list as a CSV file (decision 048): the list's filters, every row, through the kit's CSV writer
// (common/csv.ts: formula guard, UTF-8 byte order mark), named by the company's day.
import { csvFile } from '#common/csv.ts';
import { AppError } from '#common/errors.ts';
import type { TWorkOrderFilter } from '#common/schemas/work-orders.ts';
import { statusStyle } from '#common/statuses.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyToday } from '../companies/company-clock.ts';
import * as repo from './work-orders.repo.ts';
import { summaryOf } from './work-orders.service.ts';

/** What one export may hold: years of a small manufacturer's work orders. */
export const WORK_ORDERS_CSV_MAX_ROWS = 20_000;
const COLUMNS = [
  'Number',
  'Status',
  'Part number',
  'Name',
  'Revision',
  'Quantity',
  'Unit',
  'Due date',
  'Order',
  'Created at',
];

/** GET /api/v1/work-orders/export.csv */
export async function exportWorkOrdersCsv(
  tenant: TTenant,
  filter: TWorkOrderFilter,
): Promise<{ fileName: string; csv: string }> {
  const { found, day } = await tenant.run(async (tx) => ({
    day: await companyToday(tx, tenant.companyId),
    found: await repo.listWorkOrders(tx, tenant.companyId, {
      ...filter,
      page: 1,
      pageSize: WORK_ORDERS_CSV_MAX_ROWS + 1,
    }),
  }));
  if (found.rows.length > WORK_ORDERS_CSV_MAX_ROWS)
    throw new AppError(
      'BAD_REQUEST',
      `More than ${WORK_ORDERS_CSV_MAX_ROWS.toLocaleString('en-US')} work orders match: an export holds at most ` +
        'that many. Narrow the search, status or dates and export again.',
    );
  const csv = csvFile(
    COLUMNS,
    found.rows
      .map(summaryOf)
      .map((w) => [
        w.numberText,
        statusStyle('workOrder', w.status).label,
        w.partNumber,
        w.name,
        w.revisionNumber,
        w.quantity,
        w.unitOfMeasure,
        w.dueOn ?? '',
        w.orderNumberText ?? '',
        w.createdAt,
      ]),
  );
  return { fileName: `work-orders-${day}.csv`, csv };
}
