// The security headers a browser gets on every answer, API and page alike: framing refused by both headers that say
// so, and the browser features the app does not use turned off — on PGlite and on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TTestDatabase } from '../../tests/setup/test-database.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../env.ts';

let app: FastifyInstance;
let testDb: TTestDatabase;
let webDir: string;

beforeAll(async () => {
  // A built web app of two files, so pages and assets are served as in production.
  webDir = mkdtempSync(join(tmpdir(), 'forgeboard-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Forgeboard</title><div id="root"></div>');
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
  testDb = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
  });
  app = await buildApp({
    config,
    database: testDb.database,
    sessionSecret: randomBytes(32).toString('hex'),
    webDistDir: webDir,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
  rmSync(webDir, { recursive: true, force: true });
});

/** The Permissions-Policy header as feature → allow list ('' for none). */
function permissionsOf(header: unknown): Record<string, string> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string).split(',').map((entry) => {
      const [feature, allow] = entry.trim().split('=');
      return [feature!, allow!.replace(/^\(|\)$/g, '')];
    }),
  );
}

/** Features the app never uses: a page that tried would be refused. */
const DENIED = ['microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'display-capture'];

const answers = {
  'an API answer': { url: '/api/health', type: 'application/json' },
  'an app page': { url: '/plans', type: 'text/html' },
  'the page of an unknown path (404)': { url: '/no-such-page', type: 'text/html' },
  'a static asset': { url: '/assets/app-1a2b3c.js', type: 'javascript' },
};

describe('security headers', () => {
  it.each(Object.entries(answers))('refuses framing by every header on %s', async (_name, { url, type }) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.headers['content-type']).toContain(type);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each(Object.entries(answers))(
    'lets only our own pages use the camera, and nobody the microphone, location, payments or USB, on %s',
    async (_name, { url }) => {
      const response = await app.inject({ method: 'GET', url });
      const policy = permissionsOf(response.headers['permissions-policy']);
      expect(policy.camera).toBe('self');
      for (const feature of DENIED) expect(policy[feature], feature).toBe('');
      // The Copy buttons write to the clipboard: that stays allowed.
      expect(policy['clipboard-write']).toBeUndefined();
    },
  );
});

describe('the app’s pages', () => {
  it.each([
    ['/plans', 200],
    ['/help', 200],
    ['/kiosk', 200],
    ['/s/AB12CD', 200],
    ['/no-such-page', 404],
  ] as const)('answers %s with %i and the app', async (url, status) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
