// The plan tiers of SPEC.md section 3: names, prices and the user and SKU limits each one allows.
import { z } from 'zod';

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
