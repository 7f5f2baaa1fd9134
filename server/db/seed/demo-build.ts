// The demo shop's Build area (decision 064): a control box (FG-100) with a wiring harness one level down (SA-200),
// bought parts received at their cost, both assemblies released, a customer order of 3 planned through both levels,
// the harnesses built and put away at what they took, and the first control box on the floor; before it, weeks of
// completed work (demo-build-history.ts), and today's work in every state. All through the same
// services as the app, so what the newcomer sees — reservations, backflushed screws, built cost — is the real thing.
import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { ZRevisionSaveSchema } from '#common/schemas/build.ts';
import { ZItemInputSchema } from '#common/schemas/inventory-setup.ts';
import {
  createAssembly,
  getRevision,
  openDraft,
  releaseRevision,
} from '../../modules/build/assemblies.service.ts';
import { saveRevision } from '../../modules/build/bom-edit.service.ts';
import { createOrder } from '../../modules/build/orders.service.ts';
import { moveOrder } from '../../modules/build/orders-status.service.ts';
import { completeWorkOrder } from '../../modules/build/shop-floor-complete.service.ts';
import { consume } from '../../modules/build/shop-floor-consume.service.ts';
import { recordOutput } from '../../modules/build/shop-floor-output.service.ts';
import { finishStep, startStep } from '../../modules/build/shop-floor-steps.service.ts';
import { moveWorkOrder } from '../../modules/build/work-order-moves.service.ts';
import { createWorkOrderTree } from '../../modules/build/work-order-tree.service.ts';
import { items as itemsTable, locations } from '../../modules/inventory/inventory.tables.ts';
import { createItem } from '../../modules/inventory/items.service.ts';
import { postStock } from '../../modules/inventory/stock.service.ts';
import { laborRates } from '../../modules/users/labor-rates.tables.ts';
import type { TTenant } from '../tenant.ts';
import { writeBuildHistory, writeOpenWork } from './demo-build-history.ts';
import { PARTS } from './demo-build-parts.ts';
import type { TDemoCalendar } from './demo-time.ts';
import { seededRandom } from './random.ts';

/** What the Build seed made, for the seed's report. */
export interface TBuildSeedReport {
  assemblies: number;
  /** The work orders the open customer order was planned as (both levels). */
  workOrders: number;
  /** The work orders of the weeks of history, completed. */
  completedHistory: number;
}

/**
 * Builds the Build area of the demo company (`admin` sets up and plans, `operator` runs the floor), unless it has
 * the control box already. Runs after the inventory seed, whose location tree it uses.
 */
export async function seedDemoBuild(
  actors: { admin: TTenant; operator: TTenant },
  calendar: TDemoCalendar,
  weeks: number,
): Promise<TBuildSeedReport | null> {
  const { admin, operator } = actors;
  const found = await admin.run((tx) =>
    tx
      .select({ id: itemsTable.id })
      .from(itemsTable)
      .where(and(eq(itemsTable.companyId, admin.companyId), eq(itemsTable.partNumber, 'FG-100'))),
  );
  if (found.length > 0) return null;

  const places = await locationIds(admin);
  const ids = new Map<string, string>();
  for (const part of PARTS) {
    // A bought part's standard cost is what it is received at; a built one starts at 0 and takes its average.
    const input = ZItemInputSchema.parse({
      ...part.input,
      unitCost: part.receive?.unitCost ?? '0',
      defaultLocationId: places.get(part.home),
    });
    ids.set(part.key, (await createItem(admin, input)).id);
  }
  // What the weeks of history take, received before them (the boards as a lot of their own).
  const historyStart = calendar.mondayWeeksAgo(weeks);
  const boardLot = `CB7-${historyStart.slice(2, 4)}${historyStart.slice(5, 7)}-01`;
  for (const part of PARTS) {
    if (!part.receive || !part.weekly || weeks === 0) continue;
    await postStock(admin, {
      kind: 'receive',
      idempotencyKey: uuidv7(),
      reference: 'PO-4790',
      lines: [
        {
          itemId: ids.get(part.key)!,
          locationId: places.get(part.home)!,
          quantity: String(part.weekly * weeks),
          unitCost: part.receive.unitCost,
          ...(part.receive.lotNumber ? { lotNumber: boardLot } : {}),
        },
      ],
    });
  }
  for (const part of PARTS) {
    if (!part.receive) continue;
    const { quantity, unitCost, lotNumber } = part.receive;
    await postStock(admin, {
      kind: 'receive',
      idempotencyKey: uuidv7(),
      reference: 'PO-4810',
      lines: [
        {
          itemId: ids.get(part.key)!,
          locationId: places.get(part.home)!,
          quantity,
          unitCost,
          ...(lotNumber ? { lotNumber } : {}),
        },
      ],
    });
  }
  // Labor at the blended rate needs people with a rate: each one's, in force since the demo's history began.
  await admin.run((tx) =>
    tx.insert(laborRates).values(
      [
        { userId: operator.userId, rate: '32' },
        { userId: admin.userId, rate: '48' },
      ].map((r) => ({
        id: uuidv7(),
        companyId: admin.companyId,
        ...r,
        effectiveFrom: calendar.at(calendar.mondayWeeksAgo(weeks + 1), 0),
      })),
    ),
  );

  const harness = await releaseAssembly(admin, ids.get('harness')!, {
    lines: [
      { componentItemId: ids.get('wire')!, quantity: '1.5', scrapPercent: '10', step: 1 },
      { componentItemId: ids.get('terminal')!, quantity: '4', step: 1 },
    ],
    steps: [
      {
        title: 'Cut and crimp',
        instructions: 'Cut **three** lengths of 50 cm and crimp a ring terminal on each end but one.',
        setupMinutes: '10',
        runMinutes: '4',
      },
      { title: 'Test continuity', instructions: 'Ring out every lead; label the harness.', runMinutes: '2' },
    ],
  });
  const box = await releaseAssembly(admin, ids.get('box')!, {
    lines: [
      { componentItemId: ids.get('enclosure')!, quantity: '1', step: 1, consumption: 'scan' },
      { componentItemId: ids.get('board')!, quantity: '1', step: 1 },
      { componentItemId: ids.get('harness')!, quantity: '1', step: 2, consumption: 'scan' },
      { componentItemId: ids.get('screw')!, quantity: '4', scrapPercent: '5', step: 3 },
    ],
    steps: [
      {
        title: 'Fit the board',
        instructions: 'Fit the board on its four standoffs.',
        setupMinutes: '5',
        runMinutes: '6',
      },
      { title: 'Wire the harness', instructions: 'Plug the harness into X1 and X2.', runMinutes: '5' },
      { title: 'Close and label', instructions: 'Close the lid with **four** screws.', runMinutes: '3' },
    ],
  });

  const shop = { ...actors, harness, box, places, boardLot, calendar, random: seededRandom(20261129) };
  const completed = await writeBuildHistory(shop, weeks);

  const order = await createOrder(admin, {
    customer: 'Northwind Controls',
    dueOn: null,
    notes: 'Three control boxes for the pump skid retrofit.',
    lines: [{ assemblyId: box.assemblyId, quantity: '3' }],
  });
  await moveOrder(admin, order.id, 'open');
  const tree = await createWorkOrderTree(admin, {
    assemblyId: box.assemblyId,
    quantity: '3',
    orderLineId: order.lines[0]!.id,
    leaveOut: [],
  });
  const top = tree.workOrders.find((w) => w.assemblyId === box.assemblyId)!;
  const child = tree.workOrders.find((w) => w.assemblyId === harness.assemblyId)!;

  // The harnesses first: both steps run, wire and terminals backflushed at the first step's finish, 3 put away.
  await moveWorkOrder(admin, child.id, 'released');
  await moveWorkOrder(admin, top.id, 'released');
  for (const step of harness.steps) {
    await startStep(operator, child.id, step.id);
    await finishStep(operator, child.id, step.id, { goodQuantity: '3', scrapQuantity: '0' });
  }
  await recordOutput(operator, child.id, { idempotencyKey: uuidv7(), goodQuantity: '3', scrapQuantity: '0' });
  await completeWorkOrder(operator, child.id, { resolutions: [] });

  // The first control boxes on the floor: the board fitted (enclosures and boards scanned), the wiring under way.
  const [fit, wire] = box.steps;
  await startStep(operator, top.id, fit!.id);
  await consume(operator, top.id, {
    idempotencyKey: uuidv7(),
    code: 'RM-1',
    quantity: '3',
    locationId: places.get('STORES')!,
    stepId: fit!.id,
  });
  await consume(operator, top.id, {
    idempotencyKey: uuidv7(),
    code: 'CB7-2611-01',
    quantity: '3',
    locationId: places.get('STORES')!,
    stepId: fit!.id,
  });
  await finishStep(operator, top.id, fit!.id, { goodQuantity: '3', scrapQuantity: '0' });
  await startStep(operator, top.id, wire!.id);
  await writeOpenWork(shop);
  return { assemblies: 2, workOrders: tree.workOrders.length, completedHistory: completed };
}

/** An assembly of `itemId` with one released revision of these lines and steps. */
async function releaseAssembly(
  admin: TTenant,
  itemId: string,
  recipe: z.input<typeof ZRevisionSaveSchema>,
): Promise<{ assemblyId: string; steps: { id: string }[] }> {
  const assembly = await createAssembly(admin, { itemId });
  const { revision } = await openDraft(admin, assembly.id);
  await saveRevision(admin, revision.id, ZRevisionSaveSchema.parse(recipe));
  await releaseRevision(admin, revision.id);
  const released = await getRevision(admin, revision.id);
  return { assemblyId: assembly.id, steps: released.steps };
}

/** The demo's locations by code. */
async function locationIds(admin: TTenant): Promise<Map<string, string>> {
  const rows = await admin.run((tx) =>
    tx
      .select({ id: locations.id, code: locations.code })
      .from(locations)
      .where(
        and(eq(locations.companyId, admin.companyId), inArray(locations.code, ['STORES', 'CELL2', 'F1'])),
      ),
  );
  return new Map(rows.map((r) => [r.code, r.id]));
}
