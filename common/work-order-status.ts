// The life of a work order and of a build order, once for the server, the web app and the database's CHECK
// (decision 044): every move not in these tables is refused by the server with 409 INVALID_TRANSITION.

/** A work order: planned, released (components reserved), in progress, paused, then completed or cancelled. */
export const WORK_ORDER_STATUSES = [
  'planned',
  'released',
  'in_progress',
  'paused',
  'completed',
  'cancelled',
] as const;
export type TWorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/**
 * The moves a work order may make. Releasing reserves its components and unreleasing (back to planned) or cancelling
 * returns what is left of the reservation; it starts when its first step starts; completed and cancelled are final.
 */
export const WORK_ORDER_TRANSITIONS: Readonly<Record<TWorkOrderStatus, readonly TWorkOrderStatus[]>> = {
  planned: ['released', 'cancelled'],
  released: ['planned', 'in_progress', 'cancelled'],
  in_progress: ['paused', 'completed', 'cancelled'],
  paused: ['in_progress', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** Whether a work order in `from` may move to `to`. */
export function canMoveWorkOrder(from: TWorkOrderStatus, to: TWorkOrderStatus): boolean {
  return WORK_ORDER_TRANSITIONS[from].includes(to);
}

/** A work order whose components are held back from stock (its reservation is open). */
export function holdsReservation(status: TWorkOrderStatus): boolean {
  return status === 'released' || status === 'in_progress' || status === 'paused';
}

/** A build order: drafted, open (work may be made from it), in progress, done, or cancelled. */
export const BUILD_ORDER_STATUSES = ['draft', 'open', 'in_progress', 'done', 'cancelled'] as const;
export type TBuildOrderStatus = (typeof BUILD_ORDER_STATUSES)[number];

/** The orders still to be worked on: the list's default filter ('active') shows these, and names them. */
export const UNFINISHED_BUILD_ORDER_STATUSES = [
  'draft',
  'open',
  'in_progress',
] as const satisfies readonly TBuildOrderStatus[];

/**
 * The moves an order may make by hand. An open order goes to in progress when one of its work orders starts, and
 * to done when every line's work orders are completed (the server moves it); it may also be closed as done by hand.
 */
export const BUILD_ORDER_TRANSITIONS: Readonly<Record<TBuildOrderStatus, readonly TBuildOrderStatus[]>> = {
  draft: ['open', 'cancelled'],
  open: ['draft', 'in_progress', 'done', 'cancelled'],
  in_progress: ['done', 'cancelled'],
  done: [],
  cancelled: [],
};

/** Whether an order in `from` may move to `to`. */
export function canMoveBuildOrder(from: TBuildOrderStatus, to: TBuildOrderStatus): boolean {
  return BUILD_ORDER_TRANSITIONS[from].includes(to);
}

/** A step of a work order as it runs. */
export const STEP_RUN_STATUSES = ['running', 'paused', 'finished'] as const;
export type TStepRunStatus = (typeof STEP_RUN_STATUSES)[number];

/** A work order's number as people say and print it: WO-000042. */
export function workOrderNumberText(n: number): string {
  return `WO-${String(n).padStart(6, '0')}`;
}

/** An order's number as people say and print it: SO-000042. */
export function buildOrderNumberText(n: number): string {
  return `SO-${String(n).padStart(6, '0')}`;
}
