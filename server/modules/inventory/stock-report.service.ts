// The stock balance report: opening, received, issued and closing quantity per item for a period, from the ledger
// alone and the snapshots of its sums (decision 095; the balances table is not consulted: the report is also a check
// that the two agree). Dates are whole days
// on the company's clock (decision 040): "to 2026-11-30" includes everything posted on the 30th in its time zone.
import { normalizeDecimal } from '#common/decimal.ts';
import { AppError } from '#common/errors.ts';
import { LOCATION_MESSAGES } from '#common/schemas/inventory-setup.ts';
import type { TStockReport, TStockReportQuery } from '#common/schemas/stock-report.ts';
import { dayRangeIn } from '#common/time/calendar.ts';
import type { TTenant } from '../../db/tenant.ts';
import { companyTimeZone } from '../companies/company-clock.ts';
import * as locationsRepo from './locations.repo.ts';
import * as repo from './stock-report.repo.ts';
import { snapshotsFor } from './stock-snapshots.ts';

export async function stockBalanceReport(tenant: TTenant, query: TStockReportQuery): Promise<TStockReport> {
  return tenant.run(async (tx) => {
    let locationPath: string | null = null;
    if (query.locationId) {
      const location = await locationsRepo.findLocation(tx, tenant.companyId, query.locationId);
      if (!location) {
        throw new AppError('BAD_REQUEST', LOCATION_MESSAGES.notFound, {
          locationId: LOCATION_MESSAGES.notFound,
        });
      }
      locationPath = location.path;
    }
    const timeZone = await companyTimeZone(tx, tenant.companyId);
    const from = new Date(dayRangeIn(query.from, timeZone).from);
    const until = new Date(dayRangeIn(query.to, timeZone).to);
    // Under a location the report passes over the ledger: snapshots are per item, not per place (decision 095).
    const snapshots = locationPath ? null : await snapshotsFor(tx, tenant.companyId, { from, until });
    const report = await repo.balanceReport(tx, {
      companyId: tenant.companyId,
      from,
      until,
      snapshots,
      category: query.category,
      locationPath,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      from: query.from,
      to: query.to,
      totals: {
        openingValue: normalizeDecimal(report.openingValueTotal, 4),
        closingValue: normalizeDecimal(report.closingValueTotal, 4),
        itemsWithMovement: report.total,
      },
      items: report.rows.map((r) => ({
        itemId: r.item_id,
        partNumber: r.part_number,
        name: r.name,
        category: r.category,
        unitOfMeasure: r.unit_of_measure,
        opening: normalizeDecimal(r.opening),
        received: normalizeDecimal(r.received),
        issued: normalizeDecimal(r.issued),
        closing: normalizeDecimal(r.closing),
        closingValue: normalizeDecimal(r.closing_value, 4),
      })),
      total: report.total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}
