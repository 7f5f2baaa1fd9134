// `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling) against the built landing page in local
// Chromium; prints the scores and records them in docs/performance.md with the machine and the date.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildWeb } from '../scripts/build-web.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/setup/chromium.ts';
import { waitForHealth } from './bench-app.ts';
import { machineLine, recordSection } from './record.ts';

const PORT = 4390;
const PAGES = ['/', '/plans'];
const RUNS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

await buildWeb();
const dataDir = mkdtempSync(join(tmpdir(), 'fb-lighthouse-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  // Lighthouse needs the new headless mode, which paints like a headed browser.
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS.filter((flag) => flag !== '--headless')],
});
const rows: string[] = [];
let failedRuns = 0;
try {
  await waitForHealth(`http://127.0.0.1:${PORT}/api/health`);
  for (const path of PAGES) {
    const perf: number[] = [];
    const a11y: number[] = [];
    const lcp: number[] = [];
    const tbt: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`http://127.0.0.1:${PORT}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error('Lighthouse returned no result');
      const { categories, audits, runtimeError } = result.lhr;
      // A run Chromium could not finish (a rare headless paint hiccup) scores 0: say so and run again.
      if (runtimeError || categories.performance?.score == null) {
        console.warn(`run ${run + 1} on ${path} failed (${runtimeError?.code ?? 'no score'}); repeating it`);
        run--;
        if (++failedRuns > 3) throw new Error('Lighthouse failed more than 3 runs');
        continue;
      }
      perf.push(Math.round((categories.performance?.score ?? 0) * 100));
      a11y.push(Math.round((categories.accessibility?.score ?? 0) * 100));
      lcp.push(audits['largest-contentful-paint']?.numericValue ?? 0);
      tbt.push(audits['total-blocking-time']?.numericValue ?? 0);
    }
    rows.push(
      `| \`${path}\` | ${median(perf)} (${perf.join(', ')}) | ${median(a11y)} | ${(median(lcp) / 1000).toFixed(2)} s | ${Math.round(median(tbt))} ms |`,
    );
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

const table = [
  '| page | performance (median of 3; each run) | accessibility | largest contentful paint | total blocking time |',
  '|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(table);
recordSection(
  'lighthouse',
  `### Lighthouse: the built public pages\n\n${machineLine()}\nLighthouse ${'12'} default (mobile) settings: simulated slow 4G and 4x CPU slowdown, served by \`npm start\`'s server (pre-compressed assets).\nTargets: performance at least 90, accessibility at least 95.\n\n${table}\n`,
);
