// The demo shop's Quality (decision 075): the suppliers its purchase orders come from (seeded before the inventory
// history, whose PO receipts name them), its defect codes, and a delivery from the mill held with a reason — all
// through the services and the ledger, as the app makes them; then the plans, inspections and nonconformances
// (demo-quality-history.ts), after the defect codes they name and the held lot.
import { and, eq } from 'drizzle-orm';
import type { TDefectSeverity } from '#common/schemas/defect-codes.ts';
import { companyTimeZone } from '../../modules/companies/company-clock.ts';
import { items } from '../../modules/inventory/inventory.tables.ts';
import { postStock } from '../../modules/inventory/stock.service.ts';
import { lots } from '../../modules/inventory/stock.tables.ts';
import { createDefectCode, defectCodeList } from '../../modules/quality/defect-codes.service.ts';
import { holdLot } from '../../modules/quality/holds.service.ts';
import { rebuildQualityDays } from '../../modules/quality/quality-days.repo.ts';
import { createSupplier, supplierList } from '../../modules/suppliers/suppliers.service.ts';
import { suppliers } from '../../modules/suppliers/suppliers.tables.ts';
import type { TTenant } from '../tenant.ts';
import type { TSeededItem } from './demo-item.ts';
import { seedDemoQualityHistory, type TQualityHistoryReport } from './demo-quality-history.ts';
import type { TDemoCalendar } from './demo-time.ts';

/** The shop's suppliers, and the catalogue categories each one sells. */
const SUPPLIERS = [
  {
    code: 'FASTCO',
    name: 'Fastco Industrial Fasteners',
    contact: 'Maria Lopez',
    email: 'orders@fastco.example',
    sells: ['Fasteners'],
  },
  {
    code: 'SEALTEC',
    name: 'Sealtec Seals & Gaskets',
    contact: 'Jon Berg',
    email: 'sales@sealtec.example',
    sells: ['Seals'],
  },
  {
    code: 'BRG-DIRECT',
    name: 'Bearing Direct',
    contact: 'Anika Rao',
    email: 'service@bearingdirect.example',
    sells: ['Bearings'],
  },
  {
    code: 'NORMET',
    name: 'Northern Metals',
    contact: 'Pete Walsh',
    email: 'mill@normet.example',
    sells: ['Raw material'],
  },
  {
    code: 'TOOLHAUS',
    name: 'Toolhaus Cutting Tools',
    contact: 'Lena Vogt',
    email: 'info@toolhaus.example',
    sells: ['Cutting tools', 'Tools and gauges'],
  },
] as const;

/** Defect codes a machine shop's inspection and scrap name: one list, so both land in one Pareto. */
const DEFECT_CODES: readonly { code: string; name: string; category: string; severity: TDefectSeverity }[] = [
  { code: 'DIM-OOT', name: 'Dimension out of tolerance', category: 'Dimensional', severity: 'major' },
  { code: 'THR-DMG', name: 'Damaged thread', category: 'Dimensional', severity: 'major' },
  { code: 'SURF-SCR', name: 'Surface scratch', category: 'Cosmetic', severity: 'minor' },
  { code: 'BURR', name: 'Burr not removed', category: 'Finishing', severity: 'minor' },
  { code: 'CRACK', name: 'Crack or porosity', category: 'Material', severity: 'critical' },
  { code: 'WRONG-PART', name: 'Wrong part or revision', category: 'Process', severity: 'critical' },
];

/** Why the demo's lot is held: a supplier's own warning, the kind of hold that waits for a certificate. */
export const DEMO_HOLD_REASON =
  'Supplier notice: possible mixed hardness in this heat — hold until the mill certificate arrives';

/**
 * The suppliers (made by the admin when the company has none), and which one a catalogue item's purchase orders
 * name: by the item's category, none for what the shop makes itself.
 */
export async function seedDemoSuppliers(admin: TTenant): Promise<{
  created: number;
  supplierOf: (entry: TSeededItem) => string | null;
}> {
  const existing = await supplierList.list(admin, { page: 1, pageSize: 100, q: '', active: 'all' });
  const byCode = new Map(existing.items.map((s) => [s.code, s.id]));
  let created = 0;
  if (existing.total === 0) {
    for (const { sells: _sells, ...supplier } of SUPPLIERS) {
      byCode.set(supplier.code, (await createSupplier(admin, supplier)).id);
      created++;
    }
  }
  const byCategory = new Map<string, string>(
    SUPPLIERS.flatMap((s) =>
      byCode.has(s.code) ? s.sells.map((c) => [c, byCode.get(s.code)!] as const) : [],
    ),
  );
  return { created, supplierOf: (entry) => byCategory.get(entry.spec.category) ?? null };
}

/** What the Quality seed made (0 and null where the company had them already). */
export interface TQualitySeedReport {
  defectCodes: number;
  /** The delivery put on hold, or null when a lot was held already. */
  heldLot: { id: string; lotNumber: string; partNumber: string } | null;
  /** Plans, inspections and nonconformances (demo-quality-history.ts), or null when the company had plans. */
  history: TQualityHistoryReport | null;
}

/**
 * Defect codes (when the company has none), then one held lot, then the plans, inspections and nonconformances
 * (whose failed lots are held too: after the one held on the mill's notice); run after Build and Maintenance took
 * their stock, Build's harness revision among it.
 */
export async function seedDemoQuality(
  actors: { admin: TTenant; operator: TTenant },
  calendar: TDemoCalendar,
  weeks: number,
): Promise<TQualitySeedReport> {
  const defectCodes = await seedDefectCodes(actors.admin);
  const heldLot = await holdOneLot(actors.admin);
  const history = await seedDemoQualityHistory(actors, calendar, weeks);
  // The finishes added each inspection to today's day sums; the history was dated afterwards (demo-quality-backdate),
  // so the dashboard's sums are derived again from the dated inspections (decision 074 "Day sums").
  if (history) {
    const { admin } = actors;
    await admin.run(async (tx) =>
      rebuildQualityDays(tx, admin.companyId, await companyTimeZone(tx, admin.companyId)),
    );
  }
  return { defectCodes, heldLot, history };
}

async function seedDefectCodes(admin: TTenant): Promise<number> {
  const existing = await defectCodeList.list(admin, { page: 1, pageSize: 1, q: '', active: 'all' });
  if (existing.total > 0) return 0;
  for (const code of DEFECT_CODES) await createDefectCode(admin, code);
  return DEFECT_CODES.length;
}

/** The held delivery: a heat of bar from the mill, received today and held on the mill's own notice. */
const HELD_DELIVERY = {
  partNumber: 'BAR-1018-D25',
  supplier: 'NORMET',
  lotNumber: 'HT-24817',
  quantity: '18',
};

/**
 * Receives the mill's latest heat of bar as a purchase order naming its supplier, then holds the new lot with a
 * reason, as the admin would from the lot's page — unless a lot is held already (a second run, or someone held one)
 * or the company lacks the bar or the supplier (its catalogue or list was its own).
 */
async function holdOneLot(admin: TTenant): Promise<TQualitySeedReport['heldLot']> {
  const { companyId } = admin;
  const found = await admin.run(async (tx) => {
    const [held] = await tx
      .select({ id: lots.id })
      .from(lots)
      .where(and(eq(lots.companyId, companyId), eq(lots.onHold, true)))
      .limit(1);
    if (held) return null;
    const [bar] = await tx
      .select({ id: items.id, locationId: items.defaultLocationId })
      .from(items)
      .where(and(eq(items.companyId, companyId), eq(items.partNumber, HELD_DELIVERY.partNumber)))
      .limit(1);
    const [mill] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(and(eq(suppliers.companyId, companyId), eq(suppliers.code, HELD_DELIVERY.supplier)))
      .limit(1);
    return bar?.locationId && mill
      ? { itemId: bar.id, locationId: bar.locationId, supplierId: mill.id }
      : null;
  });
  if (!found) return null;
  const receipt = await postStock(admin, {
    kind: 'receive',
    idempotencyKey: 'demo-quality-held-delivery',
    reference: 'PO-4990',
    supplierId: found.supplierId,
    lines: [
      {
        itemId: found.itemId,
        locationId: found.locationId,
        quantity: HELD_DELIVERY.quantity,
        lotNumber: HELD_DELIVERY.lotNumber,
      },
    ],
  });
  const lotId = receipt.lines[0]!.lotId!;
  await holdLot(admin, lotId, { reason: DEMO_HOLD_REASON });
  return { id: lotId, lotNumber: HELD_DELIVERY.lotNumber, partNumber: HELD_DELIVERY.partNumber };
}
