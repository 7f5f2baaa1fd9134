// Runs a request's database work as the tenant: one transaction, RLS role, company id set for the policies.
import { sql } from 'drizzle-orm';
import type { TDb } from './client.ts';

/** Runs `fn` in a transaction that row-level security confines to `companyId`. */
export async function withTenant<T>(db: TDb, companyId: string, fn: (tx: TDb) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip for both: the company for the policies, and the request role (`set_config('role', …, true)` is
    // SET LOCAL ROLE), both undone at commit. Every tenant transaction pays this, so it is kept to one statement.
    await tx.execute(
      sql`select set_config('app.company_id', ${companyId}, true), set_config('role', 'forgeboard_app', true)`,
    );
    return fn(tx as unknown as TDb);
  });
}
