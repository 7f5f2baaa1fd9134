// The security dashboard for sysadmins (/api/v1/security/*): sign-in outcomes over time, the event log, active
// sessions across every company, MFA adoption and the administrative actions of every company (decision 020).
import { z } from 'zod';
import { securityRangeProblem } from '../security-range.ts';
import { isoDateTime } from './dates.ts';
import { pageOf, pageQuery } from './paging.ts';

const isoInstant = (example: string) => isoDateTime(`Use an ISO date and time, e.g. ${example}`);

const rangeShape = {
  /** The start of the range (inclusive); 7 days before `to` by default. */
  from: isoInstant('2026-11-01T00:00:00Z').optional(),
  /** The end of the range (exclusive); now by default. */
  to: isoInstant('2026-11-08T00:00:00Z').optional(),
};

/** Refuses a range that ends before it starts (blaming `to`) or spans more than 90 days (blaming `from`). */
function checkRange(query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  const problem = securityRangeProblem(query);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
}

// ---- GET /api/v1/security/overview

/** The overview's range, and which page of the per-company MFA adoption to include. */
export const ZSecurityOverviewQuerySchema = z
  .object({
    ...rangeShape,
    mfaPage: z.coerce.number().int().min(1).default(1),
    mfaPageSize: z.coerce.number().int().min(1).max(50).default(10),
  })
  .superRefine(checkRange);
export type TSecurityOverviewQuery = z.input<typeof ZSecurityOverviewQuerySchema>;

/** One bucket of the chart: failed and rate-limited sign-ins in the hour or UTC day starting at `at`. */
export const ZSecuritySeriesPointSchema = z.object({
  at: z.string(),
  failed: z.number().int(),
  rateLimited: z.number().int(),
});
export type TSecuritySeriesPoint = z.infer<typeof ZSecuritySeriesPointSchema>;

export const ZMfaCompanySchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  /** Active users of the company. */
  users: z.number().int(),
  usersWithMfa: z.number().int(),
  /** usersWithMfa of users, 0 to 100, rounded; 0 for a company without active users. */
  percent: z.number().int(),
});
export type TMfaCompany = z.infer<typeof ZMfaCompanySchema>;

export const ZSecurityOverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(['hour', 'day']),
  counts: z.object({
    /** Sessions started (a two-factor sign-in counts once, when its second step succeeds). */
    signInsSucceeded: z.number().int(),
    signInsFailed: z.number().int(),
    rateLimited: z.number().int(),
    lockedOut: z.number().int(),
    inactiveAccountAttempts: z.number().int(),
  }),
  /** Every bucket of the range, oldest first, zeros included. */
  series: z.array(ZSecuritySeriesPointSchema),
  /** The 10 client addresses with the most failed sign-ins in the range. */
  topAddresses: z.array(z.object({ ip: z.string(), count: z.number().int(), lastAt: z.string() })),
  /** The 10 e-mail addresses with the most failed sign-ins; the company when the address is an account. */
  topAccounts: z.array(
    z.object({
      email: z.string(),
      count: z.number().int(),
      lastAt: z.string(),
      companyName: z.string().nullable(),
    }),
  ),
  mfa: z.object({
    users: z.number().int(),
    usersWithMfa: z.number().int(),
    percent: z.number().int(),
    /** One page of companies, lowest adoption first. */
    companies: pageOf(ZMfaCompanySchema),
  }),
  activeSessions: z.number().int(),
});
export type TSecurityOverview = z.infer<typeof ZSecurityOverviewSchema>;

// ---- GET /api/v1/security/events

export const ZSecurityEventsQuerySchema = z
  .object({
    ...rangeShape,
    /** One event type (server/security/security-event-types.ts). */
    type: z.string().trim().min(1).max(64).optional(),
    companyId: z.uuid('Not a company id').optional(),
    /** The `nextCursor` of the previous page. */
    cursor: z.string().min(1).max(512).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .superRefine(checkRange);
export type TSecurityEventsQuery = z.input<typeof ZSecurityEventsQuerySchema>;

export const ZSecurityEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  outcome: z.string(),
  companyId: z.string().nullable(),
  /** The company's name, or null when the event names none (or the company is gone). */
  companyName: z.string().nullable(),
  userId: z.string().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type TSecurityEvent = z.infer<typeof ZSecurityEventSchema>;

export const ZSecurityEventPageSchema = z.object({
  items: z.array(ZSecurityEventSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TSecurityEventPage = z.infer<typeof ZSecurityEventPageSchema>;

// ---- GET /api/v1/security/sessions, DELETE /api/v1/security/sessions/:id

export const ZActiveSessionsQuerySchema = z.object({
  ...pageQuery(20),
  /** Part of the user's e-mail or the company's name. */
  q: z.string().trim().max(200).default(''),
});
export type TActiveSessionsQuery = z.input<typeof ZActiveSessionsQuerySchema>;

export const ZActiveSessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session of the browser asking. */
  isCurrent: z.boolean(),
});
export type TActiveSession = z.infer<typeof ZActiveSessionSchema>;

export const ZActiveSessionPageSchema = pageOf(ZActiveSessionSchema);
export type TActiveSessionPage = z.infer<typeof ZActiveSessionPageSchema>;

export const ZSessionIdParamsSchema = z.object({ id: z.uuid('Not a session id') });

/** What DELETE /api/v1/security/sessions/:id ended. */
export const ZEndedSessionSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** True when the sysadmin ended the session of the browser that asked: it is signed out now. */
  wasCurrent: z.boolean(),
});
export type TEndedSession = z.infer<typeof ZEndedSessionSchema>;

// ---- GET /api/v1/security/admin-actions

export const ZAdminActionsQuerySchema = z.object(pageQuery(20));
export type TAdminActionsQuery = z.input<typeof ZAdminActionsQuerySchema>;

export const ZAdminActionSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
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
export type TAdminAction = z.infer<typeof ZAdminActionSchema>;

export const ZAdminActionPageSchema = pageOf(ZAdminActionSchema);
export type TAdminActionPage = z.infer<typeof ZAdminActionPageSchema>;

export const SECURITY_DASHBOARD_MESSAGES = {
  sessionNotFound: 'No such session: it has ended already.',
  unknownEventType: 'Not an event type',
  badCursor: 'This page link is not valid; start from the first page.',
} as const;

/** Every event type with the words the dashboard shows for it; the server's enum must have a label here. */
export const SECURITY_EVENT_TYPE_LABELS: Record<string, string> = {
  sign_up: 'Sign-up',
  email_verified: 'E-mail verified',
  company_created: 'Company created',
  sign_in_succeeded: 'Sign-in succeeded',
  sign_in_failed: 'Sign-in failed',
  locked_out: 'Locked out',
  rate_limited: 'Rate limited',
  inactive_account_attempt: 'Inactive account attempt',
  password_changed: 'Password changed',
  password_reset_requested: 'Password reset requested',
  password_reset_completed: 'Password reset completed',
  mfa_enabled: 'Two-factor turned on',
  mfa_disabled: 'Two-factor turned off',
  mfa_backup_codes_regenerated: 'Backup codes replaced',
  mfa_challenge_failed: 'Two-factor code failed',
  session_ended: 'Session ended',
  sessions_revoked: 'Other sessions ended',
  role_changed: 'Role changed',
  user_created: 'User added',
  user_deactivated: 'User inactivated',
  user_reactivated: 'User reactivated',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  identity_linked: 'Sign-in method linked',
  identity_unlinked: 'Sign-in method unlinked',
  sso_domain_approved: 'SSO domain approved',
  sso_provider_removed: 'SSO provider removed',
};
