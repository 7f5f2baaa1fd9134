// Kiosks and badges (decision 083): the contract of /api/v1/kiosks (admins set up and revoke kiosk devices), of
// /api/v1/users/:id/badge (admins print and revoke a person's badge) and of /api/v1/kiosk/* (the kiosk device itself,
// known by its key, moves the clock of the person whose badge it scanned). A badge signs nobody in.
import { z } from 'zod';
import { PRINT_OUTPUTS } from './labels.ts';
import { pageOf, pageQuery } from './paging.ts';
import { ZTimeEntrySchema } from './time.ts';

/** The header a kiosk sends its key in: "<kiosk id>.<secret>", as the set-up answered it once. */
export const KIOSK_KEY_HEADER = 'x-kiosk-key';
/** Where the kiosk's browser keeps its key (this device only). */
export const KIOSK_KEY_STORAGE = 'forgeboard.kiosk-key';

/** A badge's code: "FBB" and 24 Crockford base32 characters (120 random bits), printed as a QR. */
export const BADGE_PREFIX = 'FBB';
export const BADGE_CODE_LENGTH = 24;

export const KIOSK_MESSAGES = {
  notAKiosk: 'This device is not a kiosk (or no longer is): an admin sets it up under Kiosks.',
  kioskNotFound: 'No such kiosk in your company.',
  alreadyRevoked: 'This kiosk is revoked already.',
  badgeNotRecognised:
    'Badge not recognised: it may have been replaced or revoked. Ask an admin for a new one.',
  tooManyBadges: 'Too many unrecognised badges on this kiosk. Wait a few minutes, then try again.',
  personInactive: 'This person’s account is deactivated: their badge moves no clock.',
  noBadge: 'This person has no live badge.',
  personNotFound: 'No such person in your company.',
  notAJob: 'Scan a job’s or a work order’s label to clock in.',
  workOrderWithoutJob: (wo: string) => `${wo} belongs to no job: scan the job’s label instead.`,
  timeOff: 'The Time area is switched off for this company: kiosks move no clocks.',
} as const;

/** POST /api/v1/kiosks: sets up the device the admin is using as a kiosk. */
export const ZKioskCreateSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(80, 'Name is at most 80 characters'),
});
export type TKioskCreate = z.infer<typeof ZKioskCreateSchema>;

export const ZKioskSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type TKiosk = z.infer<typeof ZKioskSchema>;

/** The set-up's answer: the kiosk, and its key — shown this once, kept by the device alone. */
export const ZKioskCreatedSchema = z.object({ kiosk: ZKioskSchema, key: z.string() });
export type TKioskCreated = z.infer<typeof ZKioskCreatedSchema>;

export const ZKioskListQuerySchema = z.object({ ...pageQuery(25, 100) });
export type TKioskListQuery = z.infer<typeof ZKioskListQuerySchema>;
export const ZKioskPageSchema = pageOf(ZKioskSchema);
export type TKioskPage = z.infer<typeof ZKioskPageSchema>;

export const ZKioskIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a kiosk id' }) });
export const ZUserIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a person id' }) });

/** A person's live badge as an admin sees it: never its code, only how it ends and when it was printed. */
export const ZBadgeStateSchema = z.object({
  badge: z.object({ hint: z.string(), createdAt: z.string(), createdBy: z.string() }).nullable(),
});
export type TBadgeState = z.infer<typeof ZBadgeStateSchema>;

/** POST /api/v1/users/:id/badge/print: a new badge (the old one stops working), printed as one label. */
export const ZBadgePrintSchema = z.object({
  formatId: z.uuid('Choose a label format'),
  output: z.enum(PRINT_OUTPUTS, { error: 'Choose roll PDF, an Avery sheet or ZPL' }),
  dpi: z.union([z.literal(203), z.literal(300)], { error: 'Choose 203 or 300 dpi' }).default(203),
});
export type TBadgePrint = z.infer<typeof ZBadgePrintSchema>;

const badge = z.string({ error: 'Scan a badge' }).trim().min(1, 'Scan a badge').max(100, 'Not a badge');

/** POST /api/v1/kiosk/badge: who this badge is, and their clock. */
export const ZKioskBadgeSchema = z.object({ badge });
/** POST /api/v1/kiosk/clock-in: the badge's person onto the scanned job (or work order's job). */
export const ZKioskClockInSchema = z.object({
  badge,
  code: z
    .string({ error: 'Scan a job or work order label' })
    .trim()
    .min(1, 'Scan a job or work order label')
    .max(300, 'A code is at most 300 characters'),
});
export type TKioskClockIn = z.infer<typeof ZKioskClockInSchema>;

export const KIOSK_MOVES = ['none', 'in', 'switch', 'out', 'unchanged'] as const;

/** What a kiosk answers: whose clock, where it runs now, and what moved. */
export const ZKioskAnswerSchema = z.object({
  person: z.object({ firstName: z.string(), name: z.string() }),
  entry: ZTimeEntrySchema.nullable(),
  moved: z.enum(KIOSK_MOVES),
});
export type TKioskAnswer = z.infer<typeof ZKioskAnswerSchema>;

/** GET /api/v1/kiosk: the device's kiosk and company, to greet and to check its key still works. */
export const ZKioskSelfSchema = z.object({ name: z.string(), companyName: z.string() });
export type TKioskSelf = z.infer<typeof ZKioskSelfSchema>;

/** A badge's code, tidied as a scanner or a person gives it (any case, spaces or dashes); null when it is not one. */
export function parseBadgeCode(text: string): string | null {
  const tidy = text.replace(/[\s-]/g, '').toUpperCase();
  const pattern = new RegExp(`^${BADGE_PREFIX}[0-9A-HJKMNP-TV-Z]{${BADGE_CODE_LENGTH}}$`);
  return pattern.test(tidy) ? tidy : null;
}
