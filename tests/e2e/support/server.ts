// Where the e2e server runs and what it starts with: shared by playwright.config.ts and the test helpers.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The server's data folder (PGlite, outbox); E2E_DATA_DIR with E2E_PORT lets two runs share a machine. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e';

/**
 * The run's production build of the web app, which every e2e server serves: a folder per port, since a run that
 * rebuilt a shared one replaced the chunks another run's pages were still loading.
 */
export const E2E_WEB_DIST_DIR = `dist/web-e2e-${E2E_PORT}`;

/** The installation's sysadmin, made by `npm run sysadmin` (server/cli/create-sysadmin.ts) before the server starts. */
export const E2E_SYSADMIN = {
  email: 'sysadmin@operations.e2e.test',
  password: 'Ops-Console-2026!',
  role: 'sysadmin',
  companyName: 'Forgeboard E2E Operations',
  firstName: 'Sys',
  lastName: 'Admin',
} as const;

/**
 * The Maintenance journey's own server (issue 22): the same build on a fresh PGlite folder, with its mail sent over
 * SMTP to the sink below, its app clock read from a file the test moves, and the scheduler passing every second.
 * Apart from the main server so that moving its clock can never change what another spec sees.
 */
export const E2E_MAINT_PORT = E2E_PORT + 10;
export const E2E_MAINT_BASE_URL = `http://127.0.0.1:${E2E_MAINT_PORT}`;
export const E2E_MAINT_DATA_DIR = `${E2E_DATA_DIR}-maintenance`;
/** Holds the instant the maintenance server takes as now (server/clock.ts); missing = the real clock. */
export const E2E_CLOCK_FILE = `${E2E_DATA_DIR}-clock`;
/** A real SMTP server (tests/e2e/support/smtp-sink.ts) writing each message it accepts to E2E_SMTP_DIR as .eml. */
export const E2E_SMTP_PORT = E2E_PORT + 11;
export const E2E_SMTP_DIR = `${E2E_DATA_DIR}-smtp`;

/**
 * The demo's server (issue 29, decision 068): the same build on a PGlite folder of its own, seeded by `npm run db:seed`
 * (its smaller size, DEMO_SIZE=small) before it starts, for the spec that reads every screen as the demo's people.
 */
export const E2E_DEMO_PORT = E2E_PORT + 12;
export const E2E_DEMO_BASE_URL = `http://127.0.0.1:${E2E_DEMO_PORT}`;
export const E2E_DEMO_DATA_DIR = `${E2E_DATA_DIR}-demo`;
