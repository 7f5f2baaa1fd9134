// The demo shop's Quality history (decision 068, issue 30): QC Setup's plans (demo-quality-plans.ts), weeks of
// inspected deliveries (demo-quality-inspections.ts), their nonconformances settled as a shop settles them and a
// harness built to the revision whose continuity test is inspected (demo-quality-ncs.ts), and this week's heat held
// for its open inspection — so the Quality dashboard has a Pareto, a first-pass-yield trend and a control chart, QC
// Setup lists plans and the Nonconformances tab has every status.
import { and, eq, inArray } from 'drizzle-orm';
import { items } from '../../modules/inventory/inventory.tables.ts';
import { defectCodeList } from '../../modules/quality/defect-codes.service.ts';
import { suppliers } from '../../modules/suppliers/suppliers.tables.ts';
import type { TTenant } from '../tenant.ts';
import { receiveTodaysHeat, type TQualityShop, writeReceiptInspections } from './demo-quality-inspections.ts';
import {
  DEMO_FAILURES,
  openFloorNonconformance,
  runInspectedHarness,
  settleFailures,
} from './demo-quality-ncs.ts';
import { DEMO_PLAN_ITEMS, seedDemoPlans } from './demo-quality-plans.ts';
import type { TDemoCalendar } from './demo-time.ts';
import { seededRandom } from './random.ts';

/** What the Quality history made. */
export interface TQualityHistoryReport {
  plans: number;
  /** Inspections finished (receipts over the weeks, and the harness's step). */
  inspections: number;
  failed: number;
  /** Nonconformances opened (by failures and by hand). */
  nonconformances: number;
  /** This week's heat, held for its open inspection. */
  openInspectionId: string;
}

/**
 * Plans, `weeks` weeks of inspected deliveries and their nonconformances, a step inspection and an open one — unless
 * the company has inspection plans already (a second run) or lacks the demo's items or suppliers.
 */
export async function seedDemoQualityHistory(
  actors: { admin: TTenant; operator: TTenant },
  calendar: TDemoCalendar,
  weeks: number,
): Promise<TQualityHistoryReport | null> {
  const { admin } = actors;
  const where = await placesOf(admin);
  if (!where) return null;
  const plans = await seedDemoPlans(admin);
  if (!plans) return null;
  const codes = await defectCodeList.list(admin, { page: 1, pageSize: 100, q: '', active: 'active' });
  const shop: TQualityShop = {
    ...actors,
    calendar,
    random: seededRandom(20261201),
    plans,
    ...where,
    codes: new Map(codes.items.map((c) => [c.code, c.id])),
  };
  const failures = DEMO_FAILURES.filter((f) => f.weeksAgo <= weeks);
  const deliveries = await writeReceiptInspections(shop, weeks, failures);
  await settleFailures(shop, deliveries);
  await openFloorNonconformance(shop);
  await runInspectedHarness(shop);
  const open = await receiveTodaysHeat(shop);
  const failed = deliveries.filter((d) => d.inspection.status === 'failed').length;
  return {
    plans: 3,
    inspections: deliveries.length + 1,
    failed,
    nonconformances: failed + 1,
    openInspectionId: open.inspectionId,
  };
}

/** The suppliers of the bar and the O-rings (decision 075's NORMET and SEALTEC) and where each item is kept. */
async function placesOf(admin: TTenant): Promise<Pick<TQualityShop, 'bar' | 'oring'> | null> {
  const { companyId } = admin;
  return admin.run(async (tx) => {
    const found = await tx
      .select({ part: items.partNumber, locationId: items.defaultLocationId })
      .from(items)
      .where(
        and(
          eq(items.companyId, companyId),
          inArray(items.partNumber, [DEMO_PLAN_ITEMS.bar, DEMO_PLAN_ITEMS.oring]),
        ),
      );
    const vendors = await tx
      .select({ code: suppliers.code, id: suppliers.id })
      .from(suppliers)
      .where(and(eq(suppliers.companyId, companyId), inArray(suppliers.code, ['NORMET', 'SEALTEC'])));
    const home = (part: string) => found.find((i) => i.part === part)?.locationId;
    const vendor = (code: string) => vendors.find((v) => v.code === code)?.id;
    const bar = { supplierId: vendor('NORMET'), locationId: home(DEMO_PLAN_ITEMS.bar) };
    const oring = { supplierId: vendor('SEALTEC'), locationId: home(DEMO_PLAN_ITEMS.oring) };
    if (!bar.supplierId || !bar.locationId || !oring.supplierId || !oring.locationId) return null;
    return {
      bar: { supplierId: bar.supplierId, locationId: bar.locationId },
      oring: { supplierId: oring.supplierId, locationId: oring.locationId },
    };
  });
}
