// createTestApp(): the whole HTTP app on a fresh migrated database, for API tests through app.inject, and real
// accounts to sign in with.
import { randomBytes, randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { normalizeEmail } from '#common/email.ts';
import { AppError } from '#common/errors.ts';
import type { TRole } from '#common/roles.ts';
import { CSRF_COOKIE } from '#common/schemas/auth.ts';
import { buildApp } from '#server/app.ts';
import type { TClock } from '#server/clock.ts';
import type { TDatabase } from '#server/db/client.ts';
import { createCompany, createUser, FACTORY_PASSWORD } from '#server/db/seed/factories.ts';
import { loadConfig, type TConfig } from '#server/env.ts';
import { findUserByEmail } from '#server/modules/auth/accounts.repo.ts';
import type { TPasswordHashParams } from '#server/modules/auth/password-hash.ts';
import { findCompanyByName } from '#server/modules/companies/companies.repo.ts';
import { openTestDatabase, type TTestDatabase } from './test-database.ts';

/** The public origin the test app believes it has; a same-site browser sends it as Origin. */
export const TEST_APP_URL = 'http://localhost:3000';

/** better-auth's session cookie (cookiePrefix 'fb'), the one a signed-in browser sends back. */
export const SESSION_COOKIE = 'fb.session_token';

/**
 * Test accounts' password hashes cost 2^12 instead of 2^17: the sign-in path (better-auth, our verify, the
 * session) is the real one, at a hundredth of the time. password-hash.test.ts covers the production cost.
 */
export const TEST_HASH_PARAMS: TPasswordHashParams = { logN: 12, r: 8, p: 1, saltBytes: 16, keyBytes: 64 };

/** Who to sign in as: a verified user of `companyName` with this role (both created on first use). */
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
  /**
   * Creates the company and the user when new (test factories), then signs in through POST /api/v1/auth/sign-in
   * as a browser would; returns the Cookie header value to send as that user.
   */
  signIn(as: TSignInAs): Promise<string>;
  /** Closes the app (and with it the database) and drops a throwaway PostgreSQL database. */
  close(): Promise<void>;
}

/** How to build a test app. */
export interface TTestAppOptions {
  /** Environment variables on top of the test defaults (e.g. TRUST_PROXY). */
  env?: Record<string, string>;
  /** Another test app whose database this one shares, as a second instance would; it stays open when this closes. */
  sharedWith?: TTestApp;
  /** False leaves the new database unmigrated, as a server whose migrations failed would find it. */
  migrate?: boolean;
  /**
   * True starts the background task worker (mail included), as a listening server does. Off by default: most tests
   * read the outbox and queue_tasks tables, or run a worker of their own.
   */
  taskWorker?: boolean;
  /** The app's clock (server/clock.ts), e.g. manualClock(...) to move the shop's day; the system's by default. */
  clock?: TClock;
  /** True starts the maintenance scheduler's timer, as a listening server does; most tests run passes by hand. */
  maintenanceScheduler?: boolean;
}

/** Builds the app on PGlite or PostgreSQL (per TEST_DB_KIND). */
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
    LOG_LEVEL: 'silent',
    APP_URL: TEST_APP_URL,
    // Sign-ups and sign-ins through the real routes hash at the factories' cost (password-hash.test.ts checks the
    // production default).
    PASSWORD_HASH_COST: String(TEST_HASH_PARAMS.logN),
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
      ...(options.clock ? { clock: options.clock } : {}),
    });
    await app.ready();
    if (options.taskWorker) await app.startTaskWorker();
    if (options.maintenanceScheduler) app.startMaintenanceScheduler();
  } catch (error) {
    await testDb.database.close();
    await testDb.dispose();
    throw error;
  }

  async function companyNamed(name: string) {
    const found = await findCompanyByName(testDb.database.db, name);
    if (found) return found;
    try {
      return (await createCompany(testDb.database.db, { name })).company;
    } catch (error) {
      // Two sign-ins of the same new company at once: the other one created it.
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      return (await findCompanyByName(testDb.database.db, name))!;
    }
  }

  async function signIn(as: TSignInAs): Promise<string> {
    const db = testDb.database.db;
    const email = normalizeEmail(as.email);
    const company = await companyNamed(as.companyName);
    const existing = await findUserByEmail(db, email);
    if (existing && (existing.companyId !== company.id || existing.role !== as.role)) {
      throw new Error(`${email} already exists as ${existing.role} of another company or role`);
    }
    if (!existing) {
      await createUser(db, company.id, {
        email,
        role: as.role,
        firstName: as.firstName ?? 'Pat',
        lastName: as.lastName ?? 'Example',
        hashParams: TEST_HASH_PARAMS,
      });
    }
    const csrf = randomBytes(32).toString('hex');
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password: FACTORY_PASSWORD, csrfToken: csrf },
      headers: { origin: TEST_APP_URL, cookie: `${CSRF_COOKIE}=${csrf}` },
      // An address of its own, so the per-address sign-in limit never counts test set-up.
      remoteAddress: `10.250.${randomInt(256)}.${randomInt(1, 255)}`,
    });
    if (response.statusCode !== 200) {
      throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
    }
    // Send back exactly what the browser would: the name=value part of the Set-Cookie header.
    const setCookie = [response.headers['set-cookie'] ?? []].flat();
    const pair = setCookie
      .map((header) => header.split(';')[0]!)
      .find((p) => p.startsWith(`${SESSION_COOKIE}=`) && p.length > SESSION_COOKIE.length + 1);
    if (!pair) throw new Error(`sign-in as ${email} set no ${SESSION_COOKIE} cookie`);
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
