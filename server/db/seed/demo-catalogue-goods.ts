// The demo catalogue's finished goods (brackets, valve assemblies) and the tool crib's tools and gauges.
import { item, type TDemoItem } from './demo-item.ts';
import type { TRandom } from './random.ts';

/** What the shop makes (lot-tracked), then the gauges and tools it lends out (two of each, never issued). */
export function goodsAndGauges(random: TRandom): TDemoItem[] {
  const list: TDemoItem[] = [];
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
