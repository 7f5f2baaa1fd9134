// Holds of lots (decision 070): a lot on hold cannot be issued, moved, consumed or lent (the posting engine refuses
// it); anyone in the company may hold a lot with a reason, an admin releases it by hand, and a passed inspection
// releases what it held. The shared contract of /api/v1/lots/:id/hold, /release and /holds (the lot page's hold
// history).
import { z } from 'zod';
import { pageOf, pageQuery } from './paging.ts';

export const LOT_HOLD_MESSAGES = {
  lotNotFound: 'No such lot in your company.',
  alreadyHeld: (reason: string) => `This lot is already on hold (${reason}). Nothing changed.`,
  notHeld: 'This lot is not on hold. Nothing changed.',
} as const;

/** POST /api/v1/lots/:id/hold and /release: why. */
export const ZLotHoldSchema = z.object({
  reason: z.string({ error: 'Say why' }).trim().min(3, 'Say why (at least 3 characters)').max(500),
});
export type TLotHold = z.infer<typeof ZLotHoldSchema>;

/** A lot's hold as it stands: null when it is not on hold. */
export const ZLotHoldStateSchema = z
  .object({
    reason: z.string(),
    heldAt: z.string(),
    heldBy: z.string(),
  })
  .nullable();
export type TLotHoldState = z.infer<typeof ZLotHoldStateSchema>;

/** The answer of a hold or a release: the lot and its hold now. */
export const ZLotHoldResultSchema = z.object({
  lotId: z.string(),
  lotNumber: z.string(),
  partNumber: z.string(),
  hold: ZLotHoldStateSchema,
});
export type TLotHoldResult = z.infer<typeof ZLotHoldResultSchema>;

/**
 * One hold, release or change of reason (`changed`: still held, for a new reason, as when the inspection that held it
 * fails and its nonconformance opens) in a lot's history, newest first, with the inspection or nonconformance that
 * caused it besides the person.
 */
export const ZLotHoldEntrySchema = z.object({
  id: z.string(),
  action: z.enum(['hold', 'release', 'changed']),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  inspection: z.object({ id: z.string(), label: z.string() }).nullable(),
  nonconformance: z.object({ id: z.string(), numberText: z.string() }).nullable(),
});
export type TLotHoldEntry = z.infer<typeof ZLotHoldEntrySchema>;
export const ZLotHoldHistoryQuerySchema = z.object({ ...pageQuery(25, 100) });
export type TLotHoldHistoryQuery = z.infer<typeof ZLotHoldHistoryQuerySchema>;
export const ZLotHoldHistorySchema = pageOf(ZLotHoldEntrySchema);
export type TLotHoldHistory = z.infer<typeof ZLotHoldHistorySchema>;
