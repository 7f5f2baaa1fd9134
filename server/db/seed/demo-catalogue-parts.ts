// The demo catalogue's purchased parts: fasteners, seals and bearings, in every size a shop like this stocks.
import { item, randomCost, type TDemoItem } from './demo-item.ts';
import type { TRandom } from './random.ts';

/** Screws, nuts and washers by diameter; NBR and FKM O-rings (lot-tracked, with shelf lives); ball bearings. */
export function purchasedParts(random: TRandom): TDemoItem[] {
  const list: TDemoItem[] = [];
  const cost = (min: number, max: number) => randomCost(random, min, max);
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
  return list;
}
