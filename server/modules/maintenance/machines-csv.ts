// The machine list as a CSV file (decision 055): the list's filters, every row, through the kit's CSV writer
// (common/csv.ts: formula guard, UTF-8 byte order mark), named by the company's day.
import { csvFile } from '#common/csv.ts';
import { AppError } from '#common/errors.ts';
import type { TMachineFilter } from '#common/schemas/machines.ts';
import { statusStyle } from '#common/statuses.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyToday } from '../companies/company-clock.ts';
import * as repo from './machines.repo.ts';
import { summaryOf } from './machines.service.ts';

/** What one export may hold: far more machines than a small manufacturer has. */
export const MACHINES_CSV_MAX_ROWS = 20_000;
const COLUMNS = [
  'Name',
  'Asset tag',
  'Status',
  'Location',
  'Make',
  'Model',
  'Serial number',
  'Commissioning date',
  'Meter (hours)',
  'Meter read at',
];

/** GET /api/v1/machines/export.csv */
export async function exportMachinesCsv(
  tenant: TTenant,
  filter: TMachineFilter,
): Promise<{ fileName: string; csv: string }> {
  const { found, day } = await tenant.run(async (tx) => ({
    day: await companyToday(tx, tenant.companyId),
    found: await repo.listMachines(tx, tenant.companyId, filter, {
      limit: MACHINES_CSV_MAX_ROWS + 1,
      offset: 0,
    }),
  }));
  if (found.rows.length > MACHINES_CSV_MAX_ROWS)
    throw new AppError(
      'BAD_REQUEST',
      `More than ${MACHINES_CSV_MAX_ROWS.toLocaleString('en-US')} machines match: an export holds at most that ` +
        'many. Narrow the search or status and export again.',
    );
  const csv = csvFile(
    COLUMNS,
    found.rows
      .map(summaryOf)
      .map((m) => [
        m.name,
        m.assetTag,
        statusStyle('machine', m.status).label,
        m.location ? m.location.code : '',
        m.make,
        m.model,
        m.serial,
        m.commissionedOn ?? '',
        m.meterReading,
        m.meterReadAt ?? '',
      ]),
  );
  return { fileName: `machines-${day}.csv`, csv };
}
