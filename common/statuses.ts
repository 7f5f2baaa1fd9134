// Every status a screen shows as a badge: its words and its tone, once, so that a list, a card, an item page and a
// report say "Overdue" in the same words and colour. A new area (work orders, machines, nonconformances) adds its
// statuses here; web/components/status-badge.tsx draws them. Tones, not colours: the web kit maps a tone to a colour
// and variant that keeps the text readable (axe's colour-contrast rule), and words always carry the meaning.
import type { TOccurrenceState } from './maintenance/schedule.ts';
import type { TBreakdownPriority, TBreakdownStatus } from './schemas/breakdowns.ts';
import type { TRevisionStatus } from './schemas/build.ts';
import type { TStepCheckState } from './schemas/floor-checks.ts';
import type { TInspectionStatus } from './schemas/inspections.ts';
import type { TJobStatus } from './schemas/jobs.ts';
import type { TMachineStatus } from './schemas/machines.ts';
import type { TPmEntryState } from './schemas/maintenance-calendar.ts';
import type { TOccurrenceStatus } from './schemas/maintenance-occurrences.ts';
import type { TNcStatus } from './schemas/nonconformances.ts';
import type { TCountStatus } from './schemas/stock-check.ts';
import type { TBuildOrderStatus, TStepRunStatus, TWorkOrderStatus } from './work-order-status.ts';

/** How much a status asks for attention. */
export type TStatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface TStatusStyle {
  label: string;
  tone: TStatusTone;
}

type TStatusMap<K extends string> = Readonly<Record<K, TStatusStyle>>;

const count: TStatusMap<TCountStatus> = {
  counting: { label: 'Counting', tone: 'info' },
  posted: { label: 'Posted', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

const user: TStatusMap<'active' | 'invited' | 'inactive'> = {
  active: { label: 'Active', tone: 'success' },
  invited: { label: 'Invited', tone: 'warning' },
  inactive: { label: 'Inactive', tone: 'neutral' },
};

const borrowing: TStatusMap<'out' | 'overdue' | 'returned'> = {
  out: { label: 'Out', tone: 'info' },
  overdue: { label: 'Overdue', tone: 'danger' },
  returned: { label: 'Returned', tone: 'success' },
};

/** Items, locations and lots: in use or switched off. */
const record: TStatusMap<'active' | 'inactive'> = {
  active: { label: 'Active', tone: 'success' },
  inactive: { label: 'Inactive', tone: 'neutral' },
};

const stock: TStatusMap<'low'> = {
  low: { label: 'Low stock', tone: 'warning' },
};

const signInOutcome: TStatusMap<'success' | 'failure' | 'denied'> = {
  success: { label: 'Success', tone: 'success' },
  failure: { label: 'Failure', tone: 'danger' },
  denied: { label: 'Denied', tone: 'warning' },
};

/** A Getting started step on /help: ticked from the company's data. */
const step: TStatusMap<'done' | 'todo'> = {
  done: { label: 'Done', tone: 'success' },
  todo: { label: 'To do', tone: 'neutral' },
};

/** An assembly's revision: a draft is edited, a released one is frozen. */
const revision: TStatusMap<TRevisionStatus> = {
  draft: { label: 'Draft', tone: 'neutral' },
  released: { label: 'Released', tone: 'success' },
};

/** A work order's life (the moves: common/work-order-status.ts). */
const workOrder: TStatusMap<TWorkOrderStatus> = {
  planned: { label: 'Planned', tone: 'neutral' },
  released: { label: 'Released', tone: 'info' },
  in_progress: { label: 'In progress', tone: 'info' },
  paused: { label: 'Paused', tone: 'warning' },
  completed: { label: 'Completed', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

/** A build order's life. */
const buildOrder: TStatusMap<TBuildOrderStatus> = {
  draft: { label: 'Draft', tone: 'neutral' },
  open: { label: 'Open', tone: 'info' },
  in_progress: { label: 'In progress', tone: 'info' },
  done: { label: 'Done', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

/** A step of a work order on the shop floor. */
const stepRun: TStatusMap<TStepRunStatus | 'not_started'> = {
  not_started: { label: 'Not started', tone: 'neutral' },
  running: { label: 'Running', tone: 'info' },
  paused: { label: 'Paused', tone: 'warning' },
  finished: { label: 'Finished', tone: 'success' },
};

/** A machine: running, stopped by a fault, or stopped for maintenance. */
const machine: TStatusMap<TMachineStatus> = {
  running: { label: 'Running', tone: 'success' },
  down: { label: 'Down', tone: 'danger' },
  in_maintenance: { label: 'In maintenance', tone: 'warning' },
};

/** Where a plan's open occurrence stands today (decision 045). */
const pmState: TStatusMap<TOccurrenceState> = {
  scheduled: { label: 'Scheduled', tone: 'neutral' },
  'due-soon': { label: 'Due soon', tone: 'info' },
  due: { label: 'Due', tone: 'warning' },
  overdue: { label: 'Overdue', tone: 'danger' },
};

/** An occurrence of a plan: open, done, or a grid date that passed while another was open. */
const pmOccurrence: TStatusMap<TOccurrenceStatus> = {
  open: { label: 'Open', tone: 'info' },
  completed: { label: 'Done', tone: 'success' },
  missed: { label: 'Missed', tone: 'danger' },
};

/** A breakdown: waiting for a technician, being fixed, fixed. */
const breakdown: TStatusMap<TBreakdownStatus> = {
  reported: { label: 'Reported', tone: 'danger' },
  in_progress: { label: 'In progress', tone: 'warning' },
  resolved: { label: 'Resolved', tone: 'success' },
};

/** How urgent a breakdown is. */
const breakdownPriority: TStatusMap<TBreakdownPriority> = {
  low: { label: 'Low', tone: 'neutral' },
  medium: { label: 'Medium', tone: 'info' },
  high: { label: 'High', tone: 'warning' },
  critical: { label: 'Critical', tone: 'danger' },
};

/** Preventive work on the PM calendar (decision 059): an open occurrence's state, a forecast, or its history. */
const pmWork: TStatusMap<TPmEntryState> = {
  // An open occurrence's state reads as it does on the plans (one meaning, one colour).
  ...pmState,
  forecast: { label: 'Forecast', tone: 'neutral' },
  completed: { label: 'Done', tone: 'success' },
  missed: { label: 'Missed', tone: 'danger' },
};

/** Where a step's inspection plan stands for a work order on the floor (decision 076). */
const stepCheck: TStatusMap<TStepCheckState> = {
  not_started: { label: 'Not started', tone: 'neutral' },
  open: { label: 'Open', tone: 'info' },
  passed: { label: 'Passed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** An inspection (decision 072): under way, or finished with its verdict. */
const inspection: TStatusMap<TInspectionStatus> = {
  open: { label: 'Open', tone: 'info' },
  passed: { label: 'Passed', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** A nonconformance (decision 073): waiting for a disposition, dispositioned and waiting to be closed, closed. */
const nonconformance: TStatusMap<TNcStatus> = {
  open: { label: 'Open', tone: 'warning' },
  dispositioned: { label: 'Dispositioned', tone: 'info' },
  closed: { label: 'Closed', tone: 'success' },
};

/** A job (decision 079): taking work and material, paused, or finished with. */
const job: TStatusMap<TJobStatus> = {
  open: { label: 'Open', tone: 'success' },
  on_hold: { label: 'On hold', tone: 'warning' },
  closed: { label: 'Closed', tone: 'neutral' },
};

/** The statuses by what they belong to. */
export const STATUSES = {
  count,
  user,
  borrowing,
  record,
  stock,
  signInOutcome,
  step,
  revision,
  workOrder,
  buildOrder,
  stepRun,
  machine,
  pmState,
  pmOccurrence,
  breakdown,
  breakdownPriority,
  pmWork,
  stepCheck,
  inspection,
  nonconformance,
  job,
} as const;

export type TStatusKind = keyof typeof STATUSES;
export type TStatusOf<K extends TStatusKind> = keyof (typeof STATUSES)[K] & string;

/** The words and tone of a status; an unknown value (a newer server) shows as itself, neutral. */
export function statusStyle<K extends TStatusKind>(kind: K, status: string): TStatusStyle {
  const styles = STATUSES[kind] as Readonly<Record<string, TStatusStyle>>;
  const style = Object.hasOwn(styles, status) ? styles[status] : undefined;
  return style ?? { label: status, tone: 'neutral' };
}
