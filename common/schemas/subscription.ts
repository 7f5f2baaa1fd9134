// The company's plan as /subscription shows it: limits, usage, the beta's end; and a change of plan (admins).
import { z } from 'zod';
import { ZPlanIdSchema } from '../plans.ts';

export const SUBSCRIPTION_MESSAGES = {
  betaOnlyAtSignUp: 'The Beta is offered at sign-up only. Choose Free, Starter or Pro.',
  samePlan: 'Your company is already on this plan.',
  tooManyUsers: (plan: string, max: number, active: number) =>
    `The ${plan} plan allows ${max} active users and your company has ${active}. Inactivate ${active - max} first, then change the plan.`,
  tooManySkus: (plan: string, max: number, skus: number) =>
    `The ${plan} plan allows ${max} SKUs and your company has ${skus}. Deactivate ${skus - max} first, then change the plan.`,
} as const;

export const ZSubscriptionSchema = z.object({
  planId: z.string(),
  /** The plan's name in the app (Free, Starter, Pro, Beta), or "Unknown plan". */
  planName: z.string(),
  /** The plan whose limits apply now: Free for an expired beta. */
  limitsPlanName: z.string(),
  maxUsers: z.number().int(),
  maxSkus: z.number().int(),
  activeUsers: z.number().int(),
  skus: z.number().int(),
  startedAt: z.string(),
  /** When a plan with a duration (the beta) ends; null otherwise. */
  endsAt: z.string().nullable(),
  expired: z.boolean(),
  monthlyPriceUsd: z.number(),
});
export type TSubscription = z.infer<typeof ZSubscriptionSchema>;

/** POST /api/v1/subscription/plan: the plan to move to. Payment is out of scope: the change is recorded. */
export const ZChangePlanSchema = z.object({ planId: ZPlanIdSchema });
export type TChangePlan = z.infer<typeof ZChangePlanSchema>;
