// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL through node-postgres when a URL is given.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { TInlineStatement } from './inline-statement.ts';
import { assertChannelName, listenPostgres, type TUnlisten } from './listen.ts';
import { lockDataDir } from './lock.ts';
import * as schema from './schema.ts';
import { refuseNestedTransactions, registerTenantRunner, tenantBeginSql } from './tenant.ts';

/** The Drizzle database, whichever driver is underneath. A transaction has the same shape. */
export type TDb = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database and what the server needs to manage it. */
export interface TDatabase {
  db: TDb;
  driver: 'pglite' | 'postgres';
  /** Runs `fn` on one connection holding a session-level advisory lock (a no-op lock on PGlite: one process). */
  withAdvisoryLock<T>(key: bigint, fn: (db: TDb) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` (sent at commit, never for a rollback), from any instance on
   * PostgreSQL, from this process on PGlite; `null` after a reconnection, when some may have been missed.
   */
  listen(channel: string, onNotify: (payload: string | null) => void): Promise<TUnlisten>;
  close(): Promise<void>;
}

/**
 * Extensions the migrations create; PGlite ships them as contrib modules loaded at start (0021: pg_trgm; 0053:
 * btree_gist, for the exclusion constraint that keeps a person's time entries from overlapping).
 */
const extensions = { pg_trgm, btree_gist };

/** Where and how to open the database. `memory` is for tests: PGlite with no folder. */
export type TDatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' }
  | { kind: 'postgres'; url: string; poolSize?: number };

/** Opens the database named by `target`. */
export async function openDatabase(target: TDatabaseTarget): Promise<TDatabase> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize);
  if (target.kind === 'pglite-memory') return wrapPglite(new PGlite({ extensions }), () => undefined);

  const dataDir = resolve(target.dataDir);
  mkdirSync(dataDir, { recursive: true }); // PGlite does not create parent folders
  const release = lockDataDir(dataDir);
  try {
    const client = new PGlite(join(dataDir, 'pglite'), { extensions });
    await client.waitReady;
    return wrapPglite(client, release);
  } catch (error) {
    release();
    throw error;
  }
}

function wrapPglite(client: PGlite, release: () => void): TDatabase {
  const db = drizzlePglite({ client, schema }) as unknown as TDb;
  return {
    db,
    driver: 'pglite',
    withAdvisoryLock: (_key, fn) => fn(db),
    async listen(channel, onNotify) {
      assertChannelName(channel);
      return client.listen(channel, onNotify);
    },
    async close() {
      await client.close();
      release();
    },
  };
}

/** Connections per pool unless DATABASE_POOL_SIZE says otherwise. */
const DEFAULT_POOL_SIZE = 10;

/** The role tenant work runs as: it owns nothing, so row-level security binds it (migration 0001). */
export const TENANT_ROLE = 'forgeboard_app';

/**
 * The tenant pool's connections log in already as TENANT_ROLE (the `role` setting in the start-up packet), not as
 * the tables' owner: a query on them that is not in a tenant transaction sees no company's rows at all, instead of
 * every company's (decision 032). Only system work (sign-in, sign-up, mail, migrations) uses the owner's pool.
 */
export function tenantPoolConfig(url: string, max = DEFAULT_POOL_SIZE): pg.PoolConfig {
  return { connectionString: url, max, options: `${CONNECTION_OPTIONS} -c role=${TENANT_ROLE}` };
}

/**
 * Settings both pools' connections start with. jit=off: PostgreSQL compiles a query with LLVM once its estimated cost
 * passes jit_above_cost (100,000), and on a big shop's tables a query of a millisecond can be estimated past it (a
 * correlated subquery priced as a sequential scan per row): at 100,000 items the stock list's second query spent
 * 26 ms compiling what ran in under 1 ms, most of the list's 40 ms p99 (decision 095). The app's queries are short,
 * and its reports already turned JIT off for their own transactions; none gains from compilation.
 */
const CONNECTION_OPTIONS = '-c jit=off';

/** An idle connection the server drops (a restart, a failover) must not crash the process. */
function survivingIdleErrors(pool: pg.Pool): pg.Pool {
  // node-postgres emits 'error' on the pool, discards that client and opens a new one on the next query.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`, {
      code: 'FORGEBOARD_PG_IDLE',
    });
  });
  return pool;
}

async function openPostgres(url: string, poolSize = DEFAULT_POOL_SIZE): Promise<TDatabase> {
  // A request reads its session on the owner's pool and does its work on the tenants': both are sized alike.
  const pool = survivingIdleErrors(
    new pg.Pool({ connectionString: url, max: poolSize, options: CONNECTION_OPTIONS }),
  );
  // Connects lazily: the role exists once the migrations have run (0001), after this function returns.
  const tenantPool = survivingIdleErrors(new pg.Pool(tenantPoolConfig(url, poolSize)));
  // Fail at start-up, with the server's own message, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg({ client: pool, schema }) as unknown as TDb;
  registerTenantRunner(db, tenantRunner(tenantPool));
  return {
    db,
    driver: 'postgres',
    async withAdvisoryLock(key, fn) {
      const connection = await pool.connect();
      try {
        const lockedDb = drizzlePg({ client: connection, schema }) as unknown as TDb;
        await lockedDb.execute(sql`select pg_advisory_lock(${key})`);
        try {
          return await fn(lockedDb);
        } finally {
          await lockedDb.execute(sql`select pg_advisory_unlock(${key})`);
        }
      } finally {
        connection.release();
      }
    },
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    close: async () => {
      await Promise.all([pool.end(), tenantPool.end()]);
    },
  };
}

/**
 * Tenant transactions on the pool: `begin` and the tenant set-up in one round trip (tenantBeginSql), then `fn` on a
 * Drizzle instance bound to that connection (made once per connection and reused), then commit, or rollback on a
 * throw. A connection whose rollback fails is discarded rather than returned to the pool mid-transaction.
 */
function tenantRunner(pool: pg.Pool) {
  const bound = new WeakMap<pg.PoolClient, TDb>();
  const boundDb = (connection: pg.PoolClient): TDb => {
    let tx = bound.get(connection);
    if (!tx) {
      tx = drizzlePg({ client: connection, schema }) as unknown as TDb;
      refuseNestedTransactions(tx);
      bound.set(connection, tx);
    }
    return tx;
  };
  return async <T>(
    companyId: string,
    fn: (tx: TDb, firstRows: unknown[]) => Promise<T>,
    first?: TInlineStatement,
  ): Promise<T> => {
    // The first statement rides in the same simple-protocol message (decision 087): its values are uuids written in.
    const begin = first ? `${tenantBeginSql(companyId)}; ${first.text}` : tenantBeginSql(companyId);
    const connection = await pool.connect();
    let broken: Error | undefined;
    try {
      const opened = (await connection.query(begin)) as unknown as pg.QueryResult[];
      const result = await fn(boundDb(connection), first ? opened.at(-1)!.rows : []);
      await connection.query('commit');
      return result;
    } catch (error) {
      await connection.query('rollback').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      connection.release(broken);
    }
  };
}

/** What both drivers' clients (a pg Pool or PoolClient, a PGlite instance or transaction) answer a query with. */
interface TDriverClient {
  query(
    text: string | { name: string; text: string; values: unknown[] },
    params?: unknown[],
  ): Promise<{
    rows: unknown[];
  }>;
}

/**
 * Runs a fixed SQL text with `$n` parameters on `db` (the root database or a transaction) straight on the driver's
 * client, past Drizzle's query building. For the few statements every stock posting runs: building a query object
 * per call cost the server more CPU than the driver did (decision 030). Rows come back as the driver gives them:
 * column names as written in the SQL, numerics as text. Reaches Drizzle's `session.client`, which both of its
 * drivers here keep; a Drizzle that stops keeping it fails every posting test at once, not quietly. With `name`, on
 * PostgreSQL the statement is prepared under that name once per connection and only bound and run after (decision
 * 087); PGlite, in-process, runs it as it is.
 */
export async function runSql<T>(db: TDb, text: string, params: unknown[], name?: string): Promise<T[]> {
  const client = (db as unknown as { session?: { client?: TDriverClient } }).session?.client;
  if (typeof client?.query !== 'function') throw new Error('runSql: no driver client under this database');
  if (name && (client instanceof pg.Pool || client instanceof pg.Client))
    return (await client.query({ name, text, values: params })).rows as T[];
  return (await client.query(text, params)).rows as T[];
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: TDb, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
