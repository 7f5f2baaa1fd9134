// The demo shop's nonconformances (decisions 068 and 073) and its inspected build step (decision 076). A failed
// receipt inspection opened its nonconformance when the operator finished it; here the admin writes up what was
// found and dispositions it — scrap, return to the supplier, use as is — and closes it (the opener may not), or
// leaves it for later, so the list has every status; one more is opened by hand on the floor today and left open.
// Then a harness work order on revision 2 is run today with its required continuity test inspected and passed.
import { v7 as uuidv7 } from 'uuid';
import type { TNcDisposition } from '#common/schemas/nonconformances.ts';
import { addDays } from '#common/time/calendar.ts';
import { completeWorkOrder } from '../../modules/build/shop-floor-complete.service.ts';
import { recordOutput } from '../../modules/build/shop-floor-output.service.ts';
import { finishStep, startStep } from '../../modules/build/shop-floor-steps.service.ts';
import { getFloor } from '../../modules/build/shop-floor-view.ts';
import { moveWorkOrder } from '../../modules/build/work-order-moves.service.ts';
import { createWorkOrder } from '../../modules/build/work-orders.service.ts';
import { startInspection } from '../../modules/quality/inspections.service.ts';
import { dispositionNonconformance } from '../../modules/quality/nc-dispositions.service.ts';
import {
  closeNonconformance,
  editNonconformance,
  getNonconformance,
  openNonconformance,
} from '../../modules/quality/nonconformances.service.ts';
import { dateNonconformance } from './demo-quality-backdate.ts';
import {
  inspectAll,
  type TFailure,
  type TInspectedDelivery,
  type TQualityShop,
} from './demo-quality-inspections.ts';

/** A failing delivery, and what the admin decides: a disposition (none: still open) and whether it is closed. */
export interface TDemoFailure extends TFailure {
  disposition: TNcDisposition | null;
  close: boolean;
}

/**
 * The weeks whose deliveries fail, newest first: the small demo's four weeks have a scrapped and a used-as-is one
 * (closed) and a return awaiting the supplier's credit (dispositioned); the full demo adds older ones.
 */
export const DEMO_FAILURES: readonly TDemoFailure[] = [
  { stream: 'oring', weeksAgo: 1, code: 'CRACK', disposition: 'return_to_supplier', close: false },
  { stream: 'bar', weeksAgo: 2, code: 'DIM-OOT', disposition: 'use_as_is', close: true },
  { stream: 'oring', weeksAgo: 4, code: 'SURF-SCR', disposition: 'scrap', close: true },
  { stream: 'oring', weeksAgo: 7, code: 'SURF-SCR', disposition: 'return_to_supplier', close: true },
  { stream: 'bar', weeksAgo: 9, code: 'DIM-OOT', disposition: 'scrap', close: true },
  { stream: 'oring', weeksAgo: 12, code: 'CRACK', disposition: 'scrap', close: true },
  { stream: 'bar', weeksAgo: 14, code: 'DIM-OOT', disposition: 'use_as_is', close: true },
];

/** What each disposition's write-up says. */
const WRITE_UP: Record<TNcDisposition, { rootCause: string; correctiveAction: string; note: string }> = {
  scrap: {
    rootCause: 'Damaged before delivery; the supplier cannot say where.',
    correctiveAction: 'Scrapped; the supplier credits the box.',
    note: 'Not worth sorting: scrapped.',
  },
  return_to_supplier: {
    rootCause: 'Moulding defect at the supplier (their 8D requested).',
    correctiveAction: 'Returned for credit; next three deliveries inspected tightened.',
    note: 'Returned on the supplier’s RMA.',
  },
  use_as_is: {
    rootCause: 'The mill ran the heat at the top of its tolerance.',
    correctiveAction: 'Engineering concession: the bar is turned down to 24 mm, so oversize does no harm.',
    note: 'Concession: used as is.',
  },
  rework: { rootCause: '', correctiveAction: '', note: '' },
};

/** Writes up, dispositions and closes the failed deliveries' nonconformances as DEMO_FAILURES says. */
export async function settleFailures(
  shop: TQualityShop,
  deliveries: readonly TInspectedDelivery[],
): Promise<number> {
  const { admin } = shop;
  let settled = 0;
  for (const delivery of deliveries) {
    const ncId = delivery.inspection.nonconformanceId;
    if (!ncId) continue;
    const plan = DEMO_FAILURES.find(
      (f) => f.stream === delivery.stream && f.weeksAgo === delivery.failure?.weeksAgo,
    );
    const openedAt = new Date(delivery.receivedAt.getTime() + 5 * 3_600_000);
    await editNonconformance(shop.operator, ncId, {
      containment: 'Lot kept on hold in its bin, tagged red.',
    });
    await dateNonconformance(admin, ncId, openedAt);
    if (!plan?.disposition) continue;
    const words = WRITE_UP[plan.disposition];
    await editNonconformance(admin, ncId, {
      rootCause: words.rootCause,
      correctiveAction: words.correctiveAction,
    });
    const nc = await getNonconformance(admin, ncId);
    await dispositionNonconformance(admin, ncId, {
      disposition: plan.disposition,
      quantity: nc.quantity,
      note: words.note,
    });
    if (plan.close) await closeNonconformance(admin, ncId);
    settled++;
  }
  return settled;
}

/** Found on the floor today, opened by the operator and left open for the admin. */
export async function openFloorNonconformance(shop: TQualityShop): Promise<string> {
  const nc = await openNonconformance(shop.operator, {
    itemId: shop.plans.harness.itemId,
    quantity: '1',
    description: 'A ring terminal pulled off the X2 lead while fitting the harness into a control box.',
  });
  return nc.id;
}

/**
 * Two harnesses built today to revision 2: both steps run, the continuity test's required inspection done on every
 * unit (passed) before the step finishes, the output put away and the work order completed.
 */
export async function runInspectedHarness(shop: TQualityShop): Promise<string> {
  const { admin, operator, calendar, plans } = shop;
  const wo = await createWorkOrder(admin, {
    assemblyId: plans.harness.assemblyId,
    quantity: '2',
    dueOn: addDays(calendar.today, 2),
  });
  await moveWorkOrder(admin, wo.id, 'released');
  const floor = await getFloor(operator, wo.id);
  for (const step of floor.steps) {
    await startStep(operator, wo.id, step.id);
    if (step.id === plans.harness.stepId) {
      const { inspection } = await startInspection(operator, { workOrderId: wo.id, stepId: step.id });
      await inspectAll(shop, inspection.id, (check) =>
        check.kind === 'measurement'
          ? { value: (0.12 + shop.random.next() * 0.08).toFixed(3) }
          : { passed: true },
      );
    }
    await finishStep(operator, wo.id, step.id, { goodQuantity: '2', scrapQuantity: '0' });
  }
  await recordOutput(operator, wo.id, { idempotencyKey: uuidv7(), goodQuantity: '2', scrapQuantity: '0' });
  const left = await getFloor(operator, wo.id);
  const resolutions = left.components
    .filter((c) => c.left !== '0')
    .map((c) => ({ itemId: c.itemId, action: 'consume' as const }));
  await completeWorkOrder(operator, wo.id, { resolutions });
  return wo.id;
}
