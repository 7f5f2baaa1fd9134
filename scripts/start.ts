// `npm start`: builds the web app when it is missing or older than its sources, then runs the server in production mode.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildWeb } from './build-web.ts';

const SOURCES = ['web', 'common', 'vite.config.ts', 'package-lock.json'];
const BUILT = 'dist/web/index.html';

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

if (
  !existsSync(BUILT) ||
  Math.max(...SOURCES.filter(existsSync).map(newestMtime)) > statSync(BUILT).mtimeMs
) {
  console.log('Building the web app (first start, or its sources changed)...');
  await buildWeb();
}
process.env.NODE_ENV ??= 'production';
await import('../server/main.ts');
