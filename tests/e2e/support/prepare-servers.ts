// What the end-to-end servers start from, made side by side before the first one starts (playwright.config.ts's first
// webServer): the web build, the main server's folder with the installation's sysadmin (as an operator makes one with
// `npm run sysadmin`), the maintenance server's migrated folder and the demo's folder seeded as a newcomer seeds it
// (`npm run db:seed`, the small demo). Playwright starts its web servers one after another, and these four steps
// ran inside them one after another too, each on one core of two: the demo's seed alone is most of the wait.
// Decision 081.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import {
  E2E_CLOCK_FILE,
  E2E_DATA_DIR,
  E2E_DEMO_BASE_URL,
  E2E_DEMO_DATA_DIR,
  E2E_DEMO_PORT,
  E2E_MAINT_DATA_DIR,
  E2E_SYSADMIN,
  E2E_WEB_DIST_DIR,
} from './server.ts';

interface TStep {
  name: string;
  args: string[];
  env: Record<string, string>;
  /** Variables of the first server's environment (this process's) that the step must not see. */
  unset?: string[];
  stdin?: string;
}

const STEPS: TStep[] = [
  {
    name: 'web build',
    args: ['scripts/build-web.ts'],
    // Vite keeps an already-set NODE_ENV, and React's development build drew every page several times slower than
    // users ever see it. Brotli at quality 5, not the release's 11: the server serves the .br files the same way,
    // and quality 11 was most of the build's time (3.7 MB: 159 s against 6 s at load 20; decision 081).
    env: { NODE_ENV: 'production', WEB_DIST_DIR: E2E_WEB_DIST_DIR, BROTLI_QUALITY: '5' },
  },
  {
    name: 'sysadmin',
    args: [
      'server/cli/create-sysadmin.ts',
      '--password-stdin',
      '--email',
      E2E_SYSADMIN.email,
      '--first',
      E2E_SYSADMIN.firstName,
      '--last',
      E2E_SYSADMIN.lastName,
      '--company',
      E2E_SYSADMIN.companyName,
    ],
    env: { DATA_DIR: E2E_DATA_DIR },
    stdin: E2E_SYSADMIN.password,
  },
  {
    name: 'demo seed',
    args: ['server/db/seed/seed.ts'],
    env: {
      DATA_DIR: E2E_DEMO_DATA_DIR,
      DEMO_SIZE: 'small',
      PORT: String(E2E_DEMO_PORT),
      APP_URL: E2E_DEMO_BASE_URL,
    },
    // The demo's people keep the production password cost, as when the demo's own server seeded them.
    unset: ['PASSWORD_HASH_COST'],
  },
  {
    name: 'maintenance folder',
    args: ['tests/e2e/support/migrate-folder.ts'],
    env: { DATA_DIR: E2E_MAINT_DATA_DIR },
  },
];

/** Runs one step in a process of its own; its output is kept and shown only if it fails. */
function run(step: TStep): Promise<void> {
  const started = Date.now();
  const env: NodeJS.ProcessEnv = { ...process.env, ...step.env };
  for (const name of step.unset ?? []) delete env[name];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...step.args], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  child.stdin?.end(step.stdin ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      if (code === 0) {
        console.error(`e2e set-up: ${step.name} in ${seconds} s`);
        resolve();
      } else
        reject(
          new Error(`e2e set-up: ${step.name} failed (${signal ?? code}) after ${seconds} s:\n${output}`),
        );
    });
  });
}

for (const folder of [E2E_DATA_DIR, E2E_MAINT_DATA_DIR, E2E_DEMO_DATA_DIR, E2E_CLOCK_FILE]) {
  rmSync(folder, { recursive: true, force: true });
}
const results = await Promise.allSettled(STEPS.map(run));
const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
for (const failure of failed)
  console.error(String(failure.reason instanceof Error ? failure.reason.message : failure.reason));
process.exit(failed.length === 0 ? 0 : 1);
