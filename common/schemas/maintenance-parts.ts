// Parts issued from stock to maintenance (decisions 050, 057): the rows a technician fills in when resolving a
// breakdown or completing a PM — item, lot, location and quantity — and a part as issued, naming the ledger posting
// that took it. Quantities are exact decimal strings in the item's unit, like every stock posting.
import { z } from 'zod';
import { QUANTITY_SCALE } from './inventory-setup.ts';
import { decimalText } from './numbers.ts';

/** How many part rows one repair or PM may issue at once. */
export const MAINTENANCE_PARTS_MAX = 50;

export const MAINTENANCE_PART_MESSAGES = {
  itemNotFound: 'No such item in your company: choose the part from the list.',
  itemInactive: 'This item is deactivated: reactivate it under SKU Setup to issue it.',
  locationNotFound: 'No such location in your company: choose where the part is taken from.',
  lotNotFound: 'No such lot of this item in your company: choose the lot on the part’s label.',
  lotRequired: 'This item is lot-tracked: choose the lot the part comes from.',
} as const;

const quantity = decimalText('Quantity', QUANTITY_SCALE, { sign: 'positive' }).refine(
  (v) => !v.startsWith('-') && /[1-9]/.test(v),
  'Quantity must be more than zero',
);

/** One part used: which item, from which lot (lot-tracked items) and location, and how much. */
export const ZPartUsedSchema = z.object({
  itemId: z.uuid({ error: 'Choose the part from the list' }),
  lotId: z.uuid({ error: 'Choose the lot from the list' }).nullable().default(null),
  locationId: z.uuid({ error: 'Choose where the part is taken from' }),
  quantity,
});
export type TPartUsedInput = z.input<typeof ZPartUsedSchema>;
export type TPartUsed = z.output<typeof ZPartUsedSchema>;

/** The parts rows of a resolution or a completion: none is fine (a repair that took no parts). */
export const ZPartsUsedSchema = z
  .array(ZPartUsedSchema)
  .max(MAINTENANCE_PARTS_MAX, `At most ${MAINTENANCE_PARTS_MAX} parts at once`)
  .default([]);

/** A part as issued: what, from where, how much, and the ledger posting that took it from stock. */
export const ZIssuedPartSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  partNumber: z.string(),
  itemName: z.string(),
  lotId: z.string().nullable(),
  lotNumber: z.string().nullable(),
  locationId: z.string(),
  locationCode: z.string(),
  quantity: z.string(),
  /** The stock transaction (kind maintenance-issue) on the item's ledger. */
  transactionId: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type TIssuedPart = z.infer<typeof ZIssuedPartSchema>;
