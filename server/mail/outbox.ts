// Writes mail to the outbox inside the caller's transaction: the message exists if and only if the change commits.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { TDb } from '../db/client.ts';
import { enqueueTasks, inTransaction } from '../queue/enqueue.ts';
import { mailOutbox } from './mail.tables.ts';
import { MAIL_MAX_ATTEMPTS } from './retry.ts';

/** The queue that sends the outbox's messages, one task per message (mail.queue.ts). */
export const MAIL_QUEUE = 'mail';

/** What a mail task carries: the message to send, by its outbox id. */
export interface TMailTaskPayload {
  mailId: string;
}

/** What a message is about; kept per message for the logs and for counting what goes out. */
export const ZMailKindSchema = z.enum(['verification', 'password-reset', 'invitation', 'maintenance']);
export type TMailKind = z.infer<typeof ZMailKindSchema>;

/** A message to send, as the code that causes it describes it. */
export const ZOutgoingMailSchema = z.object({
  to: z.email(),
  // A line break in a subject would start a new header: refuse it rather than trust the mailer to fold it.
  subject: z
    .string()
    .min(1)
    .max(300)
    .regex(/^[^\r\n]*$/, 'A subject is one line'),
  text: z.string().min(1),
  html: z.string().min(1).optional(),
  kind: ZMailKindSchema,
  companyId: z.uuid().nullable().optional(),
});
export type TOutgoingMail = z.input<typeof ZOutgoingMailSchema>;

/**
 * Queues `message` in `db` (call it with the transaction of the change that causes the mail) and returns its id: the
 * outbox row and the task that sends it commit with the change or not at all (their own transaction when `db` is not
 * one). Runs as the owner: the outbox and the queue_tasks are system tables, closed to the tenant role.
 */
export async function enqueueMail(db: TDb, message: TOutgoingMail): Promise<string> {
  return inTransaction(db, (tx) => writeMail(tx, message));
}

/**
 * Writes the outbox row and its task in `tx`, which must already be a transaction (both or neither): for callers whose
 * transaction Drizzle does not see as one, such as a tenant transaction on the PostgreSQL pool (tenant-outbox.ts).
 */
export async function writeMail(tx: TDb, message: TOutgoingMail): Promise<string> {
  const [id] = await writeMails(tx, [message]);
  return id!;
}

/** Outbox rows a statement when many messages are written at once. */
const MAILS_PER_INSERT = 500;

/**
 * Writes many messages in `tx` as `writeMail` writes one — each outbox row with its task — in a few statements: the
 * first scheduler pass of a big shop's day queues thousands of reminders (decision 058). Returns their ids in order.
 */
export async function writeMails(tx: TDb, messages: TOutgoingMail[]): Promise<string[]> {
  const checked = messages.map((message) => ZOutgoingMailSchema.parse(message));
  const ids = checked.map(() => uuidv7());
  for (let start = 0; start < checked.length; start += MAILS_PER_INSERT) {
    await tx.insert(mailOutbox).values(
      checked.slice(start, start + MAILS_PER_INSERT).map((m, i) => ({
        id: ids[start + i]!,
        companyId: m.companyId ?? null,
        toAddress: m.to,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html ?? null,
        kind: m.kind,
        // As writeMail: the task decides when; 'infinity' keeps an older dispatcher off it (0032).
        nextAttemptAt: sql`'infinity'`,
      })),
    );
  }
  await enqueueTasks(
    tx,
    checked.map((m, i) => ({
      queue: MAIL_QUEUE,
      key: ids[i]!,
      payload: { mailId: ids[i]! } satisfies TMailTaskPayload,
      companyId: m.companyId ?? null,
      maxAttempts: MAIL_MAX_ATTEMPTS,
    })),
  );
  return ids;
}
