// Maintenance notices (decisions 050, 058): each reminder is a maintenance_notices row whose key names it, inserted
// ON CONFLICT DO NOTHING in the same transaction as its outbox messages. A second scheduler (or a second call) finds
// the key taken and sends nothing; a crash before the commit leaves neither the row nor the mail, so the next pass
// decides it again. The outbox then sends each message once (decision 042).
import { and, eq, inArray } from 'drizzle-orm';
import type { TBreakdownAlertAudience } from '#common/schemas/maintenance-email.ts';
import type { TDb } from '../../db/client.ts';
import type { TOutgoingMail } from '../../mail/outbox.ts';
import { enqueueMailInTenant } from '../../mail/tenant-outbox.ts';
import { maintenanceNotices } from './alerts.tables.ts';
import { breakdowns } from './breakdowns.tables.ts';
import { breakdownAlertAudience, recipientAddresses } from './email-settings.repo.ts';
import { machines } from './machines.tables.ts';
import { breakdownMail, type TNoticeBreakdown } from './notice-mail.ts';

export type TNoticeKind = 'due_soon' | 'overdue' | 'breakdown' | 'digest' | 'test';

/** A reminder to decide: its unique key and what it is about. */
export interface TNotice {
  key: string;
  kind: TNoticeKind;
  occurrenceId?: string | null;
  breakdownId?: string | null;
}

/** Keys per query: far below PostgreSQL's 65,535 bind parameters, whatever the number of open occurrences. */
const KEYS_PER_QUERY = 5000;

/** The keys of `keys` already decided in the company: the pass skips them without a write. */
export async function decidedKeys(tx: TDb, companyId: string, keys: string[]): Promise<Set<string>> {
  const decided = new Set<string>();
  for (let start = 0; start < keys.length; start += KEYS_PER_QUERY) {
    const rows = await tx
      .select({ key: maintenanceNotices.key })
      .from(maintenanceNotices)
      .where(
        and(
          eq(maintenanceNotices.companyId, companyId),
          inArray(maintenanceNotices.key, keys.slice(start, start + KEYS_PER_QUERY)),
        ),
      );
    for (const row of rows) decided.add(row.key);
  }
  return decided;
}

/**
 * Decides `notice` in the tenant transaction `tx`: writes its row and the messages `compose` makes for the current
 * recipients, or nothing when its key is already taken (true when this call decided it). With nobody to send to,
 * nothing is recorded, so a reminder still due reaches the first recipient an admin adds.
 */
export async function issueNotice(
  tx: TDb,
  companyId: string,
  notice: TNotice,
  compose: (to: string[]) => TOutgoingMail[],
  /** The recipients when the caller read them already (a pass reads them once for all its notices). */
  recipients?: string[],
): Promise<boolean> {
  const to = recipients ?? (await recipientAddresses(tx, companyId));
  if (to.length === 0) return false;
  return (await issueNotices(tx, companyId, [{ notice, compose }], to)) === 1;
}

/**
 * Notices a statement: the first pass of a shop's day decides thousands, a few dozen statements in all (decision 058).
 * The pass runs in the process that serves requests, and a chunk's mails are composed without a pause between them:
 * at 1,000 a chunk, requests served beside the day's first pass of a 50,000-plan shop waited behind the composing
 * (bench:maintenance, decision 091).
 */
const NOTICES_PER_INSERT = 200;

/**
 * Decides many notices in the tenant transaction `tx` as `issueNotice` decides one: the rows of those whose key is
 * free, written together, and the messages of those alone, queued with one switch of role. Returns how many this
 * call decided. `to` is not empty (the caller read the recipients).
 */
export async function issueNotices(
  tx: TDb,
  companyId: string,
  notices: Array<{ notice: TNotice; compose: (to: string[]) => TOutgoingMail[] }>,
  to: string[],
): Promise<number> {
  let decided = 0;
  for (let start = 0; start < notices.length; start += NOTICES_PER_INSERT) {
    const chunk = notices.slice(start, start + NOTICES_PER_INSERT);
    const inserted = await tx
      .insert(maintenanceNotices)
      .values(
        chunk.map(({ notice }) => ({
          companyId,
          key: notice.key,
          kind: notice.kind,
          occurrenceId: notice.occurrenceId ?? null,
          breakdownId: notice.breakdownId ?? null,
          recipients: to.length,
        })),
      )
      .onConflictDoNothing({ target: [maintenanceNotices.companyId, maintenanceNotices.key] })
      .returning({ key: maintenanceNotices.key });
    const won = new Set(inserted.map((row) => row.key));
    await enqueueMailInTenant(
      tx,
      chunk.filter(({ notice }) => won.has(notice.key)).flatMap(({ compose }) => compose(to)),
    );
    decided += won.size;
  }
  return decided;
}

/** A breakdown with its machine, as alerts and the digest name it; null when there is none in the company. */
export async function findNoticeBreakdown(
  tx: TDb,
  companyId: string,
  breakdownId: string,
): Promise<TNoticeBreakdown | null> {
  const [row] = await breakdownRows(tx, companyId).where(
    and(eq(breakdowns.companyId, companyId), eq(breakdowns.id, breakdownId)),
  );
  return row ?? null;
}

/** The company's breakdowns not yet resolved, oldest first. */
export async function openNoticeBreakdowns(tx: TDb, companyId: string): Promise<TNoticeBreakdown[]> {
  return breakdownRows(tx, companyId)
    .where(and(eq(breakdowns.companyId, companyId), inArray(breakdowns.status, ['reported', 'in_progress'])))
    .orderBy(breakdowns.reportedAt, breakdowns.number);
}

const breakdownRows = (tx: TDb, companyId: string) =>
  tx
    .select({
      id: breakdowns.id,
      number: breakdowns.number,
      machineName: machines.name,
      assetTag: machines.assetTag,
      problem: breakdowns.problem,
      priority: breakdowns.priority,
      reportedBy: breakdowns.reportedBy,
    })
    .from(breakdowns)
    .innerJoin(machines, and(eq(machines.companyId, companyId), eq(machines.id, breakdowns.machineId)))
    .$dynamic();

/**
 * The breakdown alert, for the breakdown report to call inside its own tenant transaction once the breakdown row is
 * written: the `breakdown:<id>` notice and a message to each of its audience (the recipients chosen, or while none is
 * chosen the company's active admins: decision 067), when the company's breakdown alerts are on. Answers who was
 * told: `to` empty when alerts are off, there is nobody to tell, or it was already sent.
 */
export async function noticeBreakdown(
  tx: TDb,
  companyId: string,
  breakdownId: string,
  appUrl: string,
): Promise<TBreakdownAlertAudience> {
  const audience = await breakdownAlertAudience(tx, companyId);
  if (audience.to.length === 0) return audience;
  const breakdown = await findNoticeBreakdown(tx, companyId, breakdownId);
  if (!breakdown) throw new Error(`noticeBreakdown: no breakdown ${breakdownId} in company ${companyId}`);
  const sent = await issueNotice(
    tx,
    companyId,
    { key: `breakdown:${breakdownId}`, kind: 'breakdown', breakdownId },
    (to) => breakdownMail(to, companyId, appUrl, breakdown),
    audience.to,
  );
  return sent ? audience : { ...audience, to: [] };
}
