// `npm test`: first the set-up (scripts/test-setup: the Debian tools the tests drive, installed when run as root
// with apt-get; PostgreSQL found on 127.0.0.1:5432), then type-check, lint, unit and API tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set or found), then the end-to-end tests in Chromium — or, where Chromium is
// missing, a plain notice and the rest. FORGEBOARD_TEST_SETUP_ONLY=1: the set-up alone; FORGEBOARD_TEST_NO_INSTALL=1:
// never install packages.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { CHROMIUM_PATH as CHROMIUM } from '../tests/setup/chromium.ts';
import { hasChromium as chromiumIsThere, setUpTestMachine } from './test-setup/index.ts';

const REPORTS = 'test-results';

interface TStep {
  name: string;
  command: string[];
  passed?: number;
  failed?: number;
}

function run(step: TStep): boolean {
  console.log(`\n=== ${step.name}: ${step.command.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.command[0]!, step.command.slice(1), { stdio: 'inherit', env: process.env });
  console.log(
    `=== ${step.name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return result.status === 0;
}

function readCounts(
  file: string,
  pick: (json: Record<string, unknown>) => [number, number],
): [number, number] {
  try {
    return pick(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
  } catch {
    return [0, 0];
  }
}

await setUpTestMachine();
if (process.env.FORGEBOARD_TEST_SETUP_ONLY === '1') process.exit(0);

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
mkdirSync('tests/artifacts', { recursive: true });

const steps: TStep[] = [
  { name: 'type-check', command: ['npx', 'tsc', '-p', '.'] },
  { name: 'lint', command: ['npx', 'biome', 'check', '.'] },
  {
    name: 'unit and API tests',
    command: [
      'npx',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${REPORTS}/vitest-report.json`,
    ],
  },
];
const hasChromium = chromiumIsThere();
if (hasChromium) steps.push({ name: 'end-to-end tests (Chromium)', command: ['npx', 'playwright', 'test'] });

const failures = steps.filter((step) => !run(step)).map((s) => s.name);

if (!hasChromium) {
  console.log(`\nChromium was not found at ${CHROMIUM}: the end-to-end tests did NOT run.`);
  console.log(
    'Install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH) and run `npm test` again.',
  );
}

const [vitestPassed, vitestFailed] = readCounts(`${REPORTS}/vitest-report.json`, (j) => [
  Number(j.numPassedTests ?? 0),
  Number(j.numFailedTests ?? 0),
]);
const [e2ePassed, e2eFailed] = readCounts(`${REPORTS}/e2e-report.json`, (j) => {
  const stats = j.stats as { expected?: number; unexpected?: number; flaky?: number } | undefined;
  return [Number(stats?.expected ?? 0) + Number(stats?.flaky ?? 0), Number(stats?.unexpected ?? 0)];
});
const failedSteps = failures.length;
console.log(
  `\nSteps: ${steps.length - failedSteps} of ${steps.length} ok${failedSteps ? ` (failed: ${failures.join(', ')})` : ''}.`,
);
console.log(`Tests: ${vitestPassed + e2ePassed} passed, ${vitestFailed + e2eFailed} failed`);
process.exit(failedSteps === 0 ? 0 : 1);
