// A migrated database for one test file: PGlite, or a throwaway database on the PostgreSQL server. Each starts as a
// copy of a template migrated once per run (database-templates.global.ts, decision 051), not migrated again.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type TDatabase } from '#server/db/client.ts';
import { applyMigrations } from '#server/db/migrate.ts';

declare module 'vitest' {
  interface ProvidedContext {
    /** A PGlite data folder (openDatabase's `dataDir`) with every migration applied; closed, never opened again. */
    pgliteTemplateDir: string;
    /** A database on TEST_DATABASE_URL's server with every migration applied, marked a template, no connections. */
    postgresTemplate: string;
  }
}

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

/**
 * Opens a fresh database of the run's kind with every migration applied: a copy of the run's template when the
 * Vitest project's global set-up made one, else (outside such a project) a new database migrated here. With
 * `migrate: false`, a new empty database, as a server finds before its first start.
 */
export async function openTestDatabase(options: { migrate?: boolean } = {}): Promise<TTestDatabase> {
  const migrate = options.migrate ?? true;
  if (testDbKind() === 'pglite') {
    const templateDir = migrate ? provided('pgliteTemplateDir') : undefined;
    if (templateDir) return openPgliteCopy(templateDir);
    const database = await openDatabase({ kind: 'pglite-memory' });
    if (migrate) await applyMigrations(database);
    return { database, url: null, dispose: async () => undefined };
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      'TEST_DB_KIND=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test',
    );
  const template = migrate ? provided('postgresTemplate') : undefined;
  const name = `fb_test_${randomBytes(6).toString('hex')}`;
  // The server copies the template (a fraction of a second); it refuses while anyone is connected to the template,
  // which nobody can be: the global set-up closed its pools and set ALLOW_CONNECTIONS false.
  await adminQuery(
    serverUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
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
    if (migrate && !template) await applyMigrations(database);
    return { database, url: url.toString(), dispose };
  } catch (error) {
    await database?.close();
    await dispose();
    throw error;
  }
}

/**
 * A copy of the migrated PGlite folder, opened through openDatabase as the server opens its own (extensions, lock
 * file): PGlite's start on an existing folder skips initdb, which was most of a fresh in-memory database's time.
 * The copy sits beside the template, in the run's folder (memory-backed /dev/shm where there is one).
 */
async function openPgliteCopy(templateDir: string): Promise<TTestDatabase> {
  const dataDir = mkdtempSync(join(dirname(templateDir), 'db-'));
  const dispose = async () => rmSync(dataDir, { recursive: true, force: true });
  try {
    cpSync(join(templateDir, 'pglite'), join(dataDir, 'pglite'), { recursive: true });
    return { database: await openDatabase({ kind: 'pglite', dataDir }), url: null, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** A value the project's global set-up provided, or undefined outside Vitest or in a project without one. */
function provided<K extends 'pgliteTemplateDir' | 'postgresTemplate'>(key: K): string | undefined {
  return process.env.VITEST ? (inject(key) as string | undefined) : undefined;
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
