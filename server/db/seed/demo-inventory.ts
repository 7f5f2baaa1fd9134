// The demo shop's inventory: a small machining and assembly shop with a few hundred items (fasteners, seals,
// bearings, bar stock, tooling, consumables, finished goods and borrowable gauges), a two-site location tree, lots
// with heat numbers and shelf lives, and four months of receipts, issues to jobs, line-side moves and the odd
// adjustment, dated in the past. Everything goes through the same services and ledger postings as the app, so the
// demo's balances are exactly the sums of its ledger.

import { eq } from 'drizzle-orm';
import { fromScaled, toScaled } from '#common/decimal.ts';
import type { TItemInput, TLocationKind } from '#common/schemas/inventory-setup.ts';
import { QUANTITY_SCALE } from '#common/schemas/inventory-setup.ts';
import type { TStockKind } from '#common/schemas/stock.ts';
import { items as itemsTable } from '../../modules/inventory/inventory.tables.ts';
import { createItem } from '../../modules/inventory/items.service.ts';
import { createLocation } from '../../modules/inventory/locations.service.ts';
import { findOrCreateLot } from '../../modules/inventory/stock.repo.ts';
import { postLinesWithin, type TPostingLine } from '../../modules/inventory/stock.service.ts';
import type { TTenant } from '../tenant.ts';
import { seededRandom, type TRandom } from './random.ts';

/** How far back the demo's history starts. */
export const DEMO_HISTORY_DAYS = 120;

interface TDemoItem extends TItemInput {
  /** Where it lives: a key of the location map below. */
  home: string;
  /** A typical stock level and a typical issue, in the item's unit. */
  stock: number;
  issue: number;
  /** Months of shelf life for lots (seals, wire), if any. */
  shelfLifeMonths?: number;
}

const item = (
  fields: Partial<TItemInput> &
    Pick<TDemoItem, 'partNumber' | 'name' | 'home' | 'stock' | 'issue'> & { shelfLifeMonths?: number },
): TDemoItem => ({
  description: '',
  unitOfMeasure: 'ea',
  category: '',
  unitCost: '0',
  reorderPoint: null,
  defaultLocationId: null,
  lotTracked: false,
  ...fields,
});

/** The catalogue: made up from the ranges a shop like this stocks, so it reads like a real item master. */
function catalogue(random: TRandom): TDemoItem[] {
  const list: TDemoItem[] = [];
  const cost = (min: number, max: number) => (min + random.next() * (max - min)).toFixed(2);
  const stockBins = [
    'S1-B1',
    'S1-B2',
    'S1-B3',
    'S1-B4',
    'S2-B1',
    'S2-B2',
    'S2-B3',
    'S2-B4',
    'S3-B1',
    'S3-B2',
  ];
  for (const d of [5, 6, 8, 10, 12]) {
    for (const len of [12, 16, 20, 25, 30, 40, 50, 60]) {
      for (const [finish, code, factor] of [
        ['zinc plated', 'ZN', 1],
        ['stainless A2', 'A2', 2.6],
      ] as const) {
        list.push(
          item({
            partNumber: `HCS-M${d}X${len}-${code}`,
            name: `Hex cap screw M${d} x ${len}, ${finish}`,
            category: 'Fasteners',
            unitOfMeasure: 'pcs',
            unitCost: ((0.02 + d * len * 0.0004) * factor).toFixed(4),
            reorderPoint: String(100 + 50 * Math.round(random.next() * 4)),
            home: random.pick(stockBins),
            stock: 400,
            issue: 24,
          }),
        );
      }
    }
    list.push(
      item({
        partNumber: `HN-M${d}-ZN`,
        name: `Hex nut M${d}, zinc plated`,
        category: 'Fasteners',
        unitOfMeasure: 'pcs',
        unitCost: (0.01 + d * 0.004).toFixed(4),
        reorderPoint: '200',
        home: random.pick(stockBins),
        stock: 600,
        issue: 40,
      }),
      item({
        partNumber: `FW-M${d}-ZN`,
        name: `Flat washer M${d}, zinc plated`,
        category: 'Fasteners',
        unitOfMeasure: 'pcs',
        unitCost: (0.005 + d * 0.002).toFixed(4),
        reorderPoint: '200',
        home: random.pick(stockBins),
        stock: 800,
        issue: 40,
      }),
    );
  }
  for (const inner of [6, 8, 10, 12, 14, 16, 18, 20, 22, 25, 28, 30, 32, 35, 40]) {
    for (const section of inner < 20 ? [1.5, 2] : [2.5, 3]) {
      list.push(
        item({
          partNumber: `OR-${inner}X${section}-NBR70`,
          name: `O-ring ${inner} x ${section} mm, NBR 70`,
          category: 'Seals',
          unitOfMeasure: 'pcs',
          unitCost: cost(0.08, 0.6),
          reorderPoint: '50',
          lotTracked: true,
          shelfLifeMonths: 60,
          home: random.pick(['S4-B1', 'S4-B2', 'S4-B3', 'S4-B4']),
          stock: 200,
          issue: 8,
        }),
      );
    }
  }
  for (const inner of [10, 16, 20, 25, 32, 40]) {
    list.push(
      item({
        partNumber: `OR-${inner}X2.5-FKM75`,
        name: `O-ring ${inner} x 2.5 mm, FKM (Viton) 75`,
        category: 'Seals',
        unitOfMeasure: 'pcs',
        unitCost: cost(0.9, 2.4),
        reorderPoint: '20',
        lotTracked: true,
        shelfLifeMonths: 120,
        home: 'S4-B4',
        stock: 60,
        issue: 4,
      }),
    );
  }
  for (const series of [60, 62]) {
    for (let size = 0; size <= 10; size++) {
      const code = `${series}${String(size).padStart(2, '0')}`;
      list.push(
        item({
          partNumber: `BRG-${code}-2RS`,
          name: `Deep groove ball bearing ${code}-2RS`,
          category: 'Bearings',
          unitCost: cost(2.5, 18),
          reorderPoint: '6',
          home: random.pick(['S5-B1', 'S5-B2', 'S5-B3']),
          stock: 20,
          issue: 2,
        }),
      );
    }
  }
  for (const dia of [10, 12, 16, 20, 25, 30, 35, 40, 50]) {
    list.push(
      item({
        partNumber: `BAR-1018-D${dia}`,
        name: `Cold-drawn bar 1018, ${dia} mm round`,
        category: 'Raw material',
        unitOfMeasure: 'm',
        unitCost: (dia * dia * 0.0065).toFixed(2),
        reorderPoint: '6',
        lotTracked: true,
        home: random.pick(['R1', 'R2']),
        stock: 24,
        issue: 1.5,
      }),
    );
  }
  for (const thickness of [1, 1.5, 2, 3, 4, 6]) {
    list.push(
      item({
        partNumber: `SHT-6061-T${thickness}`,
        name: `Aluminium sheet 6061-T6, ${thickness} mm`,
        category: 'Raw material',
        unitOfMeasure: 'm2',
        unitCost: (thickness * 21.5).toFixed(2),
        reorderPoint: '3',
        lotTracked: true,
        home: 'R3',
        stock: 12,
        issue: 0.75,
      }),
    );
  }
  for (const grade of ['P15', 'P25', 'M15', 'M25', 'K10', 'K20']) {
    list.push(
      item({
        partNumber: `INS-CNMG120408-${grade}`,
        name: `Turning insert CNMG 120408, grade ${grade}`,
        category: 'Cutting tools',
        unitCost: cost(6, 11),
        reorderPoint: '20',
        home: 'S6-B1',
        stock: 60,
        issue: 4,
      }),
    );
  }
  for (const d of [3, 4, 5, 6, 8, 10, 12, 16, 20]) {
    list.push(
      item({
        partNumber: `EM-${d}MM-4F`,
        name: `Carbide end mill ${d} mm, 4 flute`,
        category: 'Cutting tools',
        unitCost: (12 + d * 3.1).toFixed(2),
        reorderPoint: '3',
        home: 'S6-B2',
        stock: 10,
        issue: 1,
      }),
      item({
        partNumber: `DRL-${d}MM-HSS`,
        name: `HSS-Co twist drill ${d} mm`,
        category: 'Cutting tools',
        unitCost: (2 + d * 0.6).toFixed(2),
        reorderPoint: '5',
        home: 'S6-B3',
        stock: 20,
        issue: 2,
      }),
    );
  }
  for (const [partNumber, name, unitOfMeasure, unitCost, stock, issue, lotTracked, shelfLifeMonths] of [
    ['WW-ER70S6-0.8', 'MIG welding wire ER70S-6, 0.8 mm, 15 kg spool', 'kg', '3.40', 90, 5, true, 24],
    ['WW-ER70S6-1.0', 'MIG welding wire ER70S-6, 1.0 mm, 15 kg spool', 'kg', '3.30', 90, 5, true, 24],
    ['GD-125-A60', 'Grinding disc 125 mm, A60', 'ea', '1.90', 100, 6, false, 0],
    ['FD-125-P80', 'Flap disc 125 mm, P80', 'ea', '2.60', 80, 5, false, 0],
    ['CL-SEMI-20L', 'Semi-synthetic coolant concentrate', 'l', '6.10', 100, 8, true, 18],
    ['GLV-NIT-M', 'Nitrile gloves, size M (box of 100)', 'box', '7.50', 20, 1, false, 0],
    ['GLV-NIT-L', 'Nitrile gloves, size L (box of 100)', 'box', '7.50', 20, 1, false, 0],
    ['GLV-CUT-9', 'Cut-resistant gloves, size 9', 'pair', '5.80', 40, 2, false, 0],
    ['TWL-ROLL', 'Shop towel roll', 'roll', '11.20', 24, 1, false, 0],
    ['TAPE-PTFE-12', 'PTFE thread tape 12 mm', 'roll', '0.55', 100, 4, false, 0],
    ['LOC-243-50', 'Threadlocker 243, 50 ml', 'ea', '14.90', 12, 1, true, 24],
    ['CBL-H07-3G1.5', 'Cable H07RN-F 3G1.5', 'm', '1.85', 200, 10, false, 0],
    ['TRM-RING-M6', 'Ring terminal M6, 1.5-2.5 mm2', 'pcs', '0.09', 500, 20, false, 0],
    ['FUSE-5X20-2A', 'Glass fuse 5 x 20, 2 A', 'pcs', '0.22', 200, 5, false, 0],
    ['RLY-24VDC-2CO', 'Relay 24 V DC, 2 changeover', 'ea', '8.40', 20, 1, false, 0],
  ] as const) {
    list.push(
      item({
        partNumber,
        name,
        category: partNumber.match(/^(CBL|TRM|FUSE|RLY)/) ? 'Electrical' : 'Consumables',
        unitOfMeasure,
        unitCost,
        reorderPoint: String(Math.round(stock / 4)),
        lotTracked,
        ...(shelfLifeMonths ? { shelfLifeMonths } : {}),
        home: random.pick(['S3-B3', 'S3-B4', 'S6-B4']),
        stock,
        issue,
      }),
    );
  }
  for (const [i, size] of [40, 50, 63, 80, 100].entries()) {
    for (const variant of ['A', 'B', 'C']) {
      list.push(
        item({
          partNumber: `FG-HB-${size}-${variant}`,
          name: `Hydraulic cylinder bracket ${size} mm, type ${variant}`,
          category: 'Finished goods',
          unitCost: (18 + i * 7 + variant.charCodeAt(0) - 65).toFixed(2),
          reorderPoint: '10',
          lotTracked: true,
          home: random.pick(['F1', 'F2']),
          stock: 30,
          issue: 5,
        }),
      );
    }
  }
  for (const [i, name] of [
    '2-way ball valve assembly',
    '3-way ball valve assembly',
    'Check valve assembly',
  ].entries()) {
    for (const port of ['1/4', '3/8', '1/2', '3/4', '1']) {
      list.push(
        item({
          partNumber: `FG-VA${i + 2}-${port.replace('/', '')}`,
          name: `${name}, G${port}`,
          category: 'Finished goods',
          unitCost: (42 + i * 15 + port.length * 6).toFixed(2),
          reorderPoint: '8',
          lotTracked: true,
          home: 'F2',
          stock: 20,
          issue: 3,
        }),
      );
    }
  }
  for (const [partNumber, name, unitCost] of [
    ['TW-TORQ-20-100', 'Torque wrench 20-100 Nm', '189.00'],
    ['TW-TORQ-60-340', 'Torque wrench 60-340 Nm', '265.00'],
    ['GA-CAL-150', 'Digital caliper 150 mm', '96.00'],
    ['GA-CAL-300', 'Digital caliper 300 mm', '168.00'],
    ['GA-MIC-0-25', 'Outside micrometer 0-25 mm', '142.00'],
    ['GA-MIC-25-50', 'Outside micrometer 25-50 mm', '156.00'],
    ['GA-BORE-18-35', 'Bore gauge 18-35 mm', '231.00'],
    ['GA-THREAD-M8', 'Thread plug gauge M8x1.25 6H', '58.00'],
    ['GA-THREAD-M10', 'Thread plug gauge M10x1.5 6H', '61.00'],
    ['TL-CRIMP-RT', 'Ratchet crimping tool, insulated terminals', '74.00'],
    ['TL-PULLER-3J', 'Three-jaw bearing puller 150 mm', '88.00'],
    ['TL-RIVET-HD', 'Heavy-duty rivet gun', '63.00'],
  ] as const) {
    list.push(
      item({
        partNumber,
        name,
        category: 'Tools and gauges',
        unitCost,
        home: 'T1',
        stock: 2,
        issue: 0,
      }),
    );
  }
  return list;
}

/** The location tree: sites, areas, shelves and bins, keyed by a short name the catalogue uses. */
const LOCATIONS: readonly {
  key: string;
  parent: string | null;
  kind: TLocationKind;
  code: string;
  name: string;
}[] = [
  { key: 'PLANT', parent: null, kind: 'site', code: 'PLANT', name: 'Main plant' },
  { key: 'RECV', parent: 'PLANT', kind: 'area', code: 'RECV', name: 'Receiving dock' },
  { key: 'STORES', parent: 'PLANT', kind: 'area', code: 'STORES', name: 'Stores' },
  ...[1, 2, 3, 4, 5, 6].flatMap((s) => [
    { key: `S${s}`, parent: 'STORES', kind: 'shelf' as const, code: `S${s}`, name: `Shelf ${s}` },
    ...[1, 2, 3, 4].map((b) => ({
      key: `S${s}-B${b}`,
      parent: `S${s}`,
      kind: 'bin' as const,
      code: `S${s}-B${b}`,
      name: `Shelf ${s} bin ${b}`,
    })),
  ]),
  { key: 'RAW', parent: 'PLANT', kind: 'area', code: 'RAW', name: 'Raw material racks' },
  { key: 'R1', parent: 'RAW', kind: 'shelf', code: 'R1', name: 'Bar rack 1' },
  { key: 'R2', parent: 'RAW', kind: 'shelf', code: 'R2', name: 'Bar rack 2' },
  { key: 'R3', parent: 'RAW', kind: 'shelf', code: 'R3', name: 'Sheet rack' },
  { key: 'FG', parent: 'PLANT', kind: 'area', code: 'FG', name: 'Finished goods' },
  { key: 'F1', parent: 'FG', kind: 'shelf', code: 'F1', name: 'Finished goods shelf 1' },
  { key: 'F2', parent: 'FG', kind: 'shelf', code: 'F2', name: 'Finished goods shelf 2' },
  { key: 'CRIB', parent: 'PLANT', kind: 'area', code: 'CRIB', name: 'Tool crib' },
  { key: 'T1', parent: 'CRIB', kind: 'shelf', code: 'T1', name: 'Gauge cabinet' },
  { key: 'CELL1', parent: 'PLANT', kind: 'area', code: 'CELL1', name: 'Machining cell 1 (line side)' },
  { key: 'CELL2', parent: 'PLANT', kind: 'area', code: 'CELL2', name: 'Assembly cell (line side)' },
  { key: 'WH2', parent: null, kind: 'site', code: 'WH2', name: 'Overflow warehouse' },
  { key: 'WH2-A', parent: 'WH2', kind: 'area', code: 'WH2-A', name: 'Bulk aisle' },
  ...[1, 2, 3].map((s) => ({
    key: `WH2-A${s}`,
    parent: 'WH2-A',
    kind: 'shelf' as const,
    code: `WH2-A${s}`,
    name: `Bulk shelf ${s}`,
  })),
];

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
  const created: { spec: TDemoItem; id: string }[] = [];
  for (const spec of items) {
    const { home, stock, issue, shelfLifeMonths, ...input } = spec;
    const row = await createItem(admin, { ...input, defaultLocationId: locationIds.get(home)! });
    created.push({ spec, id: row.id });
  }

  const postings = await writeHistory(actors, created, locationIds, random, now);
  return { items: created.length, locations: LOCATIONS.length, postings };
}

/** A quantity in the item's unit, rounded to what a person would count (whole units unless it is by length/area). */
function amount(value: number, unit: string): string {
  const fractional = ['m', 'm2', 'kg', 'l'].includes(unit);
  const rounded = fractional ? Math.max(0.25, Math.round(value * 4) / 4) : Math.max(1, Math.round(value));
  return rounded.toString();
}

/** Four months of postings in date order, as one transaction (the demo appears whole or not at all). */
async function writeHistory(
  actors: { admin: TTenant; operator: TTenant },
  created: { spec: TDemoItem; id: string }[],
  locationIds: Map<string, string>,
  random: TRandom,
  now: Date,
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
      extra: { reference?: string; reason?: string } = {},
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
    const receive = async (
      entry: { spec: TDemoItem; id: string },
      day: number,
      quantity: string,
      reference: string,
    ) => {
      const location = locationIds.get(entry.spec.home)!;
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
        lotId = await findOrCreateLot(tx, {
          companyId: actors.admin.companyId,
          itemId: entry.id,
          lotNumber,
          expiresOn: expires,
        });
        lotsOf.set(entry.id, [...(lotsOf.get(entry.id) ?? []), lotId]);
      }
      await post(
        actors.admin,
        'receive',
        at(day, 8),
        [{ itemId: entry.id, locationId: location, lotId, delta: quantity }],
        { reference },
      );
    };
    /** The item's stock at its home, fullest lot first (first expiring would be the next refinement). */
    const available = (entry: { spec: TDemoItem; id: string }, location: string) => {
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
          const quantity = fromScaled(balance.quantity / 4n, QUANTITY_SCALE);
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
