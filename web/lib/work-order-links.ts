// Where a work order opens: shared by the Work Orders screen, the scan result and the scan link (decision 048), so
// no feature imports another's folder for one path.

/** The Work Orders screen. */
export const WORK_ORDERS_PATH = '/build/work-order';

/** One work order's page. */
export const workOrderPath = (id: string) => `${WORK_ORDERS_PATH}?id=${encodeURIComponent(id)}`;

/**
 * One work order run on the floor (decision 049): its steps, consumption and output; with `stepId`, opened at that
 * step (QC Instructions sends the operator back to the step an inspection came from).
 */
export const workOrderFloorPath = (id: string, stepId?: string) =>
  `${workOrderPath(id)}&view=floor${stepId ? `&step=${encodeURIComponent(stepId)}` : ''}`;
