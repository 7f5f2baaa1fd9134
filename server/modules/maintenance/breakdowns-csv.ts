// The breakdown list as a CSV file (decision 057): the list's filters, every row, through the kit's CSV writer
// (common/csv.ts: formula guard, UTF-8 byte order mark), named by the company's day on the app clock.
import { csvFile } from '#common/csv.ts';
import { AppError } from '#common/errors.ts';
import { BREAKDOWN_MESSAGES as M, type TBreakdownFilter } from '#common/schemas/breakdowns.ts';
import { statusStyle } from '#common/statuses.ts';
import { todayIn } from '#common/time/calendar.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import * as repo from './breakdowns.repo.ts';
import { summaryOf } from './breakdowns-view.ts';
import * as machinesRepo from './machines.repo.ts';

/** What one export may hold: years of a small shop's breakdowns. */
export const BREAKDOWNS_CSV_MAX_ROWS = 20_000;
const COLUMNS = [
  'Number',
  'Machine',
  'Asset tag',
  'Problem',
  'Priority',
  'Status',
  'Reported at',
  'Reported by',
  'Started at',
  'Resolved at',
  'Resolved by',
  'Downtime (minutes)',
  'Repair time (minutes)',
  'Cause',
  'Action taken',
];

/** GET /api/v1/breakdowns/export.csv */
export async function exportBreakdownsCsv(
  tenant: TTenant,
  filter: TBreakdownFilter,
  now: Date,
): Promise<{ fileName: string; csv: string }> {
  const { found, day } = await tenant.run(async (tx) => {
    if (filter.machineId && !(await machinesRepo.findMachine(tx, tenant.companyId, filter.machineId))) {
      throw new AppError('NOT_FOUND', M.machineNotFound, { machineId: M.machineNotFound });
    }
    return {
      day: todayIn(await companyTimeZone(tx, tenant.companyId), now),
      found: await repo.listBreakdowns(tx, tenant.companyId, filter, {
        limit: BREAKDOWNS_CSV_MAX_ROWS + 1,
        offset: 0,
      }),
    };
  });
  if (found.rows.length > BREAKDOWNS_CSV_MAX_ROWS)
    throw new AppError(
      'BAD_REQUEST',
      `More than ${BREAKDOWNS_CSV_MAX_ROWS.toLocaleString('en-US')} breakdowns match: an export holds at most that ` +
        'many. Narrow the search, machine, status or priority and export again.',
    );
  const csv = csvFile(
    COLUMNS,
    found.rows.map((row) => {
      const b = summaryOf(row);
      return [
        b.number,
        b.machine.name,
        b.machine.assetTag,
        b.problem,
        statusStyle('breakdownPriority', b.priority).label,
        statusStyle('breakdown', b.status).label,
        b.reportedAt,
        b.reportedBy,
        b.startedAt ?? '',
        b.resolvedAt ?? '',
        b.resolvedBy ?? '',
        b.downtimeMinutes ?? '',
        b.repairMinutes ?? '',
        row.breakdown.cause,
        row.breakdown.action,
      ];
    }),
  );
  return { fileName: `breakdowns-${day}.csv`, csv };
}
