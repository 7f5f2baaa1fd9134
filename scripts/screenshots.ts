// `npm run screenshots`: retakes the help articles' screenshots (web/features/help/screenshots/) by running the
// end-to-end specs that take them with HELP_SCREENSHOTS=1. A plain `npm test` leaves the committed PNGs alone
// (decision 068). Extra arguments go to Playwright, e.g. `npm run screenshots -- --workers=1`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SPEC_DIR = 'tests/e2e';
const specs = readdirSync(SPEC_DIR)
  .filter((f) => f.endsWith('.spec.ts'))
  .filter((f) => /takeHelpScreenshot\(/.test(readFileSync(join(SPEC_DIR, f), 'utf8')))
  .map((f) => join(SPEC_DIR, f));

console.log(`Retaking the help screenshots with ${specs.length} specs: ${specs.join(' ')}`);
const result = spawnSync('npx', ['playwright', 'test', ...specs, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, HELP_SCREENSHOTS: '1' },
});
process.exit(result.status ?? 1);
