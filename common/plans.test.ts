// The plan tiers of SPEC.md section 3, number by number.
import { describe, expect, it } from 'vitest';
import { BETA_FEATURES, FALLBACK_PLAN_LIMITS, findPlan, PLANS } from './plans.ts';

describe('plan tiers', () => {
  it('are the four tiers of SPEC.md with their display names, prices and limits', () => {
    expect(PLANS.map((p) => [p.id, p.display, p.priceLabel, p.maxUsers, p.maxSkus])).toEqual([
      ['basic', 'Free', 'Free', 3, 10],
      ['standard', 'Starter', '$25/month', 10, 100],
      ['premium', 'Pro', '$100/month', 50, 500],
      ['beta', 'Beta', 'Free for one year', 50, 500],
    ]);
  });

  it('charges 0, 25, 100 and 0 dollars a month', () => {
    expect(PLANS.map((p) => p.monthlyPriceUsd)).toEqual([0, 25, 100, 0]);
  });

  it('titles the plan cards Free, Standard, Premium and Beta', () => {
    expect(PLANS.map((p) => p.cardTitle)).toEqual(['Free', 'Standard', 'Premium', 'Beta']);
  });

  it('lets the beta last 12 months and the paid tiers as long as they are paid', () => {
    expect(PLANS.map((p) => p.durationMonths)).toEqual([null, null, null, 12]);
  });

  it("offers the beta's Pro features as the landing page lists them", () => {
    expect([...BETA_FEATURES]).toEqual([
      'Up to 50 users',
      'Up to 500 SKUs',
      'Custom labeling',
      'Barcode scanning',
      'Video work instructions',
    ]);
  });

  it('falls back to 3 users and 25 SKUs', () => {
    expect(FALLBACK_PLAN_LIMITS).toEqual({ maxUsers: 3, maxSkus: 25 });
  });

  it('finds a tier by id and nothing for an unknown or missing id', () => {
    expect(findPlan('premium')?.display).toBe('Pro');
    expect(findPlan('enterprise')).toBeNull();
    expect(findPlan(null)).toBeNull();
    expect(findPlan(undefined)).toBeNull();
  });
});
