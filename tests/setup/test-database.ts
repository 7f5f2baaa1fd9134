// A migrated database for one test file: PGlite in memory, or a throwaway database on the PostgreSQL server.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type TDatabase } from '#server/db/client.ts';
import { applyMigrations } from '#server/db/migrate.ts';

/** Which database the tests run on: set per Vitest project (vitest.config.ts); PGlite when unset. */
export type TTestDbKind = 'pglite' | 'postgres';

/** The kind of database this test run uses. */
export function testDbKind(): TTestDbKind {
  const kind = process.env.TEST_DB_KIND ?? 'pglite';
  if (kind !== 'pglite' && kind !== 'postgres')
    throw new Error(`TEST_DB_KIND must be pglite or postgres, not ${kind}`);
  return kind;
}

/** An open, migrated database and how to get rid of it. */
export interface TTestDatabase {
  database: TDatabase;
  /** The URL of the throwaway PostgreSQL database, or null on PGlite. */
  url: string | null;
  /** Drops what was created. Call after the database (or the app owning it) is closed. */
  dispose(): Promise<void>;
}

/** Opens a fresh database of the run's kind and applies every migration (unless `migrate` is false). */
export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<TTestDatabase> {
  const migrate = options.migrate ?? true;
  if (testDbKind() === 'pglite') {
    const database = await openDatabase({ kind: 'pglite-memory' });
    if (migrate) await applyMigrations(database);
    return { database, url: null, dispose: async () => undefined };
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      'TEST_DB_KIND=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test',
    );
  const name = `fb_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Wait for the app's connections to finish closing before dropping: forcing the drop while a client is still
  // ending makes the server terminate it, and that client then reports an error nobody is listening for.
  const dispose = async () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      try {
        await adminQuery(serverUrl, `drop database if exists ${name}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006') throw error; // 55006: still in use
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  };
  let database: TDatabase | null = null;
  try {
    database = await openDatabase({ kind: 'postgres', url: url.toString() });
    if (migrate) await applyMigrations(database);
    return { database, url: url.toString(), dispose };
  } catch (error) {
    await database?.close();
    await dispose();
    throw error;
  }
}

/** Runs one statement on the server's own database (CREATE/DROP DATABASE cannot run inside the target). */
async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
