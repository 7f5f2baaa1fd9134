// GET /api/health on a migrated database, on whichever driver the test project runs.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { testDbKind } from '../../../tests/setup/test-database.ts';

/** The migrations the code ships, counted from the folder itself. */
const SHIPPED_MIGRATIONS = readdirSync(new URL('../../db/migrations', import.meta.url)).filter((f) =>
  f.endsWith('.sql'),
).length;

const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  it('answers 200 ok with the driver in use and every shipped migration applied', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: {
        driver: testDbKind(),
        reachable: true,
        migrationsApplied: SHIPPED_MIGRATIONS,
        migrationsExpected: SHIPPED_MIGRATIONS,
      },
    });
  });

  it('reports the version of package.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json().version).toBe(PACKAGE_VERSION);
  });
});

describe('GET /api/health before the migrations have run', () => {
  let bare: TTestApp;
  beforeAll(async () => {
    bare = await createTestApp({ migrate: false });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('answers 503 degraded, so a load balancer keeps traffic away', async () => {
    const response = await bare.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'degraded',
      database: { reachable: true, migrationsApplied: 0, migrationsExpected: SHIPPED_MIGRATIONS },
    });
  });
});
