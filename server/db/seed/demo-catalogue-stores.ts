// The demo catalogue's stores: raw material (bar and sheet), cutting tools, consumables and electrical parts.
import { item, randomCost, type TDemoItem } from './demo-item.ts';
import type { TRandom } from './random.ts';

/** Bar and sheet by size (lot-tracked: heat numbers), inserts, end mills and drills, and a table of consumables. */
export function storesItems(random: TRandom): TDemoItem[] {
  const list: TDemoItem[] = [];
  const cost = (min: number, max: number) => randomCost(random, min, max);
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
  return list;
}
