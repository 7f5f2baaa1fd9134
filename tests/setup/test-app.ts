// createTestApp(): the whole HTTP app on a fresh migrated database, for API tests through app.inject.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { TRole } from '#common/roles.ts';
import { buildApp } from '#server/app.ts';
import type { TDatabase } from '#server/db/client.ts';
import { loadConfig, type TConfig } from '#server/env.ts';
import { SESSION_COOKIE } from '#server/plugins/auth.ts';
import { openTestDatabase, type TTestDatabase } from './test-database.ts';

/** The public origin the test app believes it has; a same-site browser sends it as Origin. */
export const TEST_APP_URL = 'http://localhost:3000';

/** Who to sign in as through the development sign-in. */
export interface TSignInAs {
  email: string;
  role: TRole;
  companyName: string;
  firstName?: string;
  lastName?: string;
}

/** A running app and the helpers the API tests use. */
export interface TTestApp {
  app: FastifyInstance;
  database: TDatabase;
  config: TConfig;
  /** Signs in through POST /api/v1/dev/sign-in; returns the Cookie header value to send as that user. */
  signIn(as: TSignInAs): Promise<string>;
  /** Closes the app (and with it the database) and drops a throwaway PostgreSQL database. */
  close(): Promise<void>;
}

/** How to build a test app. */
export interface TTestAppOptions {
  /** Environment variables on top of the test defaults (e.g. DEV_SIGN_IN: 'false'). */
  env?: Record<string, string>;
  /** Another test app whose database this one shares, as a second instance would; it stays open when this closes. */
  sharedWith?: TTestApp;
  /** False leaves the new database unmigrated, as a server whose migrations failed would find it. */
  migrate?: boolean;
  /**
   * True starts the mail dispatcher, as a listening server does (every MAIL_DISPATCH_INTERVAL_MS, which `env` can
   * set). Off by default: most tests read the outbox table, or drain it themselves.
   */
  mailDispatcher?: boolean;
}

/** Builds the app on PGlite or PostgreSQL (per TEST_DB_KIND), with the development sign-in on unless `env` says. */
export async function createTestApp(options: TTestAppOptions = {}): Promise<TTestApp> {
  const testDb: TTestDatabase = options.sharedWith
    ? {
        // The owner closes and drops the database; this app's close must leave it open.
        database: { ...options.sharedWith.database, close: async () => undefined },
        url: options.sharedWith.config.databaseUrl ?? null,
        dispose: async () => undefined,
      }
    : await openTestDatabase({ migrate: options.migrate ?? true });
  const config = loadConfig({
    NODE_ENV: 'test',
    DEV_SIGN_IN: 'true',
    LOG_LEVEL: 'silent',
    APP_URL: TEST_APP_URL,
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
    ...options.env,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database: testDb.database,
      sessionSecret: randomBytes(32).toString('hex'),
      // This folder has no index.html: the app serves the API alone, and unknown paths get JSON 404s.
      webDistDir: fileURLToPath(new URL('.', import.meta.url)),
    });
    await app.ready();
    if (options.mailDispatcher) app.startMailDispatcher();
  } catch (error) {
    await testDb.database.close();
    await testDb.dispose();
    throw error;
  }

  async function signIn(as: TSignInAs): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/v1/dev/sign-in', payload: as });
    if (response.statusCode !== 200) {
      throw new Error(`dev sign-in as ${as.email} failed: ${response.statusCode} ${response.body}`);
    }
    // Send back exactly what the browser would: the name=value part of the Set-Cookie header.
    const setCookie = [response.headers['set-cookie'] ?? []].flat();
    const pair = setCookie
      .map((header) => header.split(';')[0]!)
      .find((p) => p.startsWith(`${SESSION_COOKIE}=`));
    if (!pair) throw new Error(`dev sign-in as ${as.email} set no ${SESSION_COOKIE} cookie`);
    return pair;
  }

  return {
    app,
    database: testDb.database,
    config,
    signIn,
    async close() {
      await app.close();
      await testDb.dispose();
    },
  };
}
