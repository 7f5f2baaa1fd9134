// Writes mail to the outbox inside the caller's transaction: the message exists if and only if the change commits.
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { TDb } from '../db/client.ts';
import { mailOutbox } from './mail.tables.ts';

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
 * Queues `message` in `tx` (call it inside the transaction of the change that causes the mail) and returns its id.
 * Runs as the owner: the outbox is a system table, closed to the tenant role.
 */
export async function enqueueMail(tx: TDb, message: TOutgoingMail): Promise<string> {
  const m = ZOutgoingMailSchema.parse(message);
  const id = uuidv7();
  await tx.insert(mailOutbox).values({
    id,
    companyId: m.companyId ?? null,
    toAddress: m.to,
    subject: m.subject,
    textBody: m.text,
    htmlBody: m.html ?? null,
    kind: m.kind,
  });
  return id;
}
