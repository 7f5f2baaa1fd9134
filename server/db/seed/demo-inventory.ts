// The demo shop's inventory: its location tree, its catalogue of a few hundred items and four months of history,
// all through the same services and ledger postings as the app, so the demo's balances are exactly the sums of its
// ledger. The data are in demo-catalogue*.ts, the history in demo-history.ts.
import { eq } from 'drizzle-orm';
import { items as itemsTable } from '../../modules/inventory/inventory.tables.ts';
import { createItem } from '../../modules/inventory/items.service.ts';
import { createLocation } from '../../modules/inventory/locations.service.ts';
import type { TTenant } from '../tenant.ts';
import { catalogue, LOCATIONS } from './demo-catalogue.ts';
import { writeHistory } from './demo-history.ts';
import type { TSeededItem } from './demo-item.ts';
import { seededRandom } from './random.ts';

/** What the inventory seed created. */
export interface TInventorySeedReport {
  items: number;
  locations: number;
  postings: number;
}

/**
 * Builds the demo inventory for the demo company if it has no items yet (otherwise leaves it alone), acting as its
 * admin (`admin`: set-up and receipts) and operator (`operator`: issues and moves), two tenants of the one company.
 */
export async function seedDemoInventory(
  actors: { admin: TTenant; operator: TTenant },
  now = new Date(),
  supplierOf?: (entry: TSeededItem) => string | null,
): Promise<TInventorySeedReport | null> {
  const { admin } = actors;
  const random = seededRandom(20261122);
  const hasItems = await admin.run(async (tx) =>
    tx
      .select({ id: itemsTable.id })
      .from(itemsTable)
      .where(eq(itemsTable.companyId, admin.companyId))
      .limit(1),
  );
  if (hasItems.length > 0) return null;

  const locationIds = new Map<string, string>();
  for (const location of LOCATIONS) {
    const created = await createLocation(admin, {
      kind: location.kind,
      parentId: location.parent ? locationIds.get(location.parent)! : null,
      code: location.code,
      name: location.name,
    });
    locationIds.set(location.key, created.id);
  }

  const items = catalogue(random);
  const created: TSeededItem[] = [];
  for (const spec of items) {
    const { home, stock, issue, shelfLifeMonths, ...input } = spec;
    const row = await createItem(admin, { ...input, defaultLocationId: locationIds.get(home)! });
    created.push({ spec, id: row.id });
  }

  const postings = await writeHistory(actors, created, locationIds, random, now, supplierOf);
  return { items: created.length, locations: LOCATIONS.length, postings };
}
