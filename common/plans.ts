// The plan tiers of SPEC.md section 3: names, prices and the user and SKU limits each one allows.
import { z } from 'zod';
import { addMonthsToInstant } from './time/calendar.ts';
import { formatInstantDate } from './time/format.ts';

export const PLAN_IDS = ['basic', 'standard', 'premium', 'beta'] as const;
export const ZPlanIdSchema = z.enum(PLAN_IDS);
export type TPlanId = z.infer<typeof ZPlanIdSchema>;

/** One tier. `display` is the name used in the app; `cardTitle` the title of its card on /plans. */
export interface TPlan {
  id: TPlanId;
  display: string;
  cardTitle: string;
  priceLabel: string;
  monthlyPriceUsd: number;
  maxUsers: number;
  maxSkus: number;
  /** How long the plan lasts from sign-up, or null for as long as it is paid. */
  durationMonths: number | null;
  features: readonly string[];
}

/** The beta's Pro features, as the landing page offers them. */
export const BETA_FEATURES = [
  'Up to 50 users',
  'Up to 500 SKUs',
  'Custom labeling',
  'Barcode scanning',
  'Video work instructions',
] as const;

export const PLANS: readonly TPlan[] = [
  {
    id: 'basic',
    display: 'Free',
    cardTitle: 'Free',
    priceLabel: 'Free',
    monthlyPriceUsd: 0,
    maxUsers: 3,
    maxSkus: 10,
    durationMonths: null,
    features: ['Up to 3 users', 'Up to 10 SKUs', 'QR and barcode labels', 'Scanning from a phone'],
  },
  {
    id: 'standard',
    display: 'Starter',
    cardTitle: 'Standard',
    priceLabel: '$25/month',
    monthlyPriceUsd: 25,
    maxUsers: 10,
    maxSkus: 100,
    durationMonths: null,
    features: ['Up to 10 users', 'Up to 100 SKUs', 'Work orders and assembly', 'Quality checks'],
  },
  {
    id: 'premium',
    display: 'Pro',
    cardTitle: 'Premium',
    priceLabel: '$100/month',
    monthlyPriceUsd: 100,
    maxUsers: 50,
    maxSkus: 500,
    durationMonths: null,
    features: [
      'Up to 50 users',
      'Up to 500 SKUs',
      'Custom labeling',
      'Video work instructions',
      'Preventive maintenance',
    ],
  },
  {
    id: 'beta',
    display: 'Beta',
    cardTitle: 'Beta',
    priceLabel: 'Free for one year',
    monthlyPriceUsd: 0,
    maxUsers: 50,
    maxSkus: 500,
    durationMonths: 12,
    features: [...BETA_FEATURES],
  },
];

/** The limits used when a company's plan cannot be found. */
export const FALLBACK_PLAN_LIMITS = { maxUsers: 3, maxSkus: 25 } as const;

/** The plan a new company gets when none was chosen at /plans. */
export const DEFAULT_PLAN_ID: TPlanId = 'beta';

/** Looks a tier up by id; null for an unknown id. */
export function findPlan(id: string | null | undefined): TPlan | null {
  return PLANS.find((plan) => plan.id === id) ?? null;
}

/** The limits a company has today: its plan's, the Free plan's once a beta has run out, the fallback's otherwise. */
export interface TPlanLimits {
  /** The plan whose limits apply (Free for an expired beta), or null when the plan id is unknown. */
  plan: TPlan | null;
  /** The plan the company is on, as stored. */
  planId: string;
  maxUsers: number;
  maxSkus: number;
  /** When a plan with a duration (the beta) ends; null for plans that run as long as they are paid. */
  endsAt: Date | null;
  /** True once a plan with a duration has ended: the Free limits apply until the company picks a plan. */
  expired: boolean;
}

/**
 * The instant `months` calendar months after `from`, on UTC's calendar (plans are the installation's, not a
 * company's day): the same day of the month, clamped to the month's end.
 */
export function addMonths(from: Date, months: number): Date {
  return addMonthsToInstant(from, months, 'UTC');
}

/** The limits of a company on `planId` since `planStartedAt`, as of `now`. */
export function planLimitsOf(planId: string, planStartedAt: Date, now: Date = new Date()): TPlanLimits {
  const plan = findPlan(planId);
  if (!plan) return { plan: null, planId, ...FALLBACK_PLAN_LIMITS, endsAt: null, expired: false };
  const endsAt = plan.durationMonths === null ? null : addMonths(planStartedAt, plan.durationMonths);
  if (endsAt && now >= endsAt) {
    const free = findPlan('basic')!;
    return { plan: free, planId, maxUsers: free.maxUsers, maxSkus: free.maxSkus, endsAt, expired: true };
  }
  return { plan, planId, maxUsers: plan.maxUsers, maxSkus: plan.maxSkus, endsAt, expired: false };
}

/** Why an addition is refused: names the plan and the limit (and the beta's end when that is the reason). */
export function planLimitMessage(limits: TPlanLimits, what: 'users' | 'SKUs', current: number): string {
  const max = what === 'users' ? limits.maxUsers : limits.maxSkus;
  const unit = what === 'users' ? 'active users' : 'SKUs';
  const name = limits.plan?.display ?? 'current';
  const fix =
    what === 'users'
      ? 'Choose a larger plan under Admin → Subscription, or inactivate a user first.'
      : 'Choose a larger plan under Admin → Subscription, or deactivate an item first.';
  if (limits.expired && limits.endsAt) {
    // Written as the screens write a date ("Nov 23, 2026"); the day is UTC's, as the beta's end is kept.
    const ended = formatInstantDate(limits.endsAt, 'UTC');
    return `Plan limit reached: your Beta ended on ${ended}, so the Free plan's limit of ${max} ${unit} applies and your company has ${current}. ${fix}`;
  }
  return `Plan limit reached: the ${name} plan allows ${max} ${unit} and your company has ${current}. ${fix}`;
}
