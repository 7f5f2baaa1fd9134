// The second run of the API tests, on PostgreSQL: when TEST_DATABASE_URL is unset, looks for the server every
// machine here has (127.0.0.1:5432, trust auth, database `test`), starting the local cluster if it is stopped.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';

export const LOCAL_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** Runs `sql` on `url`; null when it worked, else the error. */
async function query(url: string, sql: string): Promise<(Error & { code?: string }) | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query(sql);
    return null;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** null when the server answers on the test database (created when only it is missing), else why not. */
async function probe(url: string): Promise<string | null> {
  const failure = await query(url, 'select 1');
  if (failure?.code !== '3D000') return failure ? failure.message || String(failure) : null; // 3D000: no such database
  const server = new URL(url);
  const name = server.pathname.slice(1);
  server.pathname = '/postgres';
  const created = await query(server.toString(), `create database "${name}"`);
  if (created) return `${failure.message}, and creating it failed: ${created.message}`;
  console.log(`PostgreSQL answers but had no database "${name}": created it.`);
  return null;
}

const onPath = (binary: string) =>
  spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;

/** Starts an installed but stopped Debian cluster (as .ci/run used to); true when it tried. */
function startLocalCluster(): boolean {
  if (!onPath('pg_ctlcluster') || !existsSync('/etc/postgresql')) return false;
  const version = readdirSync('/etc/postgresql').sort().at(-1);
  if (!version) return false;
  console.log(`PostgreSQL does not answer on 127.0.0.1:5432: starting the local cluster ${version}/main.`);
  spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
  return true;
}

/** Sets TEST_DATABASE_URL for the steps when a local server answers; returns the lines of the summary. */
export async function setUpPostgres(): Promise<string[]> {
  if (process.env.TEST_DATABASE_URL)
    return ['PostgreSQL: TEST_DATABASE_URL is set: the API tests run on PGlite and on PostgreSQL.'];

  let failure = await probe(LOCAL_TEST_DATABASE_URL);
  if (failure && startLocalCluster()) {
    for (let attempt = 0; attempt < 20 && failure; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      failure = await probe(LOCAL_TEST_DATABASE_URL);
    }
  }
  if (!failure) {
    process.env.TEST_DATABASE_URL = LOCAL_TEST_DATABASE_URL;
    return [
      `PostgreSQL answers: TEST_DATABASE_URL=${LOCAL_TEST_DATABASE_URL} is set for the tests, which run on PGlite and on PostgreSQL.`,
    ];
  }
  return [
    `PostgreSQL: nothing answers at ${LOCAL_TEST_DATABASE_URL} (${failure}): the API tests run on PGlite only, ` +
      'the PostgreSQL runs will NOT happen.',
    'To run them, start a PostgreSQL server with a database `test` the user postgres can reach ' +
      '(apt-get install -y postgresql; createdb test), or set TEST_DATABASE_URL=postgres://user@host:port/db.',
  ];
}
