// The planner settings a report's transaction runs under (set_config(..., true): this transaction only). Every
// connection already starts without JIT (client.ts); a report adds memory to hash its groups in one batch and no
// parallel workers (on two cores the partial sums' hand-over cost more than the workers saved: 0.81 against 0.65 s
// for the stock balance report at a million rows).
import { sql } from 'drizzle-orm';
import type { TDb } from './client.ts';

/**
 * `indexPagesCached` also sets random_page_cost 1.1: an index page read priced as what it is on a mostly cached
 * database, one more page rather than a seek on a spinning disk, so the planner reads a covering index where one
 * carries what the report sums.
 */
export async function tuneForReport(tx: TDb, { indexPagesCached = false } = {}): Promise<void> {
  await tx.execute(
    indexPagesCached
      ? sql`select set_config('work_mem', '64MB', true), set_config('max_parallel_workers_per_gather', '0', true),
                   set_config('random_page_cost', '1.1', true)`
      : sql`select set_config('work_mem', '64MB', true), set_config('max_parallel_workers_per_gather', '0', true)`,
  );
}
