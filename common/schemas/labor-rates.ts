// A burdened labor rate set from a date (decision 080): POST /api/v1/users/:id/labor-rates/preview answers how many
// time entries it would re-price, POST /api/v1/users/:id/labor-rates sets it. A rate from today takes effect now and
// re-prices nothing; one from a past date takes effect at that day's start in the company's time zone and re-prices
// exactly the entries that started from then until the person's next dated rate.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { ZBurdenedLaborRateSchema, ZCompanyUserSchema } from './users.ts';

export const LABOR_RATE_MESSAGES = {
  effectiveFromInvalid: 'Effective from must be a date (YYYY-MM-DD)',
  effectiveFromFuture: 'Effective from cannot be after today: set a future rate on its day',
} as const;

export const ZLaborRateChangeSchema = z.object({
  rate: ZBurdenedLaborRateSchema,
  /** A calendar date of the company's, today or earlier. */
  effectiveFrom: isoDate(LABOR_RATE_MESSAGES.effectiveFromInvalid),
});
export type TLaborRateChange = z.infer<typeof ZLaborRateChangeSchema>;

/** What setting the rate would do. */
export const ZLaborRatePreviewSchema = z.object({
  rate: z.string(),
  /** The instant it takes effect (UTC ISO): the day's start in the company's zone, or now for today. */
  effectiveAt: z.string(),
  /** How many time entries it re-prices (they started from then until the person's next dated rate). */
  entries: z.number().int(),
});
export type TLaborRatePreview = z.infer<typeof ZLaborRatePreviewSchema>;

export const ZLaborRateSetSchema = ZLaborRatePreviewSchema.extend({ user: ZCompanyUserSchema });
export type TLaborRateSet = z.infer<typeof ZLaborRateSetSchema>;
