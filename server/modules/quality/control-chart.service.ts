// One measured check's control chart on the Quality dashboard (decision 074): its readings in the period grouped by
// inspection; an X̄–R chart when inspections read it 2 to 10 times (the subgroup is one inspection's readings), an
// individuals and moving range chart when once (or more than 10 times: each reading its own point); the Western
// Electric rules each point breaks, by name; Cp/Cpk (σ within, from the chart) and Pp/Ppk (σ overall) against the
// check's limits. The formulas are common/quality's; this chooses the chart and shapes the answer.
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { capability } from '#common/quality/capability.ts';
import { individualsChart, xbarRChart } from '#common/quality/control-charts.ts';
import { WESTERN_ELECTRIC_RULE_NAMES, westernElectric } from '#common/quality/western-electric.ts';
import {
  CONTROL_CHART_MAX_POINTS,
  QUALITY_DASHBOARD_MESSAGES,
  type TControlChart,
  type TControlChartQuery,
} from '#common/schemas/quality-dashboard.ts';
import type { TDb } from '../../db/client.ts';
import type { TTenant } from '../../db/tenant.ts';
import * as repo from './control-chart.repo.ts';
import { periodScope } from './dashboard.service.ts';

/** A limit as people write it: 49, not the column's 49.000000. */
const plain = (value: string | null) => (value === null ? null : normalizeDecimal(value));

/** QI-000001, as the inspections' screens write it. */
const inspectionLabel = (n: number) => `QI-${String(n).padStart(6, '0')}`;

/** The size most subgroups have: the chart's (an unfinished inspection or another version's count is left out). */
function commonSize(groups: readonly (readonly string[])[]): number | null {
  const counts = new Map<number, number>();
  for (const g of groups) counts.set(g.length, (counts.get(g.length) ?? 0) + 1);
  let best: number | null = null;
  for (const [size, n] of counts)
    if (best === null || n > counts.get(best)! || (n === counts.get(best) && size < best)) best = size;
  return best;
}

/** Names of the rules each value breaks; σ is the chart's (a third of the distance from centre to limit). */
function rulesOf(values: number[], limits: { centre: number; upper: number } | null): string[][] {
  if (!limits) return values.map(() => []);
  const checked = westernElectric(values, limits.centre, (limits.upper - limits.centre) / 3);
  return checked.points.map((p) => p.rules.map((rule) => WESTERN_ELECTRIC_RULE_NAMES[rule]));
}

/** The chart of `query`, in the caller's tenant transaction. */
export async function readControlChart(
  tx: TDb,
  tenant: TTenant,
  query: TControlChartQuery,
): Promise<TControlChart> {
  const check = await repo.findMeasuredCheck(tx, tenant.companyId, query.checkId);
  if (!check) {
    const message = QUALITY_DASHBOARD_MESSAGES.checkNotFound;
    throw new AppError('NOT_FOUND', message, { checkId: message });
  }
  const scope = await periodScope(tx, tenant, query);
  const groups = await repo.subgroupsOf(tx, { ...scope, checkId: check.id, limit: CONTROL_CHART_MAX_POINTS });
  const size = commonSize(groups.map((g) => g.readings));
  const base = {
    timeZone: scope.timeZone,
    check: {
      id: check.id,
      name: check.name,
      unit: check.unit,
      nominal: plain(check.nominal),
      lowerLimit: plain(check.lower_limit),
      upperLimit: plain(check.upper_limit),
    },
    subgroups: groups[0]?.total ?? 0,
  };
  const specLimits = { lower: plain(check.lower_limit), upper: plain(check.upper_limit) };

  if (size !== null && size >= 2 && size <= 10) {
    const chart = xbarRChart(
      groups.map((g) => g.readings),
      size,
    );
    const kept = groups.filter((g) => g.readings.length === size);
    const rules = rulesOf(
      chart.points.map((p) => p.mean),
      chart.xbar,
    );
    return {
      ...base,
      kind: 'xbar-r',
      subgroupSize: size,
      points: kept.map((g, i) => ({
        inspectionId: g.inspection_id,
        inspectionNumber: inspectionLabel(g.number),
        at: g.at,
        value: chart.points[i]!.mean,
        range: chart.points[i]!.range,
        rules: rules[i]!,
      })),
      centre: chart.xbar,
      rangeLimits: chart.range,
      leftOut: chart.leftOut,
      noLimits: chart.noLimits,
      capability: capability(
        kept.flatMap((g) => g.readings),
        specLimits,
        chart.sigmaWithin,
      ),
    };
  }

  // One reading per inspection, or more than a subgroup may hold: each reading is a point of its own, in order.
  const readings = groups.flatMap((g) => g.readings.map((value) => ({ g, value })));
  const shown = readings.slice(-CONTROL_CHART_MAX_POINTS);
  const chart = individualsChart(shown.map((r) => r.value));
  const rules = rulesOf(
    chart.points.map((p) => p.value),
    chart.individuals,
  );
  return {
    ...base,
    kind: 'i-mr',
    subgroupSize: size === null ? null : 1,
    points: shown.map((r, i) => ({
      inspectionId: r.g.inspection_id,
      inspectionNumber: inspectionLabel(r.g.number),
      at: r.g.at,
      value: chart.points[i]!.value,
      range: chart.points[i]!.movingRange,
      rules: rules[i]!,
    })),
    centre: chart.individuals,
    rangeLimits: chart.movingRange,
    leftOut: 0,
    noLimits: chart.noLimits,
    capability: capability(
      shown.map((r) => r.value),
      specLimits,
      chart.sigmaWithin,
    ),
  };
}

/** GET /api/v1/quality/dashboard/control-chart. */
export async function controlChart(tenant: TTenant, query: TControlChartQuery) {
  return tenant.run((tx) => readControlChart(tx, tenant, query));
}
