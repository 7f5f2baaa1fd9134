// What the /time screen clocks in to besides a job (decision 082): a job's work-order steps under way, and what a
// scanned work order stands for — its job and the step running on it. The clock itself is common/schemas/time.ts.
import { z } from 'zod';
import { STEP_RUN_STATUSES } from '../work-order-status.ts';
import { JOB_STATUSES } from './jobs.ts';

export const ZJobIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a job id' }) });
export const ZWorkOrderIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a work order id' }) });

/** The most steps offered for one job: its work orders' steps under way (started, not finished). */
export const MAX_CLOCK_STEPS = 50;

/** A work-order step under way, as the clock names it. */
export const ZClockStepSchema = z.object({
  stepRunId: z.string(),
  workOrderId: z.string(),
  /** "WO-000012 · 2. Solder", as a time entry's stepLabel. */
  label: z.string(),
  status: z.enum(STEP_RUN_STATUSES),
  startedAt: z.string(),
});
export type TClockStep = z.infer<typeof ZClockStepSchema>;

/** GET /api/v1/time/jobs/:id/steps: the job's steps under way, by work order and position. */
export const ZClockStepsSchema = z.object({ steps: z.array(ZClockStepSchema) });
export type TClockSteps = z.infer<typeof ZClockStepsSchema>;

/** GET /api/v1/time/work-orders/:id/target: the work order's job (null: none) and the step running on it (null: none). */
export const ZWorkOrderClockTargetSchema = z.object({
  workOrderId: z.string(),
  /** WO-000012 */
  workOrderNumber: z.string(),
  job: z
    .object({ id: z.string(), numberText: z.string(), name: z.string(), status: z.enum(JOB_STATUSES) })
    .nullable(),
  step: ZClockStepSchema.nullable(),
});
export type TWorkOrderClockTarget = z.infer<typeof ZWorkOrderClockTargetSchema>;
