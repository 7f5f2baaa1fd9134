// The stock balance report (GET /api/v1/stock/balance-report): per item, what there was at the start of a period,
// what came in, what went out and what is left at its end, from the ledger alone, with company-wide totals.
import { z } from 'zod';
import { daysBetween, isCalendarDate } from '../time/calendar.ts';
import { isoDate } from './dates.ts';
import { pageOf, pageQuery } from './paging.ts';

/**
 * The first day a report may start on and the last it may end on. Days are the company's (decision 040): 1 January
 * of year 1 in a zone east of UTC begins in year 0, which the database cannot read; 31 December 9999 in a zone west
 * of it ends in year 10000.
 */
const FIRST_DAY = '0001-01-02';
const LAST_DAY = '9999-12-30';

/** The longest period one report may cover: ten years of ledger is still one pass over the rows. */
export const REPORT_MAX_DAYS = 3660;

export const ZStockReportQuerySchema = z
  .object({
    from: isoDate('Use a date like 2026-01-31').refine(
      (from) => from >= FIRST_DAY,
      `Start the report on ${FIRST_DAY} at the earliest`,
    ),
    // The report reads up to the end of `to`, the next midnight: past 9999-12-30 that is year 10000, which the
    // database cannot read (a 500 on PGlite, found by the fuzz test).
    to: isoDate('Use a date like 2026-01-31').refine(
      (to) => to <= LAST_DAY,
      `End the report by ${LAST_DAY} at the latest`,
    ),
    category: z.string().trim().max(100).optional(),
    /** Only stock at this location and everything under it. */
    locationId: z.uuid('Not a location id').optional(),
    ...pageQuery(50, 500),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The end date must be on or after the start date' })
  // Zod runs this even when a field above failed: only dates are measured (a word would throw, a 500).
  .refine(
    (q) => !isCalendarDate(q.from) || !isCalendarDate(q.to) || daysBetween(q.from, q.to) <= REPORT_MAX_DAYS,
    {
      path: ['from'],
      message: 'A report covers at most ten years',
    },
  );
export type TStockReportQuery = z.infer<typeof ZStockReportQuerySchema>;

export const ZStockReportRowSchema = z.object({
  itemId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  category: z.string(),
  unitOfMeasure: z.string(),
  opening: z.string(),
  received: z.string(),
  issued: z.string(),
  closing: z.string(),
  /** Closing quantity at the item's current unit cost. */
  closingValue: z.string(),
});
export type TStockReportRow = z.infer<typeof ZStockReportRowSchema>;

export const ZStockReportSchema = pageOf(ZStockReportRowSchema).extend({
  from: z.string(),
  to: z.string(),
  /** Over every item of the report, not only this page. */
  totals: z.object({
    openingValue: z.string(),
    closingValue: z.string(),
    itemsWithMovement: z.number().int(),
  }),
});
export type TStockReport = z.infer<typeof ZStockReportSchema>;
