// A corrective action after MIL-STD-105E 4.8 discontinued acceptance sampling (decisions 070 "Switching rules", 077):
// five lots of an item (at receipt, from one supplier) rejected in one stretch of tightened inspection stop inspection
// under the standard until the supplier's corrective action is recorded; then it resumes at tightened. Recorded by an
// admin, like a disposition. The shared contract of POST /api/v1/sampling-corrective-actions.
import { z } from 'zod';

export const CORRECTIVE_ACTION_STAGES = ['receipt', 'final'] as const;
export const CORRECTIVE_ACTION_MAX = 2000;
export const CORRECTIVE_REFERENCE_MAX = 200;

export const CORRECTIVE_ACTION_MESSAGES = {
  itemNotFound: 'No such item in your company.',
  supplierNotFound: 'No such supplier in your company.',
  finalHasNoSupplier: 'Final inspection has no supplier: leave the supplier out.',
  notDiscontinued: (what: string) =>
    `Inspection of ${what} is not discontinued: a corrective action is recorded after five lots are rejected under tightened inspection. Nothing was recorded.`,
} as const;

const id = (what: string) => z.uuid(`Not the id of a ${what}`);

/** POST /api/v1/sampling-corrective-actions: the pair (item, stage, supplier) and what was done. */
export const ZCorrectiveActionInputSchema = z
  .object({
    itemId: id('item'),
    stage: z.enum(CORRECTIVE_ACTION_STAGES, { error: 'Choose receipt or final' }),
    /** The receipt's supplier; null for lots received from no supplier, and for final inspection. */
    supplierId: id('supplier').nullable().default(null),
    action: z
      .string({ error: 'Say what the supplier did' })
      .trim()
      .min(3, 'Say what the supplier did (at least 3 characters)')
      .max(CORRECTIVE_ACTION_MAX, `At most ${CORRECTIVE_ACTION_MAX} characters`),
    reference: z
      .string({ error: 'The reference must be text' })
      .trim()
      .max(CORRECTIVE_REFERENCE_MAX, `At most ${CORRECTIVE_REFERENCE_MAX} characters`)
      .default(''),
  })
  .superRefine((input, ctx) => {
    if (input.stage === 'final' && input.supplierId !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['supplierId'],
        message: CORRECTIVE_ACTION_MESSAGES.finalHasNoSupplier,
      });
  });
export type TCorrectiveActionInput = z.input<typeof ZCorrectiveActionInputSchema>;
export type TCorrectiveActionParsed = z.output<typeof ZCorrectiveActionInputSchema>;

/** A recorded corrective action. */
export const ZCorrectiveActionSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  stage: z.enum(CORRECTIVE_ACTION_STAGES),
  supplierId: z.string().nullable(),
  action: z.string(),
  reference: z.string(),
  recordedBy: z.string(),
  recordedAt: z.string(),
});
export type TCorrectiveAction = z.infer<typeof ZCorrectiveActionSchema>;
