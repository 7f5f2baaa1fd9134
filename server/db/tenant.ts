// Runs a request's database work as the tenant: one transaction, RLS role, company id set for the policies.
import { sql } from 'drizzle-orm';
import type { TDb } from './client.ts';

/** Runs `fn` in a transaction that row-level security confines to `companyId`. */
export async function withTenant<T>(db: TDb, companyId: string, fn: (tx: TDb) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.company_id', ${companyId}, true)`);
    await tx.execute(sql`set local role forgeboard_app`);
    return fn(tx as unknown as TDb);
  });
}
