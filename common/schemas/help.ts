// Getting started on /help (GET /api/v1/help/getting-started): which of the steps a company or a person takes first
// are done, each worked out from the company's real data (issue 20, docs/decisions/043).
import { z } from 'zod';
import type { TFeatureFlags } from '../label-config.ts';
import { hasRole, type TRole } from '../roles.ts';
import { GETTING_STARTED_STEPS, type TGettingStartedStep } from './getting-started-steps.ts';

export type { TGettingStartedStep } from './getting-started-steps.ts';

/** Every step Getting started knows; an area that lands adds its own (docs/help-articles.md). */
export const GETTING_STARTED_STEP_IDS = [
  'configure',
  'items',
  'locations',
  'labels',
  'team',
  'assembly',
  'order',
  'work-order',
  'production',
  'machine',
  'maintenance-plan',
  'maintenance-email',
  'pm-calendar',
  'breakdown',
  'maintenance-logs',
  'inspection-plan',
  'quality',
  'job',
  'job-cost',
  'scan',
  'count',
  'inspect',
  'clock-in',
] as const;
export const ZGettingStartedStepIdSchema = z.enum(GETTING_STARTED_STEP_IDS);
export type TGettingStartedStepId = z.infer<typeof ZGettingStartedStepIdSchema>;

/** Who a list of steps is for: an admin sets the company up, an operator (role user) does the floor work. */
export const ZGettingStartedAudienceSchema = z.enum(['admin', 'operator']);
export type TGettingStartedAudience = z.infer<typeof ZGettingStartedAudienceSchema>;

export const ZGettingStartedSchema = z.object({
  audience: ZGettingStartedAudienceSchema,
  /** The steps offered to this person, in order; a step of an area the company switched off is not among them. */
  steps: z.array(z.object({ id: ZGettingStartedStepIdSchema, done: z.boolean() })),
});
export type TGettingStarted = z.infer<typeof ZGettingStartedSchema>;

/** Who Getting started speaks to: admins (and sysadmins) set the company up, users do the floor work. */
export function audienceOf(role: TRole): TGettingStartedAudience {
  return hasRole(role, 'admin') ? 'admin' : 'operator';
}

/**
 * The steps offered to a role in a company with these areas, in order: the server ticks these, and the page draws
 * them before the ticks arrive so that their arrival moves nothing.
 */
export function offeredSteps(role: TRole, flags: TFeatureFlags): TGettingStartedStep[] {
  const audience = audienceOf(role);
  return GETTING_STARTED_STEPS.filter(
    (step) => step.audience === audience && (step.feature === null || flags[step.feature]),
  );
}

/** The step of an id. */
export function gettingStartedStep(id: TGettingStartedStepId): TGettingStartedStep {
  return GETTING_STARTED_STEPS.find((s) => s.id === id) as TGettingStartedStep;
}
