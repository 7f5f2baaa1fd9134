// Quality on the build floor (decisions 070, 076): the plans a step is inspected with as the floor view shows them in
// place, the refusal naming the required ones not passed, and the defect code scrap is recorded under.
import { z } from 'zod';

/** "QI-000004": an inspection's number as people say it. */
export const inspectionNumberText = (n: number) => `QI-${String(n).padStart(6, '0')}`;

/** The defect code scrap was recorded under, as the floor and the work order's record show it. */
export const ZScrapDefectCodeSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type TScrapDefectCode = z.infer<typeof ZScrapDefectCodeSchema>;

/** Where a step's inspection of a plan stands for this work order (decision 076). */
export const STEP_CHECK_STATES = ['not_started', 'open', 'passed', 'failed'] as const;
export type TStepCheckState = (typeof STEP_CHECK_STATES)[number];

/**
 * A plan the step is inspected with, as the floor shows it in place: `state` from this work order's inspections of
 * it at this step — passed once any passed (that one is `inspection`), else the latest one's, else not started.
 * `blocking`: required, switched on and not passed — the step's finish and the completion are refused while it is.
 */
export const ZFloorStepCheckSchema = z.object({
  planId: z.string(),
  name: z.string(),
  required: z.boolean(),
  /** Switched off by Quality: no longer inspected, so it no longer blocks. */
  active: z.boolean(),
  /** Whether the plan has a released version: without one there is nothing to inspect with yet. */
  released: z.boolean(),
  state: z.enum(STEP_CHECK_STATES),
  inspection: z.object({ id: z.string(), number: z.number().int(), numberText: z.string() }).nullable(),
  blocking: z.boolean(),
});
export type TFloorStepCheck = z.infer<typeof ZFloorStepCheckSchema>;

/** A required check not passed, as the 409 of a step's finish or of completion lists it (`error.details.checks`). */
export const ZOpenCheckSchema = z.object({
  stepId: z.string(),
  stepPosition: z.number().int(),
  stepTitle: z.string(),
  planId: z.string(),
  planName: z.string(),
  state: z.enum(STEP_CHECK_STATES),
  inspectionNumberText: z.string().nullable(),
  /** Why it is open, in words: "not started", "QI-000004 failed", "the plan has no released version yet". */
  why: z.string(),
});
export type TOpenCheck = z.infer<typeof ZOpenCheckSchema>;
/** The `details` of the 409 CONFLICT naming open checks: read it with `ZChecksOpenDetailsSchema.safeParse`. */
export const ZChecksOpenDetailsSchema = z.object({ checks: z.array(ZOpenCheckSchema) });
export type TChecksOpenDetails = z.infer<typeof ZChecksOpenDetailsSchema>;
