// The maintenance logs as a CSV file: the entries of the screen's filters, every row, through the kit's CSV writer
// (common/csv.ts: formula guard, UTF-8 byte order mark), named by the company's day.
import { csvFile } from '#common/csv.ts';
import { AppError } from '#common/errors.ts';
import type { TMaintenanceLogFilter } from '#common/schemas/maintenance-logs.ts';
import type { TTenant } from '../../db/tenant.ts';
import { logEntriesUpTo } from './logs.service.ts';

/** What one export may hold, as the other lists' exports. */
export const LOGS_CSV_MAX_ROWS = 20_000;
const COLUMNS = [
  'Done on',
  'Kind',
  'Machine',
  'Asset tag',
  'Work',
  'Done by',
  'Minutes',
  'On time',
  'Downtime (minutes)',
  'Cause',
  'Action or notes',
  'Parts issued',
  'Tasks not done',
];

/** GET /api/v1/maintenance/logs/export.csv */
export async function exportLogsCsv(
  tenant: TTenant,
  filter: TMaintenanceLogFilter,
  now: Date,
): Promise<{ fileName: string; csv: string }> {
  const { entries, today } = await logEntriesUpTo(tenant, filter, LOGS_CSV_MAX_ROWS + 1, now);
  if (entries.length > LOGS_CSV_MAX_ROWS)
    throw new AppError(
      'BAD_REQUEST',
      `More than ${LOGS_CSV_MAX_ROWS.toLocaleString('en-US')} entries match: an export holds at most that many. ` +
        'Choose a shorter period or one machine and export again.',
    );
  const csv = csvFile(
    COLUMNS,
    entries.map((e) => [
      e.doneOn,
      e.kind === 'pm' ? 'Preventive' : 'Repair',
      e.machine.name,
      e.machine.assetTag,
      e.title,
      e.doneBy,
      e.minutes === null ? '' : String(e.minutes),
      e.onTime === null ? '' : e.onTime ? 'Yes' : 'No',
      e.downtimeMinutes === null ? '' : String(e.downtimeMinutes),
      e.cause,
      e.action,
      String(e.parts),
      e.skippedTasks.join('; '),
    ]),
  );
  return { fileName: `maintenance-logs-${today}.csv`, csv };
}
