// The production report as a CSV file (decision 052): what the screen shows, every row of it — one row per period for
// all assemblies (the chart's table), one per assembly for the whole period (the table, every page), and the totals —
// written with the same texts the API sends, through the kit's CSV writer (common/csv.ts), named by the company's day.
import { csvFile, type TCsvValue } from '#common/csv.ts';
import { AppError } from '#common/errors.ts';
import type { TProductionFigures, TProductionReportFilter } from '#common/schemas/production-report.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyToday } from '../companies/company-clock.ts';
import { readProductionReport } from './production-report.service.ts';

/** What one export may hold: more assemblies than a small manufacturer builds in ten years. */
export const PRODUCTION_CSV_MAX_ASSEMBLIES = 20_000;
/** The part number column of a row over every assembly. */
export const ALL_ASSEMBLIES = 'All assemblies';

export const PRODUCTION_CSV_COLUMNS = [
  'From',
  'To',
  'Part number',
  'Name',
  'Unit',
  'Completed',
  'On time',
  'Late',
  'No due date',
  'On time %',
  'Good',
  'Scrap',
  'Scrap %',
  'Actual min/unit',
  'Standard min/unit',
  'Planned material',
  'Actual material',
  'Material variance',
  'Material variance %',
] as const;

const figureCells = (f: TProductionFigures): TCsvValue[] => [
  f.completed,
  f.onTime,
  f.late,
  f.noDueDate,
  f.onTimePercent ?? '',
  f.goodQuantity,
  f.scrapQuantity,
  f.scrapPercent ?? '',
  f.actualMinutesPerUnit ?? '',
  f.standardMinutesPerUnit ?? '',
  f.plannedMaterialCost,
  f.actualMaterialCost,
  f.materialVariance,
  f.materialVariancePercent ?? '',
];

/** GET /api/v1/production-report/export.csv */
export async function exportProductionReportCsv(
  tenant: TTenant,
  filter: TProductionReportFilter,
): Promise<{ fileName: string; csv: string }> {
  const { report, day } = await tenant.run(async (tx) => ({
    day: await companyToday(tx, tenant.companyId),
    report: await readProductionReport(tx, tenant, filter, {
      limit: PRODUCTION_CSV_MAX_ASSEMBLIES + 1,
      offset: 0,
    }),
  }));
  if (report.assemblies.length > PRODUCTION_CSV_MAX_ASSEMBLIES)
    throw new AppError(
      'BAD_REQUEST',
      `More than ${PRODUCTION_CSV_MAX_ASSEMBLIES.toLocaleString('en-US')} assemblies were built in this period: an ` +
        'export holds at most that many. Choose a shorter period or one assembly and export again.',
    );
  const rows: TCsvValue[][] = [
    ...report.periods.map((p) => [p.start, p.end, ALL_ASSEMBLIES, '', '', ...figureCells(p)]),
    ...report.assemblies.map((a) => [
      filter.from,
      filter.to,
      a.partNumber,
      a.name,
      a.unitOfMeasure,
      ...figureCells(a),
    ]),
    [filter.from, filter.to, ALL_ASSEMBLIES, '', '', ...figureCells(report.totals)],
  ];
  return {
    fileName: `production-report-${filter.from}-to-${filter.to}-${day}.csv`,
    csv: csvFile(PRODUCTION_CSV_COLUMNS, rows),
  };
}
