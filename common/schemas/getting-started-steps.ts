// Getting started's steps as people read them (issue 20; each area adds its own, docs/help-articles.md): the
// table the server ticks and the web writes, apart from the contract in help.ts.
import type { TFeature } from '../label-config.ts';
import type { TAccess } from '../roles.ts';
import type { TGettingStartedAudience, TGettingStartedStepId } from './help.ts';

/** A step as people read it: what to do, how it is ticked, and where it is done. */
export interface TGettingStartedStep {
  id: TGettingStartedStepId;
  audience: TGettingStartedAudience;
  /** The area the step belongs to; null for the company-wide steps. */
  feature: TFeature | null;
  /** Who may open the screen that does it. */
  access: TAccess;
  title: string;
  /** What the step asks, and what ticks it. */
  detail: string;
  /** The screen that does it. */
  to: string;
}

/** The steps in the order a new company takes them (the server ticks them; the web writes them from here). */
export const GETTING_STARTED_STEPS: readonly TGettingStartedStep[] = [
  {
    id: 'configure',
    audience: 'admin',
    feature: null,
    access: 'admin',
    title: 'Set the label size and switch on your areas',
    detail: 'Ticked once your company’s configuration has been saved with a change.',
    to: '/admin?tab=label-config',
  },
  {
    id: 'items',
    audience: 'admin',
    feature: 'inventory',
    access: 'admin',
    title: 'Add or import your items',
    detail: 'Ticked once your company has at least one item.',
    to: '/admin?tab=items',
  },
  {
    id: 'locations',
    audience: 'admin',
    feature: 'inventory',
    access: 'admin',
    title: 'Build the location tree',
    detail: 'Ticked once your company has at least one location.',
    to: '/admin?tab=items',
  },
  {
    id: 'labels',
    audience: 'admin',
    feature: 'inventory',
    access: 'signed-in',
    title: 'Print your first labels',
    detail: 'Ticked once a label has been printed for an item, a lot or a location.',
    to: '/labels',
  },
  {
    id: 'team',
    audience: 'admin',
    feature: null,
    access: 'admin',
    title: 'Invite your team',
    detail: 'Ticked once a user has been invited or added.',
    to: '/admin?tab=users',
  },
  {
    id: 'assembly',
    audience: 'admin',
    feature: 'build',
    access: 'admin',
    title: 'Set up an assembly',
    detail:
      'Ticked once an assembly has a released revision: its components and steps, ready for work orders.',
    to: '/assembly-setup',
  },
  {
    id: 'order',
    audience: 'admin',
    feature: 'build',
    access: 'signed-in',
    title: 'Make your first order',
    detail: 'Ticked once an order has been opened: its lines are ready to become work orders.',
    to: '/build/create-order',
  },
  {
    id: 'work-order',
    audience: 'admin',
    feature: 'build',
    access: 'signed-in',
    title: 'Release your first work order',
    detail: 'Ticked once a work order has been released: its components are reserved for the floor.',
    to: '/build/work-order',
  },
  {
    id: 'production',
    audience: 'admin',
    feature: 'build',
    access: 'signed-in',
    title: 'Complete a work order and read the Production Report',
    detail:
      'Ticked once a work order has been completed on the floor: it counts in the report on the day it was completed.',
    to: '/build/production-report',
  },
  {
    id: 'machine',
    audience: 'admin',
    feature: 'maintenance',
    access: 'admin',
    title: 'Add your first machine',
    detail: 'Ticked once a machine has been added: its status and runtime meter are kept from then on.',
    to: '/maintenance/machines',
  },
  {
    id: 'maintenance-plan',
    audience: 'admin',
    feature: 'maintenance',
    access: 'admin',
    title: 'Add a maintenance plan',
    detail:
      'Ticked once a plan has been added for a machine: its due dates are worked out from then on, and each completion opens the next.',
    to: '/maintenance/planned',
  },
  {
    id: 'maintenance-email',
    audience: 'admin',
    feature: 'maintenance',
    access: 'admin',
    title: 'Choose who gets maintenance e-mails',
    detail:
      'Ticked once the e-mail settings name a recipient: due, overdue and breakdown e-mails go to them from then on.',
    to: '/maintenance/email-settings',
  },
  {
    id: 'pm-calendar',
    audience: 'admin',
    feature: 'maintenance',
    access: 'signed-in',
    title: 'Put the PM calendar in your own calendar',
    detail:
      'Ticked once someone in the company has made a calendar feed link: their PM work shows in Outlook or Google Calendar.',
    to: '/maintenance/pm-calendar',
  },
  {
    id: 'breakdown',
    audience: 'admin',
    feature: 'maintenance',
    access: 'signed-in',
    title: 'Report a breakdown and resolve it',
    detail: 'Ticked once a breakdown has been resolved: its downtime and repair time count from then on.',
    to: '/maintenance/machine-fix',
  },
  {
    id: 'maintenance-logs',
    audience: 'admin',
    feature: 'maintenance',
    access: 'signed-in',
    title: 'Complete a PM and read the Maintenance Logs',
    detail:
      'Ticked once a PM has been completed: the logs count it, with MTBF, MTTR, availability and PM compliance.',
    to: '/maintenance/logs',
  },
  {
    id: 'inspection-plan',
    audience: 'admin',
    feature: 'quality',
    access: 'admin',
    title: 'Set up an inspection plan',
    detail:
      'Ticked once an inspection plan has a released version: receipts, build steps or final inspection of its item are inspected by it from then on.',
    to: '/quality/item-instructions',
  },
  {
    id: 'quality',
    audience: 'admin',
    feature: 'quality',
    access: 'signed-in',
    title: 'Finish an inspection and read the Quality Dashboard',
    detail:
      'Ticked once an inspection has been finished: the dashboard counts it in first pass yield, the defect Pareto and the control charts.',
    to: '/quality',
  },
  {
    id: 'job',
    audience: 'admin',
    feature: 'time',
    access: 'admin',
    title: 'Create a job',
    detail: 'Ticked once your company has a job: time, stock and orders are charged to it from then on.',
    to: '/jobs',
  },
  {
    id: 'job-cost',
    audience: 'admin',
    feature: 'time',
    access: 'admin',
    title: 'Charge a job and read the Job Cost Report',
    detail:
      'Ticked once a job has time or stock charged to it: the report shows its labor, material and maintenance parts against its budget.',
    to: '/job-cost-report',
  },
  {
    id: 'scan',
    audience: 'operator',
    feature: 'inventory',
    access: 'signed-in',
    title: 'Scan a label and record a movement',
    detail: 'Ticked once you have received, issued, moved or adjusted stock.',
    to: '/scan',
  },
  {
    id: 'count',
    audience: 'operator',
    feature: 'inventory',
    access: 'signed-in',
    title: 'Count stock in a stock check',
    detail: 'Ticked once you have entered a counted quantity.',
    to: '/stock-check',
  },
  {
    id: 'inspect',
    audience: 'operator',
    feature: 'quality',
    access: 'signed-in',
    title: 'Inspect a lot or a build step',
    detail: 'Ticked once you have finished an inspection in QC Instructions.',
    to: '/quality/qc-display',
  },
  {
    id: 'clock-in',
    audience: 'operator',
    feature: 'time',
    access: 'signed-in',
    title: 'Clock in to a job',
    detail: 'Ticked once you have time on a job: clocked, typed, or from a step on the build floor.',
    to: '/time',
  },
];
