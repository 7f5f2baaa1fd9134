// The audit trail as admins read it (GET /api/v1/audit): who changed what and when, before and after.
import { z } from 'zod';
import { isoDateTime } from './dates.ts';
import { pageOf, pageQuery } from './paging.ts';

/** The kinds of things the trail records today; later areas add theirs. */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'company-configuration',
  'plan',
  'item',
  'location',
  'stock-check',
  'label-format',
  'assembly',
  'work-order',
  'file',
  'build-order',
  'machine',
  'maintenance-plan',
  'breakdown',
  'maintenance-email-settings',
  'lot',
  'defect-code',
  'supplier',
  'inspection-plan',
  'inspection',
  'nonconformance',
  'corrective-action',
  'job',
  'time-entry',
  'time-week',
  'kiosk',
  'badge',
  'sso-provider',
  'sso-domain',
] as const;
export const ZAuditEntityTypeSchema = z.enum(AUDIT_ENTITY_TYPES);
export type TAuditEntityType = z.infer<typeof ZAuditEntityTypeSchema>;

export const ZAuditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  entityLabel: z.string(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntrySchema>;

/** A page of the trail, newest first; optionally one kind of thing, one thing, or a time range. */
export const ZAuditQuerySchema = z
  .object({
    ...pageQuery(),
    entityType: ZAuditEntityTypeSchema.optional(),
    /** Every entity the trail records has a uuid (the company configuration's is the company's). */
    entityId: z.uuid('Not an id').optional(),
    from: isoDateTime('Use an ISO date and time, e.g. 2026-11-01T00:00:00Z').optional(),
    to: isoDateTime('Use an ISO date and time, e.g. 2026-11-30T23:59:59Z').optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'The end of the range must not be before its start',
    path: ['to'],
  });
export type TAuditQuery = z.infer<typeof ZAuditQuerySchema>;

export const ZAuditPageSchema = pageOf(ZAuditEntrySchema);
export type TAuditPage = z.infer<typeof ZAuditPageSchema>;
