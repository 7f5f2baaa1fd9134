// The five areas of the landing page's feature tour: what each does on the floor and its marketing claims.
import {
  IconClipboardCheck,
  IconClockHour4,
  IconHammer,
  IconPackages,
  IconTool,
  type TablerIcon,
} from '@tabler/icons-react';

/** A marketing figure: "Up to {figure}" followed by `outcome`. Indicative, not a measured guarantee. */
export interface TTourClaim {
  figure: string;
  outcome: string;
}

/** One tab of the tour; `label` is the tab's exact text. */
export interface TTourArea {
  value: string;
  label: 'Inventory' | 'Quality' | 'Build' | 'Maintenance' | 'Time';
  icon: TablerIcon;
  headline: string;
  summary: string;
  points: readonly string[];
  claims: readonly TTourClaim[];
}

export const TOUR_AREAS: readonly TTourArea[] = [
  {
    value: 'inventory',
    label: 'Inventory',
    icon: IconPackages,
    headline: 'Know what you have, where it is, and which lot it came from',
    summary:
      'Label every item, location and bin with a QR code or barcode. Scan with a phone, a tablet or the USB scanner you already own, and act in one or two taps.',
    points: [
      'Receive, issue to a job or work order, move and count by scanning a label',
      'Stock per location and lot, with low-stock flags against reorder points',
      'Print-ready labels at the exact size of your roll, or ZPL for Zebra printers',
      'Stock checks that show variances before anything is posted',
      'Lot genealogy: from any finished lot, every component lot that went into it',
    ],
    claims: [
      { figure: '30%', outcome: 'less time spent counting stock' },
      { figure: '60%', outcome: 'fewer picking and issuing mistakes' },
    ],
  },
  {
    value: 'quality',
    label: 'Quality',
    icon: IconClipboardCheck,
    headline: 'Catch defects at the step that causes them',
    summary:
      'Build an inspection plan per item once. Operators walk through it on the floor, measurements are judged against tolerance as they are typed, and every failure is recorded with a defect code.',
    points: [
      'Pass/fail, measured and visual checks at receipt, at a build step or at final inspection',
      'Failures open a nonconformance: rework, scrap, use as is or return to supplier',
      'Pareto of defects, first pass yield and defect trends on one dashboard',
    ],
    claims: [{ figure: '35%', outcome: 'fewer defects reaching final inspection' }],
  },
  {
    value: 'build',
    label: 'Build',
    icon: IconHammer,
    headline: 'Every operator builds it the same way',
    summary:
      'Set up an assembly once: its bill of materials and its steps with instructions, pictures and video. Work orders then guide each operator step by step and keep the record for you.',
    points: [
      'Orders and work orders from draft to done, with due dates and status at a glance',
      'Video work instructions at the step where they are needed',
      'Components consumed by scanning their lots; output lots go straight into stock',
      'Production report: output, on-time completion, scrap rate and cycle time',
    ],
    claims: [{ figure: '50%', outcome: 'faster training of new operators with video work instructions' }],
  },
  {
    value: 'maintenance',
    label: 'Maintenance',
    icon: IconTool,
    headline: 'Service machines before they stop the line',
    summary:
      'Give each machine a maintenance plan by calendar or runtime hours. Forgeboard e-mails the right people before work is due, and technicians complete it from the calendar.',
    points: [
      'PM calendar with due and overdue work, by month or week',
      'E-mail reminders for due-soon and overdue work, and breakdown alerts',
      'Report a breakdown by scanning the machine label; record cause, action, parts and time',
      'Maintenance logs per machine with MTBF, MTTR and PM compliance',
    ],
    claims: [{ figure: '25%', outcome: 'less unplanned downtime' }],
  },
  {
    value: 'time',
    label: 'Time',
    icon: IconClockHour4,
    headline: 'Know what every job really cost',
    summary:
      'People clock in and out against a job or a work order step. Labor at each person’s burdened rate and material issued at cost add up to a job cost report you can trust.',
    points: [
      'A running timer that survives a reload, plus manual entries and a week view',
      'Entries never overlap, and each keeps the labor rate in force when it was made',
      'Job cost report: hours, labor and material against budget, with CSV export',
    ],
    claims: [{ figure: '40%', outcome: 'less time spent collecting and checking timesheets' }],
  },
];
