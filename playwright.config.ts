// End-to-end tests in Debian's Chromium against the built app served by the real server on a fresh PGlite folder.
import { defineConfig, devices } from '@playwright/test';
import {
  E2E_BASE_URL as BASE_URL,
  E2E_DATA_DIR as DATA_DIR,
  E2E_CLOCK_FILE,
  E2E_DEMO_BASE_URL,
  E2E_DEMO_DATA_DIR,
  E2E_DEMO_PORT,
  E2E_MAINT_BASE_URL,
  E2E_MAINT_DATA_DIR,
  E2E_MAINT_PORT,
  E2E_SMTP_PORT,
  E2E_PORT as PORT,
  E2E_WEB_DIST_DIR as WEB_DIST_DIR,
} from './tests/e2e/support/server.ts';
import { E2E_SSO_DNS_SERVER, E2E_SSO_IDP_ORIGIN } from './tests/e2e/support/sso-servers.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/setup/chromium.ts';

// Fresh data folders, the built web app (for production, though the servers run with NODE_ENV=test: React's
// development build made every page several times slower to draw than users ever see it), the installation's
// sysadmin made as an operator would, the maintenance folder migrated and the demo seeded: made side by side by
// tests/e2e/support/prepare-servers.ts before the first server starts (Playwright starts the servers one after
// another; decision 081).

export default defineConfig({
  testDir: 'tests/e2e',
  // Per port, like the web build: a run empties its output folder as it starts.
  outputDir: PORT === 4173 ? 'test-results/e2e' : `test-results/e2e-${PORT}`,
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // Nearly every journey signs a company up and people in before it starts; with two
  // workers and the server on a 2-core CI machine such journeys took 20-40 s, and the default 30 s failed a
  // different one on each run. A hung test still fails, at 90 s.
  timeout: 90_000,
  // A first render of a lazy screen (its chunk, the session, its data) took 8-15 s on the shared 2-core machine
  // while two workers and three servers ran (CI on 2026-11-27: the accessibility specs' first headings, whose
  // traces show every request answered in under 1.5 s and the page still "Loading…" on a starved renderer). An
  // assertion that is right passes as soon as it is; only a failing one waits the longer budget.
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: PORT === 4173 ? 'test-results/e2e-report.json' : `test-results/e2e-report-${PORT}.json` },
    ],
  ],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'npx tsx tests/e2e/support/prepare-servers.ts && npx tsx server/main.ts',
      url: `${BASE_URL}/api/health`,
      // Building the web app, making the sysadmin, the maintenance folder and the demo (PGlite's first starts), then
      // starting: a minute or two alone, several when the machine is shared; a hang still fails.
      timeout: 600_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        // For prepare-servers.ts, which names every server's folder from them.
        E2E_PORT: String(PORT),
        E2E_DATA_DIR: DATA_DIR,
        NODE_ENV: 'test',
        DATA_DIR,
        WEB_DIST_DIR,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        APP_URL: BASE_URL,
        LOG_LEVEL: 'warn',
        // New passwords hash at 2^12 rather than 2^17: every journey signs people up and in, and at production cost
        // that was seconds of a core per test. The cost is configuration; the scrypt path is the same.
        PASSWORD_HASH_COST: '12',
        // Mail goes to DATA_DIR/outbox as .eml files (no SMTP_URL); the tests read it from there.
        // As behind a reverse proxy on this machine: tests that act as different people send X-Forwarded-For, so the
        // per-address rate limits count them apart as they would count real visitors.
        TRUST_PROXY: '127.0.0.1',
        // The sso spec's identity provider (on 127.0.0.1, trusted only here) and DNS server (sso-servers.ts).
        SSO_TRUSTED_IDP_ORIGINS: E2E_SSO_IDP_ORIGIN,
        SSO_DNS_SERVERS: E2E_SSO_DNS_SERVER,
      },
    },
    // The mail server of the maintenance journey: real SMTP, every message kept as an .eml file.
    {
      command: 'npx tsx tests/e2e/support/smtp-sink.ts',
      port: E2E_SMTP_PORT,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_PORT: String(PORT), E2E_DATA_DIR: DATA_DIR },
    },
    // The maintenance journey's server (tests/e2e/support/server.ts): started after the first, whose build and fresh
    // folder it serves; its clock is a file the test moves, its mail goes over SMTP, and the scheduler passes every
    // second.
    {
      command: 'npx tsx server/main.ts',
      url: `${E2E_MAINT_BASE_URL}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        DATA_DIR: E2E_MAINT_DATA_DIR,
        WEB_DIST_DIR,
        PORT: String(E2E_MAINT_PORT),
        HOST: '127.0.0.1',
        APP_URL: E2E_MAINT_BASE_URL,
        LOG_LEVEL: 'warn',
        PASSWORD_HASH_COST: '12',
        TRUST_PROXY: '127.0.0.1',
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        APP_CLOCK_FILE: E2E_CLOCK_FILE,
        MAINTENANCE_SCAN_INTERVAL_MS: '1000',
      },
    },
    // The demo's server (tests/e2e/demo-shop.spec.ts) on the folder seeded before the first server started as a
    // newcomer seeds it (npm run db:seed, the small demo: fewer weeks of history, every area and state), serving the
    // first's build.
    {
      command: 'npx tsx server/main.ts',
      url: `${E2E_DEMO_BASE_URL}/api/health`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        DATA_DIR: E2E_DEMO_DATA_DIR,
        DEMO_SIZE: 'small',
        WEB_DIST_DIR,
        PORT: String(E2E_DEMO_PORT),
        HOST: '127.0.0.1',
        APP_URL: E2E_DEMO_BASE_URL,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '127.0.0.1',
      },
    },
  ],
});
