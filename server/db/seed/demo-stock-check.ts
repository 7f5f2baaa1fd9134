// The demo's stock checks: last week's count of the assembly cell, counted by the operator and posted by the admin
// (one box of screws short, adjusted through the ledger), and today's count of the machining cell under way, half
// counted — so Stock Check shows a count at work and one done, through the same count services as the screen.
import { and, eq, inArray } from 'drizzle-orm';
import { ZCountLinesQuerySchema, ZStartCountSchema } from '#common/schemas/stock-check.ts';
import { isWholeUnit } from '#common/units.ts';
import { listCountLines, startCount } from '../../modules/inventory/count.service.ts';
import { countSessions } from '../../modules/inventory/count.tables.ts';
import { recordCount } from '../../modules/inventory/count-entry.service.ts';
import { postCount } from '../../modules/inventory/count-post.service.ts';
import { locations } from '../../modules/inventory/inventory.tables.ts';
import type { TTenant } from '../tenant.ts';

/** The two counts, unless the company has counted before; returns how many were made. */
export async function seedDemoStockChecks(actors: { admin: TTenant; operator: TTenant }): Promise<number> {
  const { admin, operator } = actors;
  const counted = await admin.run((tx) =>
    tx
      .select({ id: countSessions.id })
      .from(countSessions)
      .where(eq(countSessions.companyId, admin.companyId))
      .limit(1),
  );
  if (counted.length > 0) return 0;
  const places = await admin.run((tx) =>
    tx
      .select({ id: locations.id, code: locations.code })
      .from(locations)
      .where(and(eq(locations.companyId, admin.companyId), inArray(locations.code, ['CELL1', 'CELL2']))),
  );
  const placeOf = new Map(places.map((p) => [p.code, p.id]));

  // The assembly cell, counted in full: the first whole-unit line one short, the rest as the book says; posted.
  const done = await count(admin, operator, placeOf.get('CELL2')!, 'Assembly cell, monthly count', 1);
  await postCount(admin, done);
  // The machining cell, today: half its lines counted so far.
  await count(admin, operator, placeOf.get('CELL1')!, 'Machining cell, cycle count', 0.5);
  return 2;
}

/** A count of `locationId` started by the admin, `share` of its lines counted by the operator; returns its id. */
async function count(
  admin: TTenant,
  operator: TTenant,
  locationId: string,
  title: string,
  share: number,
): Promise<string> {
  const session = await startCount(
    admin,
    ZStartCountSchema.parse({ scope: 'location', locationId, title, blind: false }),
  );
  const { items } = await listCountLines(admin, session.id, ZCountLinesQuerySchema.parse({ pageSize: 200 }));
  let short = share === 1;
  for (const line of items.slice(0, Math.ceil(items.length * share))) {
    const expected = Number(line.expectedQuantity ?? '0');
    const oneShort = short && isWholeUnit(line.unitOfMeasure) && expected >= 2;
    if (oneShort) short = false;
    await recordCount(operator, session.id, line.id, {
      countedQuantity: oneShort ? String(expected - 1) : (line.expectedQuantity ?? '0'),
    });
  }
  return session.id;
}
