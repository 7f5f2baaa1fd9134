// A work order's cost and, once completed, its record (decision 064): part of the work order's detail
// (GET /api/v1/work-orders/:id), so the page shows planned against actual material cost, labor and the unit cost,
// and a completed work order's good, scrap, consumption against plan and minutes against standard.
import { z } from 'zod';

/**
 * Money as exact decimal text on the ledger's 4 decimals ("12.5", "0.0833"); differences are signed. Quantities are
 * in the component's or the assembly's unit, minutes to 3 decimals.
 */
export const ZWorkOrderCostSchema = z.object({
  /** Fixed at release: the rounded requirements × the components' unit cost then. */
  plannedMaterial: z.string(),
  /** The ledger cost of what it consumed (each consumption at its posting's unit cost). */
  actualMaterial: z.string(),
  /** actual − planned: above zero it took more than planned. */
  materialVariance: z.string(),
  /** materialVariance ÷ planned × 100, one decimal; null when nothing was planned. */
  materialVariancePercent: z.string().nullable(),
  /** Standard labor charged to its outputs (minutes × the blended rate); 0 without a labor rate. */
  labor: z.string(),
  /** The value its good output carried into stock, with what completion settled. */
  outputValue: z.string(),
  /** outputValue ÷ good units; null before any good unit. */
  unitCost: z.string().nullable(),
  /** Whether the company has a labor rate (decision 044's blended rate): without one, labor is not costed. */
  laborRateSet: z.boolean(),
});
export type TWorkOrderCost = z.infer<typeof ZWorkOrderCostSchema>;

/** Scrap recorded with one reason and defect code: at an output (`stepTitle` null) or at a step's finish. */
export const ZWorkOrderScrapSchema = z.object({
  reason: z.string(),
  /** "SCR-01 — Scratched": the defect code it was recorded under (decision 076); null for scrap without one. */
  defectCode: z.string().nullable(),
  quantity: z.string(),
  stepTitle: z.string().nullable(),
});

/** One component: what the plan reserved against what was consumed, and why they differ. */
export const ZWorkOrderUsageSchema = z.object({
  itemId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  unitOfMeasure: z.string(),
  planned: z.string(),
  consumed: z.string(),
  /** consumed − planned: above zero, more was used than planned. */
  variance: z.string(),
  /** The ledger cost of what was consumed. */
  consumedCost: z.string(),
  /** The reasons given: for using more, for settling a line short at completion. */
  reasons: z.array(z.string()),
});
export type TWorkOrderUsage = z.infer<typeof ZWorkOrderUsageSchema>;

/** One step: the minutes its run took (pauses left out) against setup + run × the units made. */
export const ZWorkOrderStepMinutesSchema = z.object({
  stepId: z.string(),
  position: z.number().int(),
  title: z.string(),
  actualMinutes: z.string(),
  standardMinutes: z.string(),
});
export type TWorkOrderStepMinutes = z.infer<typeof ZWorkOrderStepMinutesSchema>;

/** What a completed work order did. */
export const ZWorkOrderRecordSchema = z.object({
  goodQuantity: z.string(),
  scrapQuantity: z.string(),
  /** Largest first. */
  scrap: z.array(ZWorkOrderScrapSchema),
  consumption: z.array(ZWorkOrderUsageSchema),
  steps: z.array(ZWorkOrderStepMinutesSchema),
});
export type TWorkOrderRecord = z.infer<typeof ZWorkOrderRecordSchema>;
