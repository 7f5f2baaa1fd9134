// The error body every API error travels in, as a zod contract: the routes' documented error responses use it.
import { z } from 'zod';
import { ERROR_STATUS, type TErrorCode } from '../errors.ts';

/** Every error code, in common/errors.ts's order. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [TErrorCode, ...TErrorCode[]];

/** One error code. */
export const ZErrorCodeSchema = z.enum(ERROR_CODES);

/**
 * `{ error: { code, message, fieldErrors?, details? } }`: field paths (dot-joined) to messages in fieldErrors;
 * details as the code's own contract says (UNCONSUMED: ZUnconsumedDetailsSchema in schemas/shop-floor.ts).
 */
export const ZErrorBodySchema = z.object({
  error: z.object({
    code: ZErrorCodeSchema,
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional(),
    details: z.unknown().optional(),
  }),
});

/**
 * The error body as one status of one operation documents it: its `code` lists only `codes`. The schema still
 * accepts every code when the server sends one (a code a route forgot to declare reaches the client, not a 500);
 * the document says only these, and the contract test fails on any other (decision 037).
 */
export function errorBodySchemaFor(codes: readonly TErrorCode[]) {
  return z.object({
    error: z.object({
      code: ZErrorCodeSchema.meta({ enum: [...codes] }),
      message: z.string(),
      fieldErrors: z.record(z.string(), z.string()).optional(),
      details: z.unknown().optional(),
    }),
  });
}
