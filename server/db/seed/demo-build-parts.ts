// The Build demo's parts (decision 064): the bought parts of the control box and its harness, received at their cost
// (and, for the weeks of history, `weekly` of each a week), and the two assemblies' own items.
import type { TItemInputRaw } from '#common/schemas/inventory-setup.ts';

export interface TPart {
  key: string;
  input: TItemInputRaw;
  home: string;
  receive?: { quantity: string; unitCost: string; lotNumber?: string; lotExpiresOn?: string };
  /** What a week of the history takes of it (a batch of 5 harnesses and one of 4 boxes), with some to spare. */
  weekly?: number;
}

export const PARTS: readonly TPart[] = [
  {
    key: 'enclosure',
    input: {
      partNumber: 'RM-1',
      name: 'Enclosure, IP65 polycarbonate 200×150',
      category: 'Electrical parts',
      lotTracked: false,
    },
    home: 'STORES',
    receive: { quantity: '12', unitCost: '6.40' },
    weekly: 4,
  },
  {
    key: 'screw',
    input: {
      partNumber: 'RM-2',
      name: 'M4 × 12 screw, stainless',
      category: 'Electrical parts',
      lotTracked: false,
    },
    home: 'CELL2',
    receive: { quantity: '500', unitCost: '0.04' },
    weekly: 18,
  },
  {
    key: 'wire',
    input: {
      partNumber: 'RM-3',
      name: 'Wire 1.5 mm², red',
      category: 'Electrical parts',
      unitOfMeasure: 'm',
      lotTracked: false,
    },
    home: 'CELL2',
    receive: { quantity: '200', unitCost: '0.35' },
    weekly: 9,
  },
  {
    key: 'terminal',
    input: {
      partNumber: 'RM-4',
      name: 'Crimp terminal, ring M4',
      category: 'Electrical parts',
      lotTracked: false,
    },
    home: 'CELL2',
    receive: { quantity: '300', unitCost: '0.22' },
    weekly: 20,
  },
  {
    key: 'board',
    input: {
      partNumber: 'RM-5',
      name: 'Controller board CB-7',
      category: 'Electrical parts',
      lotTracked: true,
    },
    home: 'STORES',
    receive: { quantity: '10', unitCost: '8.90', lotNumber: 'CB7-2611-01' },
    weekly: 4,
  },
  {
    key: 'harness',
    input: {
      partNumber: 'SA-200',
      name: 'Wiring harness, control box',
      category: 'Sub-assemblies',
      lotTracked: false,
    },
    home: 'CELL2',
  },
  {
    key: 'box',
    input: { partNumber: 'FG-100', name: 'Control box CB-7', category: 'Finished goods', lotTracked: true },
    home: 'F1',
  },
];
