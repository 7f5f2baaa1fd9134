// Mail written from inside a tenant transaction (decision 058). The outbox and queue_tasks are system tables closed to
// the tenant role (migrations 0007, 0032), yet a maintenance reminder must commit in the same transaction as the
// notice row that makes it unique — else a crash between the two loses or doubles it. Both drivers' tenant
// transactions log in as the owner and only *set* the tenant role (tenantPoolConfig's `-c role=…`, or SET LOCAL ROLE
// on PGlite), so the transaction can step back to its login role for these two inserts and return to the tenant role
// at once: row-level security binds everything before and after. No migration, no second transaction.
import type { TDb } from '../db/client.ts';
import { asLoginRole } from '../db/login-role.ts';
import { type TOutgoingMail, writeMails, ZOutgoingMailSchema } from './outbox.ts';

/**
 * Queues `messages` in the tenant transaction `tx` (their outbox rows and tasks commit with it or not at all) and
 * returns their ids. Only the two system inserts run as the login role. The messages are checked before the role
 * changes, so a bad one throws with the tenant role still set; a database error on the inserts aborts the whole
 * transaction, so nothing more can run in it as the login role either.
 */
export async function enqueueMailInTenant(tx: TDb, messages: TOutgoingMail[]): Promise<string[]> {
  const checked = messages.map((message) => ZOutgoingMailSchema.parse(message));
  if (checked.length === 0) return [];
  return asLoginRole(tx, () => writeMails(tx, checked));
}
