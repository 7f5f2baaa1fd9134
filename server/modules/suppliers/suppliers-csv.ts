// The supplier list as a CSV file (decision 070): the list's filters, every row, through the kit's CSV writer
// (common/csv.ts: formula guard, UTF-8 byte order mark), named by the company's day.
import { csvFile } from '#common/csv.ts';
import { AppError } from '#common/errors.ts';
import type { TSupplierFilter } from '#common/schemas/suppliers.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyToday } from '../companies/company-clock.ts';
import { supplierList } from './suppliers.service.ts';

/** What one export may hold: far more suppliers than a small manufacturer has. */
export const SUPPLIERS_CSV_MAX_ROWS = 20_000;
const COLUMNS = ['Code', 'Name', 'Contact', 'Email', 'Active'];

/** GET /api/v1/suppliers/export.csv */
export async function exportSuppliersCsv(
  tenant: TTenant,
  filter: TSupplierFilter,
): Promise<{ fileName: string; csv: string }> {
  const { found, day } = await tenant.run(async (tx) => ({
    day: await companyToday(tx, tenant.companyId),
    found: await supplierList.page(tx, tenant.companyId, {
      ...filter,
      page: 1,
      pageSize: SUPPLIERS_CSV_MAX_ROWS + 1,
    }),
  }));
  if (found.rows.length > SUPPLIERS_CSV_MAX_ROWS)
    throw new AppError(
      'BAD_REQUEST',
      `More than ${SUPPLIERS_CSV_MAX_ROWS.toLocaleString('en-US')} suppliers match: an export holds at most that ` +
        'many. Narrow the search and export again.',
    );
  const csv = csvFile(
    COLUMNS,
    found.rows.map((s) => [s.code, s.name, s.contact, s.email, s.active ? 'yes' : 'no']),
  );
  return { fileName: `suppliers-${day}.csv`, csv };
}
