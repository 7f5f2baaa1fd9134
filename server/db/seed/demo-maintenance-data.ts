// The demo's maintenance data: its machines, their PM plans (calendar and meter) and the breakdowns of the weeks of
// history, written by demo-maintenance.ts through the maintenance services.
import type { TPlanInput } from '#common/schemas/maintenance-plans.ts';

export const MACHINES = [
  {
    key: 'lathe',
    name: 'CNC lathe',
    assetTag: 'M-101',
    make: 'Haas',
    model: 'ST-20',
    serial: 'HS3119874',
    place: 'CELL1',
    commissionedOn: '2019-05-14',
  },
  {
    key: 'mill',
    name: 'Vertical mill',
    assetTag: 'M-102',
    make: 'Haas',
    model: 'VF-2',
    serial: 'HV2270415',
    place: 'CELL1',
    commissionedOn: '2021-02-01',
  },
  {
    key: 'press',
    name: 'Crimp press',
    assetTag: 'M-201',
    make: 'Schleuniger',
    model: 'CrimpCenter 36',
    serial: 'SC36-1182',
    place: 'CELL2',
    commissionedOn: '2022-09-12',
  },
  {
    key: 'compressor',
    name: 'Air compressor',
    assetTag: 'M-301',
    make: 'Atlas Copco',
    model: 'GA 11',
    serial: 'API915342',
    place: null,
    commissionedOn: '2018-03-20',
  },
] as const;
export type TMachineKey = (typeof MACHINES)[number]['key'];

/** The mill's spindle hours a day (38 a working week). */
export const MILL_HOURS_A_DAY = 38 / 7;

export const PLANS: readonly (Omit<TPlanInput, 'machineId' | 'startOn'> & { machine: TMachineKey })[] = [
  {
    machine: 'lathe',
    title: 'Lubrication and way-oil check',
    checklist: [
      { text: 'Top up the way oil' },
      { text: 'Grease the tailstock' },
      { text: 'Check the chuck jaws for wear' },
    ],
    mode: 'fixed',
    calendarEvery: 1,
    calendarUnit: 'month',
    leadDays: 3,
    graceDays: 2,
    estimatedMinutes: 45,
  },
  {
    machine: 'press',
    title: 'Crimp height check',
    checklist: [{ text: 'Measure the crimp height on a test terminal' }, { text: 'Clean the applicator' }],
    mode: 'floating',
    calendarEvery: 1,
    calendarUnit: 'week',
    estimatedMinutes: 15,
  },
  {
    machine: 'compressor',
    title: 'Drain the receiver and check the intake filter',
    checklist: [{ text: 'Drain the condensate' }, { text: 'Inspect the intake filter' }],
    mode: 'fixed',
    calendarEvery: 2,
    calendarUnit: 'week',
    estimatedMinutes: 20,
  },
  {
    machine: 'mill',
    title: 'Spindle and coolant service',
    checklist: [{ text: 'Check the spindle drawbar force' }, { text: 'Skim and top up the coolant' }],
    mode: 'floating',
    meterEveryHours: '160',
    meterStartReading: '0',
    estimatedMinutes: 60,
  },
];

/** Breakdowns over 16 weeks (closer together in a shorter demo), each: days ago, machine, problem, and how it was put right (null: still open). */
export const BREAKDOWNS: readonly {
  daysAgo: number;
  machine: TMachineKey;
  problem: string;
  priority: 'low' | 'medium' | 'high';
  fix: { cause: string; action: string; repairMinutes: number; backAt: [number, number] } | null;
}[] = [
  {
    daysAgo: 96,
    machine: 'lathe',
    problem: 'Chuck will not clamp',
    priority: 'high',
    fix: {
      cause: 'Hydraulic pressure switch failed',
      action: 'Replaced the pressure switch',
      repairMinutes: 150,
      backAt: [13, 20],
    },
  },
  {
    daysAgo: 81,
    machine: 'press',
    problem: 'Crimps come out low',
    priority: 'medium',
    fix: {
      cause: 'Worn applicator anvil',
      action: 'Fitted the spare applicator',
      repairMinutes: 40,
      backAt: [11, 0],
    },
  },
  {
    daysAgo: 67,
    machine: 'compressor',
    problem: 'Trips on high temperature',
    priority: 'high',
    fix: {
      cause: 'Cooler blocked with dust',
      action: 'Blew out the cooler, cleaned the room filter',
      repairMinutes: 70,
      backAt: [12, 15],
    },
  },
  {
    daysAgo: 52,
    machine: 'lathe',
    problem: 'Coolant leaking at the turret',
    priority: 'medium',
    fix: {
      cause: 'Split coolant hose',
      action: 'Replaced the hose and clamp',
      repairMinutes: 35,
      backAt: [10, 45],
    },
  },
  {
    daysAgo: 38,
    machine: 'mill',
    problem: 'Spindle alarm 2301 on start',
    priority: 'high',
    fix: {
      cause: 'Drawbar sensor out of adjustment',
      action: 'Re-set the sensor gap',
      repairMinutes: 95,
      backAt: [14, 0],
    },
  },
  {
    daysAgo: 23,
    machine: 'press',
    problem: 'Guard interlock stops the press',
    priority: 'medium',
    fix: {
      cause: 'Loose interlock switch',
      action: 'Tightened and tested the switch',
      repairMinutes: 20,
      backAt: [10, 10],
    },
  },
  {
    daysAgo: 9,
    machine: 'lathe',
    problem: 'Chip conveyor jammed',
    priority: 'low',
    fix: {
      cause: 'Long stringy chips wrapped the conveyor',
      action: 'Cleared the conveyor; changed the chip breaker insert',
      repairMinutes: 30,
      backAt: [10, 30],
    },
  },
  { daysAgo: 1, machine: 'mill', problem: 'Coolant pump not priming', priority: 'medium', fix: null },
];
