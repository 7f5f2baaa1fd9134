// Where the e2e server runs and what it starts with: shared by playwright.config.ts and the test helpers.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The server's data folder (PGlite, outbox); E2E_DATA_DIR with E2E_PORT lets two runs share a machine. */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.data-e2e';

/** The installation's sysadmin, made by `npm run sysadmin` (server/cli/create-sysadmin.ts) before the server starts. */
export const E2E_SYSADMIN = {
  email: 'sysadmin@operations.e2e.test',
  password: 'Ops-Console-2026!',
  role: 'sysadmin',
  companyName: 'Forgeboard E2E Operations',
  firstName: 'Sys',
  lastName: 'Admin',
} as const;
