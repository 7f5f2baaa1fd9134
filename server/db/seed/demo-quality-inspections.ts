// The demo shop's inspections (decisions 068 and 072): each week of the history the mill delivers a heat of 25 mm bar
// (Tuesday) and the seal supplier a box of Viton O-rings (Thursday). Each receipt creates its lot, which the item's
// receipt plan holds and opens the inspection of, in the receipt's own transaction, as any receipt does; the operator
// records every sampled unit — the bar's diameters drawn from a normal spread around nominal, a few weeks' heats
// over the limit and confirmed as measured, the O-rings' look now and then failed under a defect code — and finishes
// it: a pass releases the lot, a failure keeps it held and opens a nonconformance (demo-quality-ncs.ts). Then each is
// dated to the day it stands for. This week's heat is received and left held, its inspection open, for the newcomer.

import type { TInspection } from '#common/schemas/inspections.ts';
import { addDays } from '#common/time/calendar.ts';
import { findOrCreateLotRow } from '../../modules/inventory/stock.repo.ts';
import { postLinesWithin } from '../../modules/inventory/stock.service.ts';
import { finishInspection } from '../../modules/quality/inspection-finish.service.ts';
import { recordResult } from '../../modules/quality/inspection-results.service.ts';
import { getInspection } from '../../modules/quality/inspections.service.ts';
import { holdNewLotsForInspection } from '../../modules/quality/receipt-holds.ts';
import type { TTenant } from '../tenant.ts';
import { dateInspection, dateLot } from './demo-quality-backdate.ts';
import { BAR_DIAMETER, type TDemoPlans } from './demo-quality-plans.ts';
import type { TDemoCalendar } from './demo-time.ts';
import type { TRandom } from './random.ts';

/** Everything the Quality history needs from the shop. */
export interface TQualityShop {
  admin: TTenant;
  operator: TTenant;
  calendar: TDemoCalendar;
  random: TRandom;
  plans: TDemoPlans;
  /** The supplier of each stream, and where its goods are put away (the item's home). */
  bar: { supplierId: string; locationId: string };
  oring: { supplierId: string; locationId: string };
  /** Defect codes by code. */
  codes: Map<string, string>;
}

export type TStream = 'bar' | 'oring';

/** A week's delivery that fails its inspection, and the defect found. */
export interface TFailure {
  stream: TStream;
  weeksAgo: number;
  code: string;
}

/** What one inspected delivery left: its lot, the inspection, and the nonconformance a failure opened. */
export interface TInspectedDelivery {
  stream: TStream;
  lotId: string;
  inspection: TInspection;
  receivedAt: Date;
  failure: TFailure | null;
}

/** One reading from a normal spread (Box–Muller on the seeded generator). */
function normal(random: TRandom, mean: number, sd: number): number {
  const u = 1 - random.next();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

/**
 * Receives `quantity` of the plan's item into a new lot named by the supplier, as a purchase order dated
 * `receivedAt` (now when null) through the posting engine, and holds it for its inspection as postStock does.
 */
async function receiveDelivery(
  shop: TQualityShop,
  stream: TStream,
  d: { lotNumber: string; quantity: string; reference: string; receivedAt: Date | null },
): Promise<{ lotId: string; inspectionId: string }> {
  const { admin } = shop;
  const { supplierId, locationId } = shop[stream];
  const itemId = shop.plans[stream].itemId;
  return admin.run(async (tx) => {
    const lot = await findOrCreateLotRow(tx, {
      companyId: admin.companyId,
      itemId,
      lotNumber: d.lotNumber,
      expiresOn: null,
      supplierId,
    });
    await postLinesWithin(
      tx,
      admin,
      {
        kind: 'receive',
        idempotencyKey: `demo-quality-receipt-${d.lotNumber}`,
        reference: d.reference,
        supplierId,
        ...(d.receivedAt ? { postedAt: d.receivedAt } : {}),
      },
      [{ itemId, locationId, lotId: lot.id, delta: d.quantity }],
    );
    const [held] = await holdNewLotsForInspection(tx, admin, [
      { lotId: lot.id, itemId, lotNumber: lot.lotNumber },
    ]);
    return { lotId: lot.id, inspectionId: held!.inspectionId };
  });
}

/** What the inspector reads or judges for one (check, unit, reading). */
type TAnswer = { passed?: boolean; value?: string; defectCodeId?: string | null; confirmed?: boolean };

/** Records every (check, unit, reading) of the inspection as `answer` says, then finishes it. */
export async function inspectAll(
  shop: TQualityShop,
  inspectionId: string,
  answer: (check: TInspection['checks'][number], unit: number, reading: number) => TAnswer,
): Promise<TInspection> {
  const { operator } = shop;
  const inspection = await getInspection(operator, inspectionId);
  for (let unit = 1; unit <= inspection.sampleSize; unit++) {
    for (const check of inspection.checks) {
      const readings = check.kind === 'measurement' ? check.readingsPerUnit : 1;
      for (let reading = 1; reading <= readings; reading++) {
        await recordResult(operator, inspectionId, {
          checkId: check.id,
          unitNo: unit,
          readingNo: reading,
          ...answer(check, unit, reading),
        });
      }
    }
  }
  return finishInspection(operator, inspectionId);
}

/** A diameter reading: out of limits is confirmed as measured, under the dimension's defect code. */
function diameter(shop: TQualityShop, mean: number): TAnswer {
  const value = normal(shop.random, mean, 0.012);
  const text = value.toFixed(3);
  const within = Number(text) >= BAR_DIAMETER.lower && Number(text) <= BAR_DIAMETER.upper;
  return within
    ? { value: text }
    : { value: text, confirmed: true, defectCodeId: shop.codes.get('DIM-OOT') ?? null };
}

/** The week's bar: one heat, 24 m; a failing heat has one sampled bar drawn oversize. */
async function barWeek(shop: TQualityShop, weeksAgo: number, failure: TFailure | null) {
  const { calendar, random } = shop;
  const tuesday = addDays(calendar.mondayWeeksAgo(weeksAgo), 1);
  const receivedAt = calendar.at(tuesday, 8, random.int(0, 40));
  const { lotId, inspectionId } = await receiveDelivery(shop, 'bar', {
    lotNumber: `HT-24${700 + 20 - weeksAgo}`,
    quantity: '24',
    reference: `PO-${5100 + 2 * (20 - weeksAgo)}`,
    receivedAt,
  });
  // The heat's own offset from nominal: mills run a little over or under, heat by heat.
  const heat = BAR_DIAMETER.nominal + normal(random, 0, 0.006);
  const badUnit = failure ? random.int(1, 3) : 0;
  const inspection = await inspectAll(shop, inspectionId, (check, unit) =>
    check.kind === 'measurement'
      ? diameter(shop, unit === badUnit ? BAR_DIAMETER.upper + 0.012 : heat)
      : { passed: true },
  );
  const startedAt = calendar.at(tuesday, 13, random.int(0, 30));
  await dateInspection(shop.admin, inspectionId, startedAt, random.int(20, 35));
  await dateLot(shop.admin, lotId, receivedAt);
  return { stream: 'bar' as const, lotId, inspection, receivedAt, failure };
}

/** The week's O-rings: a box of 100; a failing box has one or two sampled rings with the defect. */
async function oringWeek(shop: TQualityShop, weeksAgo: number, failure: TFailure | null) {
  const { calendar, random } = shop;
  const thursday = addDays(calendar.mondayWeeksAgo(weeksAgo), 3);
  const receivedAt = calendar.at(thursday, 9, random.int(0, 40));
  const { lotId, inspectionId } = await receiveDelivery(shop, 'oring', {
    lotNumber: `L${thursday.slice(2).replaceAll('-', '')}-${random.int(100, 999)}`,
    quantity: '100',
    reference: `PO-${5101 + 2 * (20 - weeksAgo)}`,
    receivedAt,
  });
  const bad = new Set(failure ? [random.int(1, 6), random.int(7, 13)].slice(0, random.int(1, 2)) : []);
  const code = failure ? (shop.codes.get(failure.code) ?? null) : null;
  const inspection = await inspectAll(shop, inspectionId, (_check, unit) =>
    bad.has(unit) ? { passed: false, defectCodeId: code } : { passed: true },
  );
  await dateInspection(
    shop.admin,
    inspectionId,
    calendar.at(thursday, 11, random.int(0, 30)),
    random.int(25, 45),
  );
  await dateLot(shop.admin, lotId, receivedAt);
  return { stream: 'oring' as const, lotId, inspection, receivedAt, failure };
}

/** `weeks` weeks of deliveries, oldest first, each inspected; failures as listed. */
export async function writeReceiptInspections(
  shop: TQualityShop,
  weeks: number,
  failures: readonly TFailure[],
): Promise<TInspectedDelivery[]> {
  const done: TInspectedDelivery[] = [];
  const failureOf = (stream: TStream, w: number) =>
    failures.find((f) => f.stream === stream && f.weeksAgo === w) ?? null;
  for (let w = weeks; w >= 1; w--) {
    done.push(await barWeek(shop, w, failureOf('bar', w)));
    done.push(await oringWeek(shop, w, failureOf('oring', w)));
  }
  return done;
}

/** This week's heat, received now and held for its inspection, left open for the newcomer to inspect. */
export async function receiveTodaysHeat(
  shop: TQualityShop,
): Promise<{ lotId: string; inspectionId: string }> {
  return receiveDelivery(shop, 'bar', {
    lotNumber: 'HT-24720',
    quantity: '24',
    reference: 'PO-5140',
    receivedAt: null,
  });
}
