// Which inspection plans a recipe's step is inspected with (decisions 070 and 071): on a draft assembly revision's
// step, step-stage plans of the assembly's own item, each required or not, in order. Frozen with the revision.
import { z } from 'zod';

export const STEP_CHECK_MESSAGES = {
  stepNotFound: 'No such step in your company.',
  planNotFound: 'No such step plan of this assembly’s item.',
  released: (n: number) => `Revision ${n} is released and cannot change: press Edit to make a new draft.`,
  twice: 'Each plan once per step',
} as const;

/** PUT /api/v1/assembly-steps/:id/checks: the step's plans in order, whole. */
export const ZStepChecksSaveSchema = z.object({
  checks: z
    .array(
      z.object({
        planId: z.uuid('Choose a step plan'),
        /** Required: the step cannot be finished on the floor until this plan's inspection passes. */
        required: z.boolean({ error: 'Required must be true or false' }).default(true),
      }),
      { error: 'Checks must be a list' },
    )
    .max(20, 'At most 20 plans on one step'),
});
export type TStepChecksSave = z.input<typeof ZStepChecksSaveSchema>;

export const ZStepCheckSchema = z.object({
  planId: z.string(),
  name: z.string(),
  position: z.number().int(),
  required: z.boolean(),
  active: z.boolean(),
  /** The plan's released version in force, or null: a step with an unreleased plan has nothing to inspect yet. */
  releasedNumber: z.number().int().nullable(),
});
export type TStepCheck = z.infer<typeof ZStepCheckSchema>;

/** GET /api/v1/assembly-revisions/:id/step-checks: every step of the revision with its plans. */
export const ZRevisionStepChecksSchema = z.object({
  revisionId: z.string(),
  steps: z.array(z.object({ stepId: z.string(), checks: z.array(ZStepCheckSchema) })),
});
export type TRevisionStepChecks = z.infer<typeof ZRevisionStepChecksSchema>;
