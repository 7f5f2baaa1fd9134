// Work orders (decision 044): the shared contract of /api/v1/work-orders. The create body is fixed first because
// Manage Orders makes work orders from its lines through it (whole, or split into several).
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { decimalText } from './numbers.ts';

/** The quantity of a work order: an exact decimal in the assembly's unit, more than zero. */
export const workOrderQuantity = decimalText('Quantity', 6, { sign: 'positive' }).refine(
  (v) => /[1-9]/.test(v) && !v.startsWith('-'),
  'Quantity must be more than 0',
);

/**
 * POST /api/v1/work-orders: build `quantity` of an assembly to its current released revision. From an order line,
 * `orderLineId` names it (its assembly must be the line's); split a line by posting one work order per part.
 */
export const ZWorkOrderCreateSchema = z.object({
  assemblyId: z.uuid({ error: 'Choose an assembly' }),
  quantity: workOrderQuantity,
  orderLineId: z.uuid().optional(),
  dueOn: isoDate('Due date must be a date (YYYY-MM-DD)').optional(),
  outputLocationId: z.uuid().optional(),
});
export type TWorkOrderCreate = z.infer<typeof ZWorkOrderCreateSchema>;
