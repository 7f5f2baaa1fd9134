// Nonconformances (decisions 070 and 073): what is wrong with some stock, what was found and done about it, what
// became of the stock (a disposition that posts through the ledger), and a close by someone other than the opener.
// The shared contract of /api/v1/nonconformances.
import { z } from 'zod';
import { QUANTITY_SCALE } from './inventory-setup.ts';
import { decimalText } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

export const NC_STATUSES = ['open', 'dispositioned', 'closed'] as const;
export type TNcStatus = (typeof NC_STATUSES)[number];

export const NC_DISPOSITIONS = ['scrap', 'rework', 'use_as_is', 'return_to_supplier'] as const;
export type TNcDisposition = (typeof NC_DISPOSITIONS)[number];

/** A nonconformance's number as people say and print it: NC-000042. */
export const ncNumberText = (n: number) => `NC-${String(n).padStart(6, '0')}`;

export const NC_TEXT_MAX = 2000;

export const NC_MESSAGES = {
  notFound: 'No such nonconformance in your company.',
  itemNotFound: 'No such item in your company.',
  lotNotFound: 'No such lot of this item in your company.',
  workOrderNotFound: 'No such work order in your company.',
  supplierNotFound: 'No such supplier in your company.',
  locationNotFound: 'No such location in your company.',
  closed: 'This nonconformance is closed: nothing more changes on it.',
  allDecided: 'All of this nonconformance is dispositioned already. Nothing changed.',
  notDispositioned: (left: string) =>
    `${left} of this nonconformance is still undecided: disposition all of it before closing it.`,
  ownClose:
    'A nonconformance is closed by someone other than the person who opened it: ask a colleague to close it.',
  overQuantity: (left: string) =>
    `At most ${left}, what is left undecided of the nonconformance, can be dispositioned.`,
  overLot: (held: string, lotNumber: string) =>
    `Lot ${lotNumber} holds only ${held}: disposition no more than that.`,
  overLotTakenIn: (takenIn: string, lotNumber: string) =>
    `Lot ${lotNumber} only ever took in ${takenIn} (received, built or counted): a nonconformance on it is for no more than that.`,
  overLocation: (held: string, where: string) =>
    `${where} holds only ${held}: disposition no more than that.`,
  locationRequired: 'Choose the location the stock is taken from (it has no lot).',
  supplierRequired: 'A return to supplier names the supplier: choose one.',
  reworkNeedsAssembly: (partNumber: string) =>
    `${partNumber} has no released assembly revision, so no rework work order can be made: release one in Assembly Setup, or choose another disposition.`,
} as const;

const quantity = decimalText('Quantity', QUANTITY_SCALE, { sign: 'positive' }).refine(
  (v) => !v.startsWith('-') && /[1-9]/.test(v),
  'Quantity must be more than zero',
);

const longText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(NC_TEXT_MAX, `${field} must be at most ${NC_TEXT_MAX} characters`);

/** POST /api/v1/nonconformances: opened by hand by anyone in the company. */
export const ZNcOpenSchema = z.object({
  itemId: z.uuid({ error: 'Choose an item' }),
  lotId: z.uuid({ error: 'Not a lot id' }).optional(),
  workOrderId: z.uuid({ error: 'Not a work order id' }).optional(),
  supplierId: z.uuid({ error: 'Not a supplier id' }).optional(),
  quantity,
  description: longText('Description').min(3, 'Say what is wrong (at least 3 characters)'),
});
export type TNcOpen = z.input<typeof ZNcOpenSchema>;

/** PATCH /api/v1/nonconformances/:id: the investigation's fields, any of them, while not closed. */
export const ZNcInvestigationSchema = z
  .object({
    description: longText('Description').min(3, 'Say what is wrong (at least 3 characters)'),
    containment: longText('Containment'),
    rootCause: longText('Root cause'),
    correctiveAction: longText('Corrective action'),
    preventiveAction: longText('Preventive action'),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { error: 'Change at least one field', path: ['description'] });
export type TNcInvestigation = z.input<typeof ZNcInvestigationSchema>;

/** POST /api/v1/nonconformances/:id/disposition (admins): decides part or all of what is left undecided. */
export const ZNcDispositionSchema = z.object({
  disposition: z.enum(NC_DISPOSITIONS, {
    error: 'Choose scrap, rework, use as is or return to supplier',
  }),
  quantity,
  /** Where the stock is taken from when the nonconformance names no lot (scrap, return to supplier). */
  locationId: z.uuid({ error: 'Not a location id' }).optional(),
  /** A return to supplier names one: the nonconformance's own when absent. */
  supplierId: z.uuid({ error: 'Not a supplier id' }).optional(),
  note: longText('Note').default(''),
});
export type TNcDispositionInput = z.input<typeof ZNcDispositionSchema>;

export const ZNcSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  numberText: z.string(),
  status: z.enum(NC_STATUSES),
  itemId: z.string(),
  partNumber: z.string(),
  itemName: z.string(),
  unitOfMeasure: z.string(),
  lotId: z.string().nullable(),
  lotNumber: z.string().nullable(),
  supplierId: z.string().nullable(),
  supplierName: z.string().nullable(),
  quantity: z.string(),
  description: z.string(),
  /** How much is dispositioned so far, and how much is left to decide (0 once it is all decided). */
  decidedQuantity: z.string(),
  undecidedQuantity: z.string(),
  /** The dispositions decided so far, each kind once, first decided first. */
  dispositions: z.array(z.enum(NC_DISPOSITIONS)),
  openedByName: z.string(),
  openedAt: z.string(),
});
export type TNcSummary = z.infer<typeof ZNcSummarySchema>;

/** One posting line of the disposition, as the ledger wrote it. */
export const ZNcPostingLineSchema = z.object({
  locationCode: z.string(),
  lotNumber: z.string().nullable(),
  quantityDelta: z.string(),
  unitCost: z.string(),
});

/** One disposition: part or all of the nonconformance's quantity, with what it posted or made. */
export const ZNcDispositionEntrySchema = z.object({
  id: z.string(),
  disposition: z.enum(NC_DISPOSITIONS),
  quantity: z.string(),
  note: z.string(),
  supplierName: z.string().nullable(),
  dispositionedBy: z.string(),
  dispositionedAt: z.string(),
  transactionId: z.string().nullable(),
  postingLines: z.array(ZNcPostingLineSchema),
  reworkWorkOrderId: z.string().nullable(),
  reworkWorkOrderNumber: z.number().int().nullable(),
  /** Whether this disposition released the lot's hold. */
  lotReleased: z.boolean(),
});
export type TNcDispositionEntry = z.infer<typeof ZNcDispositionEntrySchema>;

/** The facts deciding a held lot's release (common/quality/lot-hold-waits.ts). */
export const ZLotHoldFactsSchema = z.object({
  onHand: z.string(),
  undecided: z.array(z.object({ id: z.string(), numberText: z.string(), quantity: z.string() })),
  openInspection: z.object({ id: z.string(), label: z.string() }).nullable(),
  vouched: z.boolean(),
  judged: z.string(),
});

export const ZNcHistoryEntrySchema = z.object({
  action: z.string(),
  actorName: z.string(),
  at: z.string(),
});

export const ZNcDetailSchema = ZNcSummarySchema.extend({
  inspectionId: z.string().nullable(),
  inspectionNumber: z.number().int().nullable(),
  workOrderId: z.string().nullable(),
  workOrderNumber: z.number().int().nullable(),
  lotOnHold: z.boolean().nullable(),
  /** The lot's hold while it is held: why, and what its release waits for. */
  lotHold: z.object({ reason: z.string(), facts: ZLotHoldFactsSchema }).nullable(),
  /** What the lot holds now, in all its locations (null without a lot). */
  lotQuantity: z.string().nullable(),
  containment: z.string(),
  rootCause: z.string(),
  correctiveAction: z.string(),
  preventiveAction: z.string(),
  openedBy: z.string(),
  closedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Its dispositions, first decided first. */
  dispositionLog: z.array(ZNcDispositionEntrySchema),
  history: z.array(ZNcHistoryEntrySchema),
});
export type TNcDetail = z.infer<typeof ZNcDetailSchema>;

const filterFields = {
  q: z.string().trim().max(100, 'Search must be at most 100 characters').default(''),
  status: z.enum([...NC_STATUSES, 'not_closed', 'all'], { error: 'Choose a status' }).default('not_closed'),
  itemId: z.uuid({ error: 'Not an item id' }).optional(),
  lotId: z.uuid({ error: 'Not a lot id' }).optional(),
  supplierId: z.uuid({ error: 'Not a supplier id' }).optional(),
};

/** GET /api/v1/nonconformances: newest first, searched in number, item, lot and description. */
export const ZNcListQuerySchema = z.object({ ...pageQuery(25, 100), ...filterFields });
export type TNcListQuery = z.infer<typeof ZNcListQuerySchema>;
export const ZNcPageSchema = pageOf(ZNcSummarySchema);
export type TNcPage = z.infer<typeof ZNcPageSchema>;
