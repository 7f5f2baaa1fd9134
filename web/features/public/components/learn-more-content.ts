// The text of /learn-more: getting-started steps, feature groups and typical workflows (from PRODUCT.md).
import {
  IconChartBar,
  IconClipboardCheck,
  IconClockHour4,
  IconHammer,
  IconPackages,
  IconTool,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';

/** One numbered step of getting started. */
export interface TStep {
  title: string;
  detail: string;
}

export const GETTING_STARTED: readonly TStep[] = [
  {
    title: 'Choose a plan and create your company',
    detail: 'Sign up with your name, e-mail and company name. You become the company’s first administrator.',
  },
  {
    title: 'Verify your e-mail',
    detail: 'Open the link we send you. It signs you in and takes you to Help & Documentation.',
  },
  {
    title: 'Set up labels and areas',
    detail:
      'Pick your label size (4 in x 1 in by default), whether you track lots, and which areas your company uses: Inventory, Build, Quality, Time, Maintenance.',
  },
  {
    title: 'Add your items and locations',
    detail:
      'Create SKUs one by one or import them from a CSV file, and lay out your sites, areas, shelves and bins.',
  },
  {
    title: 'Print labels and tag the floor',
    detail:
      'Print labels for items, bins and machines on a thermal printer or letter sheets, and stick them on.',
  },
  {
    title: 'Invite your team',
    detail: 'Add users by e-mail, give each a role, and set labor rates for job costing.',
  },
  {
    title: 'Scan and get to work',
    detail:
      'Operators scan a label with a phone, a tablet or a USB scanner and act on it in one or two taps.',
  },
];

/** One area of the product and what it covers. */
export interface TFeatureGroup {
  title: string;
  icon: TablerIcon;
  items: readonly string[];
}

export const FEATURE_GROUPS: readonly TFeatureGroup[] = [
  {
    title: 'Inventory and labels',
    icon: IconPackages,
    items: [
      'SKU setup with CSV import and export',
      'Stock by location and lot, low-stock flags',
      'QR, Code 128 and Data Matrix labels',
      'Scan to receive, issue, move and count',
      'Stock checks with variance review',
    ],
  },
  {
    title: 'Build',
    icon: IconHammer,
    items: [
      'Bills of materials and build steps',
      'Video work instructions',
      'Orders and work orders with status',
      'Production report and scrap rate',
    ],
  },
  {
    title: 'Quality',
    icon: IconClipboardCheck,
    items: [
      'Inspection plans per item',
      'Measurements judged against tolerance',
      'Nonconformance and disposition',
      'Pareto, first pass yield, defect trends',
    ],
  },
  {
    title: 'Time and job cost',
    icon: IconClockHour4,
    items: [
      'Clock in and out against jobs',
      'Running timer and week view',
      'Burdened labor rates per person',
      'Job cost report against budget',
    ],
  },
  {
    title: 'Maintenance',
    icon: IconTool,
    items: [
      'Machines with labels and runtime meters',
      'PM plans by calendar or runtime',
      'E-mail reminders and breakdown alerts',
      'Logs with MTBF, MTTR and PM compliance',
    ],
  },
  {
    title: 'Administration',
    icon: IconUsers,
    items: [
      'Users, roles and labor rates',
      'Label formats and company settings',
      'Subscription and usage against limits',
      'Audit trail and security dashboard',
    ],
  },
];

/** A typical flow through Forgeboard, step by step. */
export interface TWorkflow {
  title: string;
  icon: TablerIcon;
  steps: readonly string[];
  detail: string;
}

export const WORKFLOWS: readonly TWorkflow[] = [
  {
    title: 'From the dock to the work order',
    icon: IconPackages,
    steps: ['Receive', 'Label', 'Scan', 'Issue to work order'],
    detail:
      'Goods are received into a location with their lot, labelled on the spot, and scanned when an operator issues them to a work order. Stock and lot history update as it happens.',
  },
  {
    title: 'Preventive maintenance',
    icon: IconTool,
    steps: ['PM schedule', 'E-mail', 'Complete'],
    detail:
      'A plan sets how often a machine is serviced. Forgeboard e-mails the technician ahead of the due date, and the work is completed and logged from the PM calendar.',
  },
  {
    title: 'Building with quality built in',
    icon: IconHammer,
    steps: ['Order', 'Work order', 'Guided steps', 'QC check', 'Output lot in stock'],
    detail:
      'Work orders come from order lines. Operators follow the steps with video, required checks must pass before completion, and the finished lot goes into stock.',
  },
  {
    title: 'Knowing what a job cost',
    icon: IconChartBar,
    steps: ['Clock in', 'Work the job', 'Clock out', 'Job cost report'],
    detail:
      'Time on each job is recorded at each person’s burdened rate and added to the material issued, so the job cost report compares actual cost with the budget.',
  },
];
