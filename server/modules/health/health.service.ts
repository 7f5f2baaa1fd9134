// Works out this instance's health for load balancers and operators.
import { sql } from 'drizzle-orm';
import type { THealth } from '#common/schemas/health.ts';
import type { TDatabase } from '../../db/client.ts';
import { appliedMigrationCount, expectedMigrationCount } from '../../db/migrate.ts';
import { APP_VERSION } from '../../version.ts';

/** `ok` when the database answers and has every migration this code ships; `degraded` otherwise. */
export async function checkHealth(database: TDatabase): Promise<THealth> {
  const expected = expectedMigrationCount();
  let reachable = false;
  let applied = 0;
  try {
    await database.db.execute(sql`select 1`);
    reachable = true;
    applied = await appliedMigrationCount(database);
  } catch {
    // reported below as unreachable or not migrated
  }
  return {
    status: reachable && applied >= expected ? 'ok' : 'degraded',
    version: APP_VERSION,
    database: {
      driver: database.driver,
      reachable,
      migrationsApplied: applied,
      migrationsExpected: expected,
    },
  };
}
