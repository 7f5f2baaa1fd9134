// The Quality dashboard's tables as CSV files (decision 074): each table's header and cells come from
// common/quality/dashboard-tables.ts, which the screen writes its tables with, so the file says what the screen says;
// written through the kit's CSV writer (common/csv.ts) and named by the table, the period and the company's day.
import { csvFile } from '#common/csv.ts';
import { controlChartTable, dashboardTable } from '#common/quality/dashboard-tables.ts';
import type { TControlChartQuery, TQualityCsvQuery } from '#common/schemas/quality-dashboard.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyToday } from '../companies/company-clock.ts';
import { readControlChart } from './control-chart.service.ts';
import { readDashboard } from './dashboard.service.ts';

/** GET /api/v1/quality/dashboard/export.csv?table=… */
export async function exportDashboardCsv(tenant: TTenant, query: TQualityCsvQuery) {
  const { table, ...filter } = query;
  const { dashboard, day } = await tenant.run(async (tx) => ({
    day: await companyToday(tx, tenant.companyId),
    dashboard: await readDashboard(tx, tenant, filter),
  }));
  const text = dashboardTable(dashboard, table);
  return {
    fileName: `quality-${table}-${filter.from}-to-${filter.to}-${day}.csv`,
    csv: csvFile(text.header, text.rows),
  };
}

/** GET /api/v1/quality/dashboard/control-chart/export.csv */
export async function exportControlChartCsv(tenant: TTenant, query: TControlChartQuery) {
  const { chart, day } = await tenant.run(async (tx) => ({
    day: await companyToday(tx, tenant.companyId),
    chart: await readControlChart(tx, tenant, query),
  }));
  const text = controlChartTable(chart);
  return {
    fileName: `quality-control-chart-${query.from}-to-${query.to}-${day}.csv`,
    csv: csvFile(text.header, text.rows),
  };
}
