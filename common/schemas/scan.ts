// Scanning (docs/decisions/028): what a scanned or typed code resolves to — an item, a lot or a location of the
// user's company — and how it matched.
import { z } from 'zod';
import { WORK_ORDER_STATUSES } from '../work-order-status.ts';
import { ZItemSchema, ZLocationKindSchema } from './inventory-setup.ts';
import { JOB_STATUSES } from './jobs.ts';
import { ZLotHoldStateSchema } from './lot-holds.ts';
import { MACHINE_STATUSES } from './machines.ts';

/** How many balances a scan result lists (the rest is on the item, lot or stock page). */
export const SCAN_BALANCES_LIMIT = 10;
/** The longest text a scan may send: a link with our longest origin fits easily. */
export const SCAN_CODE_MAX = 300;

/** The one answer for a code nobody of this company printed: the same for garbage and another company's code. */
export const scanNotRecognised = (code: string) =>
  `Not recognised: “${code.length > 60 ? `${code.slice(0, 60)}…` : code}” is not a code, part number, lot, location or job of your company.`;

/** GET /api/v1/scan/resolve?code=: whatever was scanned or typed (a compact code, a link, a part number …). */
export const ZScanQuerySchema = z.object({
  code: z
    .string({ error: 'code is required' })
    .trim()
    .min(1, 'Scan or type a code')
    .max(SCAN_CODE_MAX, `A code is at most ${SCAN_CODE_MAX} characters`),
});
export type TScanQuery = z.infer<typeof ZScanQuerySchema>;

/**
 * What matched: one of our label codes, or (for vendor barcodes and hand-typed text) the part number, a lot number
 * or a location code, tried in that order.
 */
export const SCAN_MATCHES = [
  'code',
  'part-number',
  'lot-number',
  'location-code',
  'work-order-number',
  'asset-tag',
  'job-number',
] as const;
export const ZScanMatchSchema = z.enum(SCAN_MATCHES);
export type TScanMatch = z.infer<typeof ZScanMatchSchema>;

/** One balance in a scan result: where (and which lot) and how much. */
export const ZScanBalanceSchema = z.object({
  itemId: z.string(),
  partNumber: z.string(),
  itemName: z.string(),
  unitOfMeasure: z.string(),
  locationId: z.string(),
  locationCode: z.string(),
  lotId: z.string().nullable(),
  lotNumber: z.string().nullable(),
  quantity: z.string(),
});
export type TScanBalance = z.infer<typeof ZScanBalanceSchema>;

const balancesPart = {
  /** The first SCAN_BALANCES_LIMIT non-zero balances, largest first. */
  balances: z.array(ZScanBalanceSchema),
  /** How many non-zero balances there are in all. */
  balanceCount: z.number().int(),
};

/** A job as a scan shows it (decision 083): which it is and whether it takes time. */
export const ZScanJobSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  /** JOB-000042 */
  numberText: z.string(),
  name: z.string(),
  customer: z.string(),
  status: z.enum(JOB_STATUSES),
});
export type TScanJob = z.infer<typeof ZScanJobSchema>;

export const ZScanResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('item'),
    matchedBy: ZScanMatchSchema,
    item: ZItemSchema,
    onHand: z.string(),
    ...balancesPart,
  }),
  z.object({
    kind: z.literal('lot'),
    matchedBy: ZScanMatchSchema,
    lot: z.object({
      id: z.string(),
      lotNumber: z.string(),
      expiresOn: z.string().nullable(),
      /** Why the lot is on hold (decision 070): it cannot be issued, moved, consumed or lent; null when free. */
      hold: ZLotHoldStateSchema,
    }),
    item: ZItemSchema,
    onHand: z.string(),
    ...balancesPart,
  }),
  z.object({
    kind: z.literal('location'),
    matchedBy: ZScanMatchSchema,
    location: z.object({
      id: z.string(),
      code: z.string(),
      fullCode: z.string(),
      name: z.string(),
      kind: ZLocationKindSchema,
      active: z.boolean(),
    }),
    ...balancesPart,
  }),
  z.object({
    kind: z.literal('work-order'),
    matchedBy: ZScanMatchSchema,
    workOrder: z.object({
      id: z.string(),
      numberText: z.string(),
      status: z.enum(WORK_ORDER_STATUSES),
      partNumber: z.string(),
      name: z.string(),
      quantity: z.string(),
      unitOfMeasure: z.string(),
      dueOn: z.string().nullable(),
    }),
    /**
     * The job the work order belongs to (decision 079), so the card can clock in to it; null when it has none or the
     * Time area is off.
     */
    job: ZScanJobSchema.nullable(),
  }),
  z.object({
    kind: z.literal('machine'),
    matchedBy: ZScanMatchSchema,
    machine: z.object({
      id: z.string(),
      name: z.string(),
      assetTag: z.string(),
      status: z.enum(MACHINE_STATUSES),
      locationCode: z.string().nullable(),
    }),
  }),
  z.object({
    kind: z.literal('job'),
    matchedBy: ZScanMatchSchema,
    job: ZScanJobSchema,
  }),
]);
export type TScanResult = z.infer<typeof ZScanResultSchema>;
