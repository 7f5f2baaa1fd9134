// Builds the web app into dist/web (or WEB_DIST_DIR: each end-to-end run builds its own, so that one run's build
// never replaces the files another run's server is serving) and writes .br and .gz next to each text asset.
// BROTLI_QUALITY (0-11, default 11) is for the end-to-end runs' own builds: quality 11 is what users download, and by
// far the slowest part of a build (decision 081).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const DIST = process.env.WEB_DIST_DIR ?? 'dist/web';
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
const BROTLI_QUALITY = brotliQuality(process.env.BROTLI_QUALITY);

function brotliQuality(value: string | undefined): number {
  if (value === undefined || value === '') return constants.BROTLI_MAX_QUALITY;
  const quality = Number(value);
  if (
    !Number.isInteger(quality) ||
    quality < constants.BROTLI_MIN_QUALITY ||
    quality > constants.BROTLI_MAX_QUALITY
  )
    throw new Error(`BROTLI_QUALITY must be a whole number from 0 to 11; it is "${value}".`);
  return quality;
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Builds and pre-compresses; returns the number of files compressed. */
export async function buildWeb(): Promise<number> {
  // outDir is relative to vite.config.ts's root (web/): resolve ours from the working directory.
  await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { outDir: resolve(DIST) } });
  let count = 0;
  for (const file of files(DIST)) {
    if (!COMPRESSIBLE.test(file) || file.endsWith('.map')) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count++;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const count = await buildWeb();
  console.log(
    `Built the web app into ${DIST} (${count} files pre-compressed) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
