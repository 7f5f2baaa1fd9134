// One read or write of a system column or table from inside a tenant transaction (decisions 058, 067, 080): both
// drivers' tenant transactions log in as the owner and only *set* the tenant role, so a transaction can step back to
// its login role for one statement and return to the tenant role at once; row-level security binds everything before
// and after. For what the tenant role may not see by design (`users.role`, migration 0034; the outbox and
// queue_tasks, migrations 0007 and 0032), never for a company's own rows. The caller names the company in its where.
import { sql } from 'drizzle-orm';
import { type TDb, TENANT_ROLE } from './client.ts';

/**
 * Runs `work` as the transaction's login role, then returns to the tenant role. No finally: a database error in `work`
 * aborts the whole transaction, so nothing more can run in it as the login role either.
 */
export async function asLoginRole<T>(tx: TDb, work: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('role', 'none', true)`);
  const result = await work();
  await tx.execute(sql`select set_config('role', ${TENANT_ROLE}, true)`);
  return result;
}
