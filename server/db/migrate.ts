// Applies the committed migrations at start-up, one instance at a time, and reports how many have run.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { queryRows, type TDatabase } from './client.ts';

/** The folder of generated SQL migrations. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** An arbitrary constant: the advisory lock that lets one instance migrate while the others wait. */
const MIGRATION_LOCK_KEY = 0x466f7267656d6967n; // "Forgemig"

/** Applies every migration not yet applied. Safe to call from several instances at once. */
export async function applyMigrations(database: TDatabase): Promise<void> {
  await database.withAdvisoryLock(MIGRATION_LOCK_KEY, async (db) => {
    if (database.driver === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    } else {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    }
  });
}

/** How many migrations the code ships with. */
export function expectedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** How many migrations the database says it has applied (0 before the first start). */
export async function appliedMigrationCount(database: TDatabase): Promise<number> {
  const exists = await queryRows<{ present: boolean }>(
    database.db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists[0]?.present) return 0;
  const rows = await queryRows<{ count: number }>(
    database.db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.count ?? 0);
}
