// The production report (decision 052): the company's work orders completed in a period of its days, summed in
// total, per day or ISO week, per assembly (a page of them) and scrap per reason; with decision 064, their material
// cost planned at release against the ledger cost of what they consumed. The period's days are the
// company's (decision 040): its zone turns the first and last day into instants and gives each completion its day.
import { compareDecimal, normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import type {
  TProductionFigures,
  TProductionPeriod,
  TProductionReport,
  TProductionReportFilter,
  TProductionReportQuery,
} from '#common/schemas/production-report.ts';
import { PRODUCTION_REPORT_MESSAGES } from '#common/schemas/production-report.ts';
import { dayRangeIn } from '#common/time/calendar.ts';
import { periodsOf } from '#common/time/report-periods.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import { findAssembly } from './assemblies.repo.ts';
import * as repo from './production-report.repo.ts';

/** The figures of a group as the contract writes them. */
export function figuresOf(row: repo.TFiguresRow): TProductionFigures {
  return {
    completed: row.completed,
    onTime: row.on_time,
    late: row.late,
    noDueDate: row.no_due_date,
    onTimePercent: row.on_time_percent,
    goodQuantity: normalizeDecimal(row.good_quantity),
    scrapQuantity: normalizeDecimal(row.scrap_quantity),
    scrapPercent: row.scrap_percent,
    actualMinutesPerUnit: row.actual_minutes_per_unit,
    standardMinutesPerUnit: row.standard_minutes_per_unit,
    plannedMaterialCost: normalizeDecimal(row.planned_material_cost, 4),
    actualMaterialCost: normalizeDecimal(row.actual_material_cost, 4),
    materialVariance: normalizeDecimal(row.material_variance, 4),
    materialVariancePercent: row.material_variance_percent,
  };
}

const NOTHING: TProductionFigures = {
  completed: 0,
  onTime: 0,
  late: 0,
  noDueDate: 0,
  onTimePercent: null,
  goodQuantity: '0',
  scrapQuantity: '0',
  scrapPercent: null,
  actualMinutesPerUnit: null,
  standardMinutesPerUnit: null,
  plannedMaterialCost: '0',
  actualMaterialCost: '0',
  materialVariance: '0',
  materialVariancePercent: null,
};

/** The report of `filter`, with `limit` assemblies from `offset`; in the caller's tenant transaction. */
export async function readProductionReport(
  tx: TDb,
  tenant: TTenant,
  filter: TProductionReportFilter,
  page: { limit: number; offset: number },
) {
  if (filter.assemblyId && !(await findAssembly(tx, tenant.companyId, filter.assemblyId))) {
    const message = PRODUCTION_REPORT_MESSAGES.assemblyNotFound;
    throw new AppError('BAD_REQUEST', message, { assemblyId: message });
  }
  const timeZone = await companyTimeZone(tx, tenant.companyId);
  const sums = await repo.productionSums(tx, {
    companyId: tenant.companyId,
    timeZone,
    from: new Date(dayRangeIn(filter.from, timeZone).from),
    until: new Date(dayRangeIn(filter.to, timeZone).to),
    granularity: filter.granularity,
    assemblyId: filter.assemblyId,
    ...page,
  });
  const byKey = new Map(sums.periods.map((p) => [p.period, figuresOf(p)]));
  const periods: TProductionPeriod[] = periodsOf(filter.from, filter.to, filter.granularity).map((p) => ({
    start: p.start,
    end: p.end,
    ...(byKey.get(p.key) ?? NOTHING),
  }));
  return {
    timeZone,
    totals: figuresOf(sums.totals),
    periods,
    assemblies: sums.assemblies.map((a) => ({
      assemblyId: a.assembly_id,
      partNumber: a.part_number,
      name: a.name,
      unitOfMeasure: a.unit_of_measure,
      ...figuresOf(a),
    })),
    assemblyCount: sums.assemblyCount,
    scrapReasons: sums.scrapReasons
      .map((r) => ({ reason: r.reason, quantity: normalizeDecimal(r.quantity) }))
      .sort((a, b) => compareDecimal(b.quantity, a.quantity) || a.reason.localeCompare(b.reason, 'en')),
  };
}

/** GET /api/v1/production-report: the report with one page of its assemblies. */
export async function productionReport(
  tenant: TTenant,
  query: TProductionReportQuery,
): Promise<TProductionReport> {
  return tenant.run(async (tx) => {
    const report = await readProductionReport(tx, tenant, query, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      from: query.from,
      to: query.to,
      granularity: query.granularity,
      assemblyId: query.assemblyId ?? null,
      timeZone: report.timeZone,
      totals: report.totals,
      periods: report.periods,
      scrapReasons: report.scrapReasons,
      items: report.assemblies,
      total: report.assemblyCount,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}
