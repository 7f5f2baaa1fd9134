// Borrowing (when the company allows it): an item checked out of a location to a person or a job with a due date,
// returned whole or in parts. The shared contract of /api/v1/borrowings. Quantities are exact decimal strings.
import { z } from 'zod';
import { isoDate } from './dates.ts';
import { idempotencyKeySchema } from './idempotency-key.ts';
import { QUANTITY_SCALE } from './inventory-setup.ts';
import { decimalText } from './numbers.ts';
import { pageOf, pageQuery } from './paging.ts';

/** Which borrowings a list shows: still out, out and past due, fully returned, or every one. */
export const BORROWING_STATUSES = ['out', 'overdue', 'returned', 'all'] as const;
export type TBorrowingStatus = (typeof BORROWING_STATUSES)[number];

export const BORROWING_MESSAGES = {
  notAllowed:
    'Borrowing is switched off for your company. An admin can turn it on under Admin → Config (“Allow borrowing”).',
  borrowerRequired: 'Choose a person or a job',
  borrowerBoth: 'Choose a person or a job, not both',
  borrowerNotFound: 'No active person of your company with this id: choose someone from the list.',
  dueInPast: (today: string) => `The due date cannot be in the past (today is ${today})`,
  notFound: 'No such borrowing in your company.',
  closed: 'This borrowing is already fully returned: nothing is left to return.',
  tooMuch: (outstanding: string, unit: string) =>
    `Only ${outstanding} ${unit} is still out: return at most that.`,
} as const;

const quantity = decimalText('Quantity', QUANTITY_SCALE, { sign: 'positive' }).refine(
  (v) => !v.startsWith('-') && /[1-9]/.test(v),
  'Quantity must be more than zero',
);

/** A key the client makes once per intended borrowing or return and sends again on a retry (e.g. a UUID). */
const idempotencyKey = idempotencyKeySchema('borrowing or return');

/**
 * Who has it: `{ userId }` (a person of the company) or `{ jobId }` (an open job, picked: decision 079). One object
 * with the keys optional rather than a union, so that a refusal names the exact field (`borrower.userId`).
 * `{ jobReference }`, the free text of before jobs existed, is still taken from API clients written for it; the
 * screens pick a job.
 */
export const ZBorrowerSchema = z
  .object(
    {
      userId: z.uuid('Not a person id').optional(),
      jobId: z.uuid('Not a job id').optional(),
      jobReference: z
        .string({ error: 'Give a job reference' })
        .trim()
        .max(100, 'At most 100 characters')
        .optional()
        .transform((v) => (v ? v : undefined)),
    },
    { error: BORROWING_MESSAGES.borrowerRequired },
  )
  .superRefine((b, ctx) => {
    const given = [b.userId, b.jobId, b.jobReference].filter(Boolean).length;
    if (given > 1)
      ctx.addIssue({
        code: 'custom',
        path: [b.jobId ? 'jobId' : 'jobReference'],
        message: BORROWING_MESSAGES.borrowerBoth,
      });
    if (given === 0)
      ctx.addIssue({ code: 'custom', path: ['userId'], message: BORROWING_MESSAGES.borrowerRequired });
  })
  // Exactly one: a person, a job, or a job reference that is not blank.
  .meta({
    oneOf: [
      { required: ['userId'] },
      { required: ['jobId'] },
      { required: ['jobReference'], properties: { jobReference: { pattern: '\\S' } } },
    ],
  });

/** POST /api/v1/borrowings */
export const ZBorrowInputSchema = z.object({
  itemId: z.uuid('Not an item id'),
  locationId: z.uuid('Not a location id'),
  lotId: z.uuid('Not a lot id').nullish(),
  quantity,
  borrower: ZBorrowerSchema,
  dueOn: isoDate('Use a date like 2026-12-01'),
  note: z.string().trim().max(500, 'At most 500 characters').default(''),
  idempotencyKey,
});
export type TBorrowInput = z.infer<typeof ZBorrowInputSchema>;
export type TBorrowInputRaw = z.input<typeof ZBorrowInputSchema>;

/** POST /api/v1/borrowings/:id/returns: how much comes back, and where to (the source location when omitted). */
export const ZReturnInputSchema = z.object({
  quantity,
  locationId: z.uuid('Not a location id').nullish(),
  idempotencyKey,
});
export type TReturnInput = z.infer<typeof ZReturnInputSchema>;
export type TReturnInputRaw = z.input<typeof ZReturnInputSchema>;

export const ZBorrowingListQuerySchema = z.object({
  ...pageQuery(),
  status: z.enum(BORROWING_STATUSES, { error: 'Choose out, overdue, returned or all' }).default('out'),
  q: z.string().trim().max(100).default(''),
  itemId: z.uuid('Not an item id').optional(),
});
export type TBorrowingListQuery = z.infer<typeof ZBorrowingListQuerySchema>;

export const ZBorrowingSchema = z.object({
  id: z.string(),
  itemId: z.string(),
  partNumber: z.string(),
  itemName: z.string(),
  unitOfMeasure: z.string(),
  locationId: z.string(),
  locationCode: z.string(),
  lotId: z.string().nullable(),
  lotNumber: z.string().nullable(),
  quantity: z.string(),
  returnedQuantity: z.string(),
  outstanding: z.string(),
  borrowerUserId: z.string().nullable(),
  /** The person's name, or '' for a job. */
  borrowerName: z.string(),
  /** The job's number (JOB-000012) or, on a borrowing from before jobs, the reference typed; '' for a person. */
  jobReference: z.string(),
  /** The job it was lent to (decision 079); null for a person and for the typed references of before. */
  jobId: z.string().nullable(),
  dueOn: z.string(),
  /** Still out and due before today (in the company's time zone). */
  overdue: z.boolean(),
  note: z.string(),
  borrowedByName: z.string(),
  borrowedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type TBorrowing = z.infer<typeof ZBorrowingSchema>;

export const ZBorrowingReturnSchema = z.object({
  id: z.string(),
  quantity: z.string(),
  locationId: z.string(),
  locationCode: z.string(),
  returnedByName: z.string(),
  returnedAt: z.string(),
});
export type TBorrowingReturn = z.infer<typeof ZBorrowingReturnSchema>;

export const ZBorrowingDetailSchema = ZBorrowingSchema.extend({ returns: z.array(ZBorrowingReturnSchema) });
export type TBorrowingDetail = z.infer<typeof ZBorrowingDetailSchema>;

export const ZBorrowingPageSchema = pageOf(ZBorrowingSchema).extend({
  /** The company's today (YYYY-MM-DD), against which `overdue` was judged. */
  today: z.string(),
});
export type TBorrowingPage = z.infer<typeof ZBorrowingPageSchema>;

/** GET /api/v1/borrowings/borrowers: the company's active people to lend to (names only). */
export const ZBorrowerListQuerySchema = z.object({
  ...pageQuery(20, 50),
  q: z.string().trim().max(100).default(''),
});
export type TBorrowerListQuery = z.infer<typeof ZBorrowerListQuerySchema>;

export const ZBorrowerOptionSchema = z.object({ id: z.string(), name: z.string() });
export type TBorrowerOption = z.infer<typeof ZBorrowerOptionSchema>;
export const ZBorrowerPageSchema = pageOf(ZBorrowerOptionSchema);
export type TBorrowerPage = z.infer<typeof ZBorrowerPageSchema>;

/** How a borrower is named in messages and lists: "Ana Diaz", or "job J-17". */
export function borrowerLabel(b: Pick<TBorrowing, 'borrowerName' | 'jobReference'>): string {
  return b.jobReference ? `job ${b.jobReference}` : b.borrowerName;
}
