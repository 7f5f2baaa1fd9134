// Migrates the PGlite folder DATA_DIR names, as the server does when it starts on a fresh one (server/main.ts), so
// that the maintenance server's start need not: prepare-servers.ts runs this beside the web build (decision 081).
import { openDatabase } from '../../../server/db/client.ts';
import { applyMigrations } from '../../../server/db/migrate.ts';
import { loadConfig } from '../../../server/env.ts';

const database = await openDatabase({ kind: 'pglite', dataDir: loadConfig().dataDir });
try {
  await applyMigrations(database);
} finally {
  await database.close();
}
