// The demo's Build history: a few months of weekly work, run through the floor's services as an operator runs it —
// each week a batch of wiring harnesses (SA-200) and a batch of control boxes (FG-100) for a customer's order, now
// and then with scrap and its reason — then dated to the week it stands for (demo-backdate.ts), so the production
// report has weeks of completed work orders. Then the work of today in the states a shop has it: planned, released
// and cancelled work orders, a draft and a cancelled order.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { addDays } from '#common/time/calendar.ts';
import { createOrder, getOrder } from '../../modules/build/orders.service.ts';
import { moveOrder } from '../../modules/build/orders-status.service.ts';
import { completeWorkOrder } from '../../modules/build/shop-floor-complete.service.ts';
import { consume } from '../../modules/build/shop-floor-consume.service.ts';
import { recordOutput } from '../../modules/build/shop-floor-output.service.ts';
import { finishStep, startStep } from '../../modules/build/shop-floor-steps.service.ts';
import { getFloor } from '../../modules/build/shop-floor-view.ts';
import { moveWorkOrder } from '../../modules/build/work-order-moves.service.ts';
import { createWorkOrder } from '../../modules/build/work-orders.service.ts';
import { queryRows } from '../client.ts';
import type { TTenant } from '../tenant.ts';
import { dateCompletedWorkOrder, dateOrder } from './demo-backdate.ts';
import type { TDemoCalendar } from './demo-time.ts';
import type { TRandom } from './random.ts';

export interface TBuildShop {
  admin: TTenant;
  operator: TTenant;
  harness: { assemblyId: string; steps: { id: string }[] };
  box: { assemblyId: string; steps: { id: string }[] };
  places: Map<string, string>;
  /** The lot of controller boards the history's boxes are built from. */
  boardLot: string;
  calendar: TDemoCalendar;
  random: TRandom;
}

const CUSTOMERS = ['Northwind Controls', 'Fabrikam Pumps', 'Contoso Water', 'Tailspin Irrigation'];
/** The control box's for a batch of 4 (5 setup + 6 a unit; 5 a unit; 3 a unit). */
const BOX_MINUTES = [29, 20, 12];

/**
 * The defect code a batch's scrap is recorded under once the demo company keeps codes (decision 076 asks for one
 * then): the active code whose name the reason says ("Open circuit" in "Open circuit at test"), else the first by code.
 */
async function demoScrapCode(tenant: TTenant, reason: string): Promise<string | undefined> {
  const codes = await tenant.run((tx) =>
    queryRows<{ id: string; name: string }>(
      tx,
      sql`select id, name from defect_codes where company_id = ${tenant.companyId} and active order by code`,
    ),
  );
  const said = reason.toLowerCase();
  return (codes.find((c) => said.includes(c.name.toLowerCase())) ?? codes[0])?.id;
}

/** One batch through the floor: every step run with the same good and scrap, the output put away, completed. */
async function runBatch(
  shop: TBuildShop,
  id: string,
  steps: { id: string }[],
  quantity: number,
  scrap: { quantity: number; reason: string } | null,
  scans: (stepIndex: number) => { code: string; location: string }[],
): Promise<void> {
  const { operator } = shop;
  const good = String(quantity - (scrap?.quantity ?? 0));
  const code = scrap ? await demoScrapCode(operator, scrap.reason) : undefined;
  const scrapped = scrap
    ? {
        scrapQuantity: String(scrap.quantity),
        scrapReason: scrap.reason,
        ...(code ? { scrapDefectCodeId: code } : {}),
      }
    : {};
  for (const [index, step] of steps.entries()) {
    await startStep(operator, id, step.id);
    for (const scan of scans(index)) {
      await consume(operator, id, {
        idempotencyKey: uuidv7(),
        code: scan.code,
        quantity: String(quantity),
        locationId: shop.places.get(scan.location)!,
        stepId: step.id,
      });
    }
    await finishStep(operator, id, step.id, { goodQuantity: good, scrapQuantity: '0', ...scrapped });
  }
  await recordOutput(operator, id, {
    idempotencyKey: uuidv7(),
    goodQuantity: good,
    scrapQuantity: '0',
    ...scrapped,
  });
  // Whatever the steps did not take is taken at completion as planned (decision 064).
  const floor = await getFloor(operator, id);
  const resolutions = floor.components
    .filter((c) => c.left !== '0')
    .map((c) => ({ itemId: c.itemId, action: 'consume' as const }));
  await completeWorkOrder(operator, id, { resolutions });
}

/** The minutes a batch's steps took: the standard, give or take what a real day does to it. */
const actual = (shop: TBuildShop, standard: readonly number[]) =>
  standard.map((m) => Math.round(m * (0.85 + shop.random.next() * 0.5)));

/** `weeks` weeks of finished work before this one; returns how many work orders were completed. */
export async function writeBuildHistory(shop: TBuildShop, weeks: number): Promise<number> {
  const { admin, calendar, random } = shop;
  let completed = 0;
  for (let w = weeks; w >= 1; w--) {
    const monday = calendar.mondayWeeksAgo(w);
    // Tuesday: the four harnesses the boxes need (five when one fails the continuity test, as about one in three
    // weeks): none are left over, so today's order still plans its harnesses as a work order of their own.
    const harnessScrap = random.chance(0.3) ? { quantity: 1, reason: 'Open circuit at test' } : null;
    const batch = harnessScrap ? 5 : 4;
    const harness = await createWorkOrder(admin, {
      assemblyId: shop.harness.assemblyId,
      quantity: String(batch),
      dueOn: addDays(monday, 1),
    });
    await moveWorkOrder(admin, harness.id, 'released');
    await runBatch(shop, harness.id, shop.harness.steps, batch, harnessScrap, () => []);
    await dateCompletedWorkOrder(
      admin,
      harness.id,
      calendar.at(addDays(monday, 1), 15, random.int(0, 50)),
      actual(shop, [10 + 4 * batch, 2 * batch]),
    );
    completed++;

    // Thursday: four control boxes for a customer's order (due Wednesday now and then: those are late).
    const dueOn = addDays(monday, random.chance(0.25) ? 2 : 3);
    const boxScrap = random.chance(0.2) ? { quantity: 1, reason: 'Lid cracked on closing' } : null;
    const order = await createOrder(admin, {
      customer: CUSTOMERS[w % CUSTOMERS.length]!,
      dueOn,
      notes: '',
      lines: [{ assemblyId: shop.box.assemblyId, quantity: '4' }],
    });
    await moveOrder(admin, order.id, 'open');
    const box = await createWorkOrder(admin, {
      assemblyId: shop.box.assemblyId,
      quantity: '4',
      orderLineId: order.lines[0]!.id,
      dueOn,
    });
    await moveWorkOrder(admin, box.id, 'released');
    await runBatch(shop, box.id, shop.box.steps, 4, boxScrap, (step) =>
      step === 0
        ? [
            { code: 'RM-1', location: 'STORES' },
            { code: shop.boardLot, location: 'STORES' },
          ]
        : step === 1
          ? [{ code: 'SA-200', location: 'CELL2' }]
          : [],
    );
    const finishedAt = calendar.at(addDays(monday, 3), 14, random.int(0, 50));
    await dateCompletedWorkOrder(admin, box.id, finishedAt, actual(shop, BOX_MINUTES));
    // A box short for scrap leaves the order open for the rest: the shop closes it as done, shipping three.
    if ((await getOrder(admin, order.id)).status !== 'done') await moveOrder(admin, order.id, 'done');
    await dateOrder(admin, order.id, calendar.at(addDays(monday, -3), 10), finishedAt);
    completed++;
  }
  return completed;
}

/** Today's work in every state the lists show: planned, released and cancelled work orders; draft, open and cancelled orders. */
export async function writeOpenWork(shop: TBuildShop): Promise<void> {
  const { admin, calendar } = shop;
  await createWorkOrder(admin, {
    assemblyId: shop.box.assemblyId,
    quantity: '2',
    dueOn: addDays(calendar.today, 10),
  });
  // Harnesses for stock, released: their wire and terminals are held for them.
  const released = await createWorkOrder(admin, {
    assemblyId: shop.harness.assemblyId,
    quantity: '6',
    dueOn: addDays(calendar.today, 7),
  });
  await moveWorkOrder(admin, released.id, 'released');
  const cancelled = await createWorkOrder(admin, {
    assemblyId: shop.harness.assemblyId,
    quantity: '4',
    dueOn: addDays(calendar.today, 3),
  });
  await moveWorkOrder(admin, cancelled.id, 'cancelled');
  await createOrder(admin, {
    customer: 'Contoso Water',
    dueOn: addDays(calendar.today, 30),
    notes: 'Quoted; waiting for their purchase order.',
    lines: [{ assemblyId: shop.box.assemblyId, quantity: '10' }],
  });
  // Open, its work orders not made yet: Create work orders has something to plan.
  const next = await createOrder(admin, {
    customer: 'Fabrikam Pumps',
    dueOn: addDays(calendar.today, 21),
    notes: '',
    lines: [{ assemblyId: shop.box.assemblyId, quantity: '5' }],
  });
  await moveOrder(admin, next.id, 'open');
  const dropped = await createOrder(admin, {
    customer: 'Tailspin Irrigation',
    dueOn: addDays(calendar.today, 14),
    notes: 'Cancelled: the customer moved the project to next year.',
    lines: [{ assemblyId: shop.box.assemblyId, quantity: '2' }],
  });
  await moveOrder(admin, dropped.id, 'cancelled');
}
