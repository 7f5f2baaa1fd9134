// The Quality dashboard (decision 074): the sums of dashboard.repo.ts turned into the figures of common/quality —
// first pass yield, DPU, DPMO, the defect Pareto with its vital few, rolled throughput yield over the chosen item's
// steps — each with its numerator and denominator and null where nothing was inspected. The period is the company's
// days: its zone turns the first and last day into instants and gives each inspection its day (decision 040).
import { AppError } from '#common/errors.ts';
import { defectPareto } from '#common/quality/pareto.ts';
import {
  defectsPerMillionOpportunities,
  defectsPerUnit,
  firstPassYield,
  rolledThroughputYield,
} from '#common/quality/yield.ts';
import {
  NO_DEFECT_CODE,
  QUALITY_DASHBOARD_MESSAGES,
  QUALITY_TABLE_ROWS,
  type TQualityDashboard,
  type TQualityDashboardQuery,
  type TYield,
} from '#common/schemas/quality-dashboard.ts';
import { dayRangeIn } from '#common/time/calendar.ts';
import { periodsOf } from '#common/time/report-periods.ts';
import type { TDb } from '../../db/client.ts';
import { tuneForReport } from '../../db/report-settings.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import { findItem } from '../inventory/items.repo.ts';
import { characteristicsWithData } from './control-chart.repo.ts';
import * as repo from './dashboard.repo.ts';

/** The yield figures of a row of sums. */
export function yieldOf(
  row: Pick<repo.TYieldRow, 'inspections' | 'units' | 'passed' | 'defects' | 'opportunities'>,
): TYield {
  const opportunities = Number(row.opportunities);
  return {
    inspections: row.inspections,
    fpy: firstPassYield(row.passed, row.units),
    dpu: defectsPerUnit(row.defects, row.units),
    // The opportunities in all are summed per inspection (units × its version's checks × readings), so versions with
    // different checks add up rightly; the figure is defects × 10⁶ ÷ that sum.
    dpmo: defectsPerMillionOpportunities(row.defects, opportunities, 1),
  };
}

const NONE = { inspections: 0, units: 0, passed: 0, defects: 0, opportunities: '0' };

/** Worst first (lowest first pass yield, then most units), so the table's 50 rows are the ones to look at. */
function byWorst<T extends TYield>(rows: T[], name: (row: T) => string): T[] {
  return rows
    .sort(
      (a, b) =>
        (a.fpy.value ?? 2) - (b.fpy.value ?? 2) ||
        b.fpy.denominator - a.fpy.denominator ||
        name(a).localeCompare(name(b), 'en'),
    )
    .slice(0, QUALITY_TABLE_ROWS);
}

/** Instants of the period's first and last day, and the company's zone. */
export async function periodScope(
  tx: TDb,
  tenant: TTenant,
  filter: { from: string; to: string; itemId?: string | undefined },
) {
  if (filter.itemId && !(await findItem(tx, tenant.companyId, filter.itemId))) {
    const message = QUALITY_DASHBOARD_MESSAGES.itemNotFound;
    throw new AppError('NOT_FOUND', message, { itemId: message });
  }
  const timeZone = await companyTimeZone(tx, tenant.companyId);
  return {
    companyId: tenant.companyId,
    timeZone,
    from: new Date(dayRangeIn(filter.from, timeZone).from),
    until: new Date(dayRangeIn(filter.to, timeZone).to),
    firstDay: filter.from,
    lastDay: filter.to,
    itemId: filter.itemId,
  };
}

/** The whole dashboard of `query`, in the caller's tenant transaction. */
export async function readDashboard(
  tx: TDb,
  tenant: TTenant,
  query: TQualityDashboardQuery,
): Promise<TQualityDashboard> {
  const base = await periodScope(tx, tenant, query);
  const scope: repo.TDashboardScope = { ...base, granularity: query.granularity };
  await tuneForReport(tx);
  const sums = await repo.yieldSums(tx, scope);
  const scrap = await repo.scrapSums(tx, scope);
  const of = (kind: repo.TYieldRow['kind']) => sums.filter((r) => r.kind === kind);
  const scrapBy = (key: (r: repo.TScrapRow) => string | null) => {
    const map = new Map<string | null, number>();
    for (const r of scrap) map.set(key(r), (map.get(key(r)) ?? 0) + r.units);
    return map;
  };
  const scrapByCode = scrapBy((r) => r.defect_code_id);
  const scrapByPeriod = scrapBy((r) => r.period);
  const scrapByMachine = scrapBy((r) => r.machine_id);
  const failsByCode = new Map(of('code').map((r) => [r.key, r.defects]));
  const codeIds = [...new Set([...failsByCode.keys(), ...scrapByCode.keys()])];
  const names = await repo.namesOf(tx, tenant.companyId, {
    items: of('item').map((r) => r.key!),
    steps: of('step').map((r) => r.key!),
    machines: [
      ...new Set([
        ...of('machine').map((r) => r.key!),
        ...[...scrapByMachine.keys()].filter((k) => k !== null),
      ]),
    ],
    codes: codeIds.filter((k): k is string => k !== null),
  });
  const nameOf = (rows: repo.TNamedRow[]) => new Map(rows.map((r) => [r.id, r]));
  const codes = nameOf(names.codes);

  const pareto = defectPareto(
    codeIds.map((id) => ({
      code: id === null ? NO_DEFECT_CODE : (codes.get(id)?.code ?? NO_DEFECT_CODE),
      count: (failsByCode.get(id) ?? 0) + (scrapByCode.get(id) ?? 0),
    })),
  );
  const barInfo = new Map(
    codeIds.map((id) => [
      id === null ? NO_DEFECT_CODE : (codes.get(id)?.code ?? NO_DEFECT_CODE),
      {
        id,
        name: id === null ? 'Scrap recorded without a code' : (codes.get(id)?.name ?? ''),
        fails: failsByCode.get(id) ?? 0,
      },
    ]),
  );

  const total = of('total')[0] ?? { kind: 'total' as const, key: null, ...NONE };
  const totalScrap = scrap.reduce((sum, r) => sum + r.units, 0);
  const periodRows = new Map(of('period').map((r) => [r.key, r]));
  const items = nameOf(names.items);
  const steps = nameOf(names.steps);
  const machines = nameOf(names.machines);
  const machineRows = new Map(of('machine').map((r) => [r.key!, r]));
  for (const id of scrapByMachine.keys())
    if (id !== null && !machineRows.has(id)) machineRows.set(id, { kind: 'machine', key: id, ...NONE });

  const stepRows = of('step').flatMap((r) => {
    const step = steps.get(r.key!);
    if (!step) return [];
    return [
      {
        stepId: r.key!,
        title: step.name,
        position: step.position ?? 0,
        itemId: step.item_id!,
        partNumber: step.code,
        ...yieldOf(r),
      },
    ];
  });
  // RTY over the chosen item's steps in their order (each step's first pass yield multiplied).
  const routeSteps = query.itemId
    ? stepRows
        .filter((s) => s.itemId === query.itemId)
        .sort((a, b) => a.position - b.position || a.title.localeCompare(b.title, 'en'))
    : [];
  const rolled = rolledThroughputYield(
    routeSteps.map((s) => ({ passedFirstTime: s.fpy.numerator, inspected: s.fpy.denominator })),
  );

  return {
    from: query.from,
    to: query.to,
    granularity: query.granularity,
    itemId: query.itemId ?? null,
    timeZone: base.timeZone,
    totals: { ...yieldOf(total), defects: total.defects + totalScrap },
    pareto: {
      threshold: pareto.threshold,
      total: pareto.total,
      bars: pareto.bars.map((bar) => {
        const info = barInfo.get(bar.code)!;
        return { ...bar, name: info.name, defectCodeId: info.id, fromInspections: info.fails };
      }),
    },
    periods: periodsOf(query.from, query.to, query.granularity).map((p) => {
      const row = periodRows.get(p.key) ?? { kind: 'period' as const, key: p.key, ...NONE };
      return {
        start: p.start,
        end: p.end,
        ...yieldOf(row),
        defects: row.defects + (scrapByPeriod.get(p.key) ?? 0),
      };
    }),
    items: byWorst(
      of('item').flatMap((r) => {
        const item = items.get(r.key!);
        return item ? [{ itemId: r.key!, partNumber: item.code, name: item.name, ...yieldOf(r) }] : [];
      }),
      (r) => r.partNumber,
    ),
    steps: byWorst(stepRows, (r) => `${r.partNumber} ${r.title}`),
    machines: byWorst(
      [...machineRows.values()].flatMap((r) => {
        const machine = machines.get(r.key!);
        if (!machine) return [];
        const defects = r.defects + (scrapByMachine.get(r.key) ?? 0);
        return [{ machineId: r.key!, name: machine.name, assetTag: machine.code, ...yieldOf(r), defects }];
      }),
      (r) => r.name,
    ),
    rty: query.itemId
      ? {
          steps: routeSteps.map((s) => ({
            stepId: s.stepId,
            title: s.title,
            position: s.position,
            fpy: s.fpy,
          })),
          numerator: rolled.numerator,
          denominator: rolled.denominator,
          value: rolled.value,
          exact: rolled.exact,
        }
      : null,
    characteristics: (await characteristicsWithData(tx, base)).map((c) => ({
      checkId: c.check_id,
      name: c.name,
      unit: c.unit,
      partNumber: c.part_number,
      planName: c.plan_name,
      versionNumber: c.version_number,
      readings: c.readings,
    })),
  };
}

/** GET /api/v1/quality/dashboard. */
export async function qualityDashboard(tenant: TTenant, query: TQualityDashboardQuery) {
  return tenant.run((tx) => readDashboard(tx, tenant, query));
}
