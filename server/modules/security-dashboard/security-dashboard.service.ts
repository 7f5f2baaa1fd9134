// The security dashboard's rules: ranges and buckets, the event log across companies, and ending a session with its
// security event and audit entry. Sysadmins only (the routes check); reads every company as the owner (decision 020).

import type { z } from 'zod';
import { AppError } from '#common/errors.ts';
import {
  SECURITY_DASHBOARD_MESSAGES,
  type TActiveSessionPage,
  type TAdminActionPage,
  type TEndedSession,
  type TSecurityEventPage,
  type TSecurityOverview,
  type ZActiveSessionsQuerySchema,
  type ZAdminActionsQuerySchema,
  type ZSecurityEventsQuerySchema,
  type ZSecurityOverviewQuerySchema,
} from '#common/schemas/security-dashboard.ts';
import { bucketFor, bucketStarts, resolveSecurityRange } from '#common/security-range.ts';
import type { TDb } from '../../db/client.ts';
import type { TAuthUser } from '../../plugins/auth.ts';
import { ZSecurityEventTypeSchema } from '../../security/security-event-types.ts';
import { listSecurityEvents, recordSecurityEvent } from '../../security/security-events.ts';
import { actorOf, recordAudit } from '../audit/audit.ts';
import * as repo from './security-dashboard.repo.ts';
import * as overviewRepo from './security-overview.repo.ts';

/** How many addresses and accounts the "top failing" lists show. */
const TOP = 10;

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** Counts, the zero-filled time series, the top failing addresses and accounts, MFA adoption, active sessions. */
export async function securityOverview(
  db: TDb,
  query: z.output<typeof ZSecurityOverviewQuerySchema>,
  now: Date = new Date(),
): Promise<TSecurityOverview> {
  const range = resolveSecurityRange(query, now);
  const bucket = bucketFor(range);
  const [counts, failures, topAddresses, topAccounts, mfaPage, mfaTotals, activeSessions] = await Promise.all(
    [
      overviewRepo.countByType(db, range),
      overviewRepo.failureCountsByBucket(db, range, bucket),
      overviewRepo.topFailingAddresses(db, range, TOP),
      overviewRepo.topFailingAccounts(db, range, TOP),
      overviewRepo.mfaAdoptionPage(db, query.mfaPage, query.mfaPageSize),
      overviewRepo.mfaAdoptionTotals(db),
      repo.countActiveSessions(db, now),
    ],
  );
  const series = new Map(
    bucketStarts(range, bucket).map((at) => [at.getTime(), { failed: 0, rateLimited: 0 }]),
  );
  for (const row of failures) {
    const point = series.get(row.at);
    if (!point) continue;
    if (row.type === 'sign_in_failed') point.failed += row.n;
    else point.rateLimited += row.n;
  }
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    bucket,
    counts: {
      signInsSucceeded: counts.sign_in_succeeded,
      signInsFailed: counts.sign_in_failed,
      rateLimited: counts.rate_limited,
      lockedOut: counts.locked_out,
      inactiveAccountAttempts: counts.inactive_account_attempt,
    },
    series: [...series].map(([at, point]) => ({ at: new Date(at).toISOString(), ...point })),
    topAddresses: topAddresses.map((row) => ({ ...row, lastAt: row.lastAt.toISOString() })),
    topAccounts: topAccounts.map((row) => ({ ...row, lastAt: row.lastAt.toISOString() })),
    mfa: {
      ...mfaTotals,
      percent: percentOf(mfaTotals.usersWithMfa, mfaTotals.users),
      companies: {
        items: mfaPage.items.map((item) => ({ ...item, percent: percentOf(item.usersWithMfa, item.users) })),
        total: mfaPage.total,
        page: query.mfaPage,
        pageSize: query.mfaPageSize,
      },
    },
    activeSessions,
  };
}

/** A page of the event log across every company, newest first, with company names. */
export async function securityEventPage(
  db: TDb,
  query: z.output<typeof ZSecurityEventsQuerySchema>,
  now: Date = new Date(),
): Promise<TSecurityEventPage> {
  const range = resolveSecurityRange(query, now);
  const type = query.type === undefined ? undefined : ZSecurityEventTypeSchema.safeParse(query.type);
  if (type && !type.success) {
    throw new AppError(
      'VALIDATION',
      `Invalid request: type: ${SECURITY_DASHBOARD_MESSAGES.unknownEventType}`,
      {
        type: SECURITY_DASHBOARD_MESSAGES.unknownEventType,
      },
    );
  }
  let page: Awaited<ReturnType<typeof listSecurityEvents>>;
  try {
    page = await listSecurityEvents(db, {
      ...range,
      ...(type?.success ? { types: [type.data] } : {}),
      ...(query.companyId ? { companyId: query.companyId } : {}),
      limit: query.limit,
      cursor: query.cursor ?? null,
    });
  } catch (error) {
    // listSecurityEvents refuses a cursor it cannot read; say which field it was.
    if (error instanceof AppError && error.code === 'BAD_REQUEST') {
      throw new AppError('BAD_REQUEST', SECURITY_DASHBOARD_MESSAGES.badCursor, {
        cursor: SECURITY_DASHBOARD_MESSAGES.badCursor,
      });
    }
    throw error;
  }
  const names = await repo.companyNames(
    db,
    page.events.flatMap((event) => (event.companyId ? [event.companyId] : [])),
  );
  return {
    items: page.events.map((event) => ({
      id: event.id,
      type: event.type,
      outcome: event.outcome,
      companyId: event.companyId,
      companyName: event.companyId ? (names.get(event.companyId) ?? null) : null,
      userId: event.userId,
      email: event.email,
      ip: event.ip,
      userAgent: event.userAgent,
      details: event.details,
      createdAt: event.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

/** A page of the sessions active now across every company; `currentToken` marks the asking browser's. */
export async function activeSessionPage(
  db: TDb,
  query: z.output<typeof ZActiveSessionsQuerySchema>,
  currentToken: string | null,
  now: Date = new Date(),
): Promise<TActiveSessionPage> {
  const { rows, total } = await repo.listActiveSessions(db, query, now, currentToken);
  return {
    items: rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim(),
      role: row.role,
      companyId: row.companyId,
      companyName: row.companyName,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
      isCurrent: row.isCurrent,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Where the sysadmin acted from, for the security event. */
export interface TActionOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Ends one session (any company's, the sysadmin's own included): deletes the row, so that browser is signed out on
 * its next request, and records the `session_ended` event and an audit entry in the user's company, all in one
 * transaction. 404 for an unknown id.
 */
export async function endSession(
  db: TDb,
  actor: TAuthUser,
  id: string,
  currentToken: string | null,
  origin: TActionOrigin,
): Promise<TEndedSession> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as TDb;
    const session = await repo.lockSessionWithUser(tx, id);
    if (!session) throw new AppError('NOT_FOUND', SECURITY_DASHBOARD_MESSAGES.sessionNotFound);
    await repo.deleteSession(tx, id);
    if (session.companyId) {
      await recordAudit(tx, session.companyId, actorOf(actor), {
        entityType: 'user',
        entityId: session.userId,
        entityLabel: session.email,
        action: 'session-ended',
        after: { signedInAt: session.createdAt.toISOString(), ipAddress: session.ipAddress },
      });
    }
    await recordSecurityEvent(tx, {
      type: 'session_ended',
      userId: session.userId,
      companyId: session.companyId,
      email: session.email,
      ...origin,
      details: { by: actor.userId, reason: 'sysadmin' },
    });
    return { id, email: session.email, wasCurrent: currentToken !== null && session.token === currentToken };
  });
}

/** A page of every company's administrative actions (the audit trail), newest first. */
export async function adminActionPage(
  db: TDb,
  query: z.output<typeof ZAdminActionsQuerySchema>,
): Promise<TAdminActionPage> {
  const { rows, total } = await repo.listAdminActions(db, query);
  return {
    items: rows.map((row) => ({
      id: row.id,
      companyId: row.companyId,
      companyName: row.companyName,
      actorId: row.actorId,
      actorName: row.actorName,
      entityType: row.entityType,
      entityId: row.entityId,
      entityLabel: row.entityLabel,
      action: row.action,
      before: row.before ?? null,
      after: row.after ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}
