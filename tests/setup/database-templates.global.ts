// Vitest global set-up of the database projects (vitest.config.ts): migrates one template database per run, which
// every test file's openTestDatabase() then copies instead of migrating a database of its own (decision 051).
// PGlite: a data folder in a folder of this run's own, removed at the end. PostgreSQL: a template database named by
// a hash of the migrations folder, shared by the runs that have the same migrations and dropped once no run uses it.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { applyMigrations, MIGRATIONS_FOLDER } from '#server/db/migrate.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.TEST_DB_KIND;
  if (kind === 'pglite') return preparePgliteTemplate(project);
  if (kind === 'postgres') return preparePostgresTemplate(project);
  throw new Error(
    `database-templates.global.ts: the project's TEST_DB_KIND is ${kind}, not pglite or postgres`,
  );
}

/**
 * Where the runs' PGlite folders go: memory-backed /dev/shm where it has room (the template and each open copy are
 * about 45 MB; a container's default /dev/shm is 64 MB), else the system's temporary folder.
 */
const PGLITE_BASE = hasRoom('/dev/shm', 1024 ** 3) ? '/dev/shm' : tmpdir();

function hasRoom(folder: string, bytes: number): boolean {
  if (!existsSync(folder)) return false;
  const fs = statfsSync(folder);
  return fs.bavail * fs.bsize >= bytes;
}

/** A run's folder: forgeboard-tests-<pid of the Vitest process>-<random>. */
const RUN_FOLDER = /^forgeboard-tests-(\d+)-/;

async function preparePgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  removeFoldersOfEndedRuns();
  const runDir = mkdtempSync(join(PGLITE_BASE, `forgeboard-tests-${process.pid}-`));
  const templateDir = join(runDir, 'template');
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: templateDir });
    try {
      await applyMigrations(database);
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('pgliteTemplateDir', templateDir);
  return async () => rmSync(runDir, { recursive: true, force: true });
}

/** A run killed before its teardown leaves its folder behind: remove those whose Vitest process has ended. */
function removeFoldersOfEndedRuns(): void {
  for (const entry of readdirSync(PGLITE_BASE)) {
    const pid = RUN_FOLDER.exec(entry)?.[1];
    if (pid && !processIsAlive(Number(pid)))
      rmSync(join(PGLITE_BASE, entry), { recursive: true, force: true });
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/** Advisory lock namespaces (the two-int form, apart from the app's one-bigint migration lock). */
const TEMPLATE_IN_USE = 0x46425449; // "FBTI": held shared by every run using a template, for the whole run
const TEMPLATE_BUILD = 0x46425442; // "FBTB": held by the one run building a template
const TEMPLATE_PREFIX = 'fb_template_';

/** The template's name for the migrations folder as it is now: any changed, added or removed file makes another. */
function postgresTemplateName(): string {
  const hash = createHash('sha256');
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else
        hash
          .update(`${relative(MIGRATIONS_FOLDER, path)}\0`)
          .update(readFileSync(path))
          .update('\0');
    }
  };
  walk(MIGRATIONS_FOLDER);
  return `${TEMPLATE_PREFIX}${hash.digest('hex').slice(0, 16)}`;
}

/** The advisory lock key of a template: the first 32 bits of its hash, as the signed int PostgreSQL takes. */
function templateKey(name: string): number {
  return Number.parseInt(name.slice(TEMPLATE_PREFIX.length, TEMPLATE_PREFIX.length + 8), 16) | 0;
}

async function preparePostgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('the api-postgres project needs TEST_DATABASE_URL');
  const name = postgresTemplateName();
  const key = templateKey(name);
  // This connection holds the run's "in use" lock until the teardown; it is to the server's own database, never to
  // the template (CREATE DATABASE … TEMPLATE refuses while anyone is connected to it).
  const session = new pg.Client({ connectionString: serverUrl });
  await session.connect();
  try {
    await session.query('select pg_advisory_lock_shared($1, $2)', [TEMPLATE_IN_USE, key]);
    await session.query('select pg_advisory_lock($1, $2)', [TEMPLATE_BUILD, key]);
    try {
      await buildTemplateUnlessBuilt(session, serverUrl, name);
    } finally {
      await session.query('select pg_advisory_unlock($1, $2)', [TEMPLATE_BUILD, key]);
    }
    await dropTemplatesNoRunUses(session, name);
  } catch (error) {
    await session.end();
    throw error;
  }
  project.provide('postgresTemplate', name);
  return async () => session.end();
}

/** Under the build lock: a template that exists is complete (IS_TEMPLATE is set last); anything else is rebuilt. */
async function buildTemplateUnlessBuilt(session: pg.Client, serverUrl: string, name: string): Promise<void> {
  const { rows } = await session.query<{ done: boolean }>(
    'select datistemplate as done from pg_database where datname = $1',
    [name],
  );
  if (rows[0]?.done) return;
  if (rows[0]) await session.query(`drop database ${name} with (force)`); // a build that died half-way
  await session.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await applyMigrations(database);
  } finally {
    await database.close(); // every pool ended: no connection left on the template
  }
  await session.query(`alter database ${name} with is_template true allow_connections false`);
}

/**
 * Drops the templates of other migrations (an older checkout, a branch) that no run is using now: a run using one
 * holds its "in use" lock shared, so taking it exclusively here, without waiting, proves nobody does.
 */
async function dropTemplatesNoRunUses(session: pg.Client, current: string): Promise<void> {
  const { rows } = await session.query<{ name: string }>(
    `select datname as name from pg_database where datname like '${TEMPLATE_PREFIX}%' and datname <> $1`,
    [current],
  );
  for (const { name } of rows) {
    if (!/^fb_template_[0-9a-f]{16}$/.test(name)) continue;
    const key = templateKey(name);
    const { rows: got } = await session.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1, $2) as locked',
      [TEMPLATE_IN_USE, key],
    );
    if (!got[0]?.locked) continue;
    try {
      await session.query(`alter database ${name} with is_template false`);
      await session.query(`drop database ${name}`);
    } finally {
      await session.query('select pg_advisory_unlock($1, $2)', [TEMPLATE_IN_USE, key]);
    }
  }
}
