// The demo shop's history: four months of receipts, issues, moves and adjustments, posted as the app posts them.
import { fromScaled, toScaled } from '#common/decimal.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import type { TStockKind } from '#common/schemas/stock.ts';
import { isWholeUnit } from '#common/units.ts';
import { findOrCreateLotRow } from '../../modules/inventory/stock.repo.ts';
import { postLinesWithin, type TPostingLine } from '../../modules/inventory/stock.service.ts';
import type { TTenant } from '../tenant.ts';
import type { TSeededItem } from './demo-item.ts';
import type { TRandom } from './random.ts';

/** How far back the demo's history starts. */
export const DEMO_HISTORY_DAYS = 120;

/** A quantity in the item's unit, rounded to what a person would count (whole units unless it is by length/area). */
function amount(value: number, unit: string): string {
  const fractional = !isWholeUnit(unit);
  const rounded = fractional ? Math.max(0.25, Math.round(value * 4) / 4) : Math.max(1, Math.round(value));
  return rounded.toString();
}

/** Four months of postings in date order, as one transaction (the demo appears whole or not at all). */
export async function writeHistory(
  actors: { admin: TTenant; operator: TTenant },
  created: TSeededItem[],
  locationIds: Map<string, string>,
  random: TRandom,
  now: Date,
  /** Who a purchase order's goods come from (decision 070): the receipt and the lot it creates name them. */
  supplierOf: (entry: TSeededItem) => string | null = () => null,
): Promise<number> {
  const day0 = new Date(now.getTime() - DEMO_HISTORY_DAYS * 86_400_000);
  day0.setUTCHours(0, 0, 0, 0);
  const at = (day: number, hour: number) =>
    new Date(day0.getTime() + day * 86_400_000 + hour * 3_600_000 + random.int(0, 3_599) * 1000);
  /** What the demo has where, so it never tries to take what is not there: "item|location|lot" → scaled quantity. */
  const onHand = new Map<string, bigint>();
  const lotsOf = new Map<string, string[]>();
  let count = 0;

  return actors.admin.run(async (tx) => {
    const post = async (
      actor: TTenant,
      kind: TStockKind,
      postedAt: Date,
      lines: TPostingLine[],
      extra: { reference?: string; reason?: string; supplierId?: string } = {},
    ) => {
      await postLinesWithin(
        tx,
        actor,
        { kind, postedAt, idempotencyKey: `demo-history-${++count}`, ...extra },
        lines,
      );
      for (const line of lines) {
        const key = `${line.itemId}|${line.locationId}|${line.lotId ?? ''}`;
        onHand.set(key, (onHand.get(key) ?? 0n) + toScaled(line.delta, QUANTITY_SCALE));
      }
    };
    const receive = async (entry: TSeededItem, day: number, quantity: string, reference: string) => {
      const location = locationIds.get(entry.spec.home)!;
      const supplierId = reference.startsWith('PO-') ? supplierOf(entry) : null;
      let lotId: string | null = null;
      if (entry.spec.lotTracked) {
        const date = at(day, 0);
        const prefix =
          entry.spec.category === 'Raw material'
            ? 'H'
            : entry.spec.category === 'Finished goods'
              ? 'FG'
              : 'L';
        const lotNumber = `${prefix}${date.toISOString().slice(2, 10).replaceAll('-', '')}-${random.int(100, 999)}`;
        const expires = entry.spec.shelfLifeMonths
          ? new Date(date.getTime() + entry.spec.shelfLifeMonths * 30 * 86_400_000).toISOString().slice(0, 10)
          : null;
        lotId = (
          await findOrCreateLotRow(tx, {
            companyId: actors.admin.companyId,
            itemId: entry.id,
            lotNumber,
            expiresOn: expires,
            supplierId,
          })
        ).id;
        lotsOf.set(entry.id, [...(lotsOf.get(entry.id) ?? []), lotId]);
      }
      await post(
        actors.admin,
        'receive',
        at(day, 8),
        [{ itemId: entry.id, locationId: location, lotId, delta: quantity }],
        { reference, ...(supplierId ? { supplierId } : {}) },
      );
    };
    /** The item's stock at its home, fullest lot first (first expiring would be the next refinement). */
    const available = (entry: TSeededItem, location: string) => {
      const lots = lotsOf.get(entry.id) ?? [null];
      return lots
        .map((lotId) => ({ lotId, quantity: onHand.get(`${entry.id}|${location}|${lotId ?? ''}`) ?? 0n }))
        .filter((b) => b.quantity > 0n)
        .sort((a, b) => (b.quantity > a.quantity ? 1 : -1));
    };

    // Day 0: the opening stock of everything, as counted into the system on the first day.
    for (const entry of created) {
      await receive(
        entry,
        0,
        amount(entry.spec.stock * (0.6 + random.next() * 0.6), entry.spec.unitOfMeasure),
        'Opening stock',
      );
    }

    let job = 2410;
    for (let day = 1; day < DEMO_HISTORY_DAYS; day++) {
      const weekday = (day0.getUTCDay() + day) % 7;
      if (weekday === 0 || weekday === 6) continue;
      // Issues to jobs through the day.
      const issues = random.int(4, 8);
      for (let n = 0; n < issues; n++) {
        const entry = random.pick(created);
        if (entry.spec.issue === 0) continue;
        const home = locationIds.get(entry.spec.home)!;
        const [balance] = available(entry, home);
        if (!balance) continue;
        const wanted = toScaled(
          amount(entry.spec.issue * (0.5 + random.next()), entry.spec.unitOfMeasure),
          QUANTITY_SCALE,
        );
        const quantity = wanted < balance.quantity ? wanted : balance.quantity;
        const reference =
          entry.spec.category === 'Finished goods'
            ? `Sales order SO-${10_200 + day * 3 + n}`
            : `Job ${job + random.int(0, 6)}`;
        await post(
          actors.operator,
          'issue',
          at(day, 9 + n),
          [
            {
              itemId: entry.id,
              locationId: home,
              lotId: balance.lotId,
              delta: fromScaled(-quantity, QUANTITY_SCALE),
            },
          ],
          { reference },
        );
      }
      // Line-side replenishment now and then: stores to the machining or assembly cell.
      if (random.chance(0.35)) {
        const entry = random.pick(
          created.filter((c) => c.spec.category === 'Fasteners' || c.spec.category === 'Cutting tools'),
        );
        const home = locationIds.get(entry.spec.home)!;
        const [balance] = available(entry, home);
        if (balance && balance.quantity > toScaled('10', QUANTITY_SCALE)) {
          // A quarter of it, in whole units for an item counted in whole things (decision 064).
          const one = 10n ** BigInt(QUANTITY_SCALE);
          const quarter = balance.quantity / 4n;
          const quantity = fromScaled(
            isWholeUnit(entry.spec.unitOfMeasure) ? (quarter / one) * one : quarter,
            QUANTITY_SCALE,
          );
          const cell = locationIds.get(random.pick(['CELL1', 'CELL2']))!;
          await post(actors.operator, 'move', at(day, 15), [
            { itemId: entry.id, locationId: home, lotId: balance.lotId, delta: `-${quantity}` },
            { itemId: entry.id, locationId: cell, lotId: balance.lotId, delta: quantity },
          ]);
        }
      }
      // Finished goods come off the assembly cell most days.
      if (random.chance(0.6)) {
        const entry = random.pick(created.filter((c) => c.spec.category === 'Finished goods'));
        await receive(entry, day, amount(entry.spec.stock / 3, 'ea'), `Production, job ${job}`);
      }
      // Mondays: the weekly purchase receipt tops up everything at or under its reorder point.
      if (weekday === 1) {
        job += 7;
        for (const entry of created) {
          if (
            entry.spec.category === 'Finished goods' ||
            entry.spec.issue === 0 ||
            entry.spec.reorderPoint === null
          )
            continue;
          const home = locationIds.get(entry.spec.home)!;
          const total = available(entry, home).reduce((sum, b) => sum + b.quantity, 0n);
          if (total > toScaled(entry.spec.reorderPoint, QUANTITY_SCALE)) continue;
          await receive(entry, day, amount(entry.spec.stock, entry.spec.unitOfMeasure), `PO-${4100 + day}`);
        }
      }
      // Once in a while something is found damaged.
      if (random.chance(0.05)) {
        const entry = random.pick(
          created.filter((c) => c.spec.category === 'Seals' || c.spec.category === 'Cutting tools'),
        );
        const home = locationIds.get(entry.spec.home)!;
        const [balance] = available(entry, home);
        if (balance && balance.quantity >= toScaled('2', QUANTITY_SCALE)) {
          await post(
            actors.admin,
            'adjust',
            at(day, 16),
            [{ itemId: entry.id, locationId: home, lotId: balance.lotId, delta: '-1' }],
            {
              reason: random.pick([
                'Damaged in handling',
                'Found cracked at inspection',
                'Dropped, scrapped',
              ]),
            },
          );
        }
      }
    }
    return count;
  });
}
