// Vitest projects: quick unit tests, server process tests, and the API and database tests on PGlite and again on PostgreSQL.
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/** Tests that need a database: API tests through app.inject, and database-level tests (RLS, seed). */
const DATABASE_TESTS = ['server/**/*.routes.test.ts', 'server/**/*.api.test.ts', 'server/**/*.db.test.ts'];

/** Tests that start the real server as a child process (seconds each): kept out of the quick unit run. */
const PROCESS_TESTS = ['server/**/*.process.test.ts'];

const unit: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'unit',
    // tests/architecture: rules about the code's own shape (which web folder may import which).
    include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
    exclude: [...DATABASE_TESTS, ...PROCESS_TESTS],
    // One module graph per worker (see the database projects): these files share no mutable module state.
    isolate: false,
  },
};

/** The web app's own units (hooks, helpers, components) in jsdom with Testing Library; browsers are e2e's job. */
const web: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'web',
    include: ['web/**/*.test.ts', 'web/**/*.test.tsx'],
    environment: 'jsdom',
    setupFiles: ['tests/setup/web-dom.ts'],
    // One module graph per worker, as the unit and database projects: importing React, Mantine and the screens again
    // for every file was most of this project's time (decision 081: 14 s and 26 s of CPU against 72 s and 114 s).
    // Safe because no web test mocks a module, each one undoes its stubbed globals, spies and fake timers, and
    // Testing Library unmounts after every test (tests/setup/web-dom.ts).
    isolate: false,
  },
};

const processes: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'process', include: PROCESS_TESTS },
};

const databaseProject = (name: string, kind: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  // A timeout here catches a hang, not slowness (speed is the benchmarks' job): a test that signs up, adds a user and
  // signs in hashes passwords six times at full scrypt cost (about half a second of a core each), which on a shared
  // 2-core machine under load passed the default 15 s without anything being wrong; opening a PGlite database and
  // applying every migration in a set-up hook took over 30 s at load 12 (each file now copies a template instead).
  test: {
    name,
    include: DATABASE_TESTS,
    env: { TEST_DB_KIND: kind },
    // Migrates one template database for the run; each file's openTestDatabase() copies it (decision 051).
    globalSetup: ['tests/setup/database-templates.global.ts'],
    // Each worker imports the server's module graph once, not once a file: importing app.ts and everything it
    // registers took about 2.4 s a file, over 600 of the suite's 1,100 s on CI (2026-11-27). Safe because every file
    // builds its own app and database, no file mocks a module, and the server keeps no per-process state that one
    // file could leave to another (the password cost is set by each app as it is built).
    isolate: false,
    testTimeout: 45_000,
    hookTimeout: 90_000,
  },
});

// PostgreSQL runs only where a server is given (CI, or TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test).
const projects = [unit, web, processes, databaseProject('api-pglite', 'pglite')];
if (process.env.TEST_DATABASE_URL) projects.push(databaseProject('api-postgres', 'postgres'));

export default defineConfig({
  test: {
    projects,
    // Database tests wait on PGlite start-up and PostgreSQL round trips as much as on the CPU:
    // two workers keep a 2-core machine busy (Vitest's default there is one).
    maxWorkers: 2,
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
