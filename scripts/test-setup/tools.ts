// The Debian tools the tests drive as real, independent programs (Playwright never downloads a browser here):
// finds the missing ones and, as root with apt-get, installs them; otherwise says which command to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from '../../tests/setup/chromium.ts';

interface TTool {
  /** The Debian package that provides it. */
  pkg: string;
  /** True when the tool is there. */
  present: () => boolean;
  /** What happens without it. */
  without: string;
}

const onPath = (binary: string) =>
  spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;

const TOOLS: TTool[] = [
  {
    pkg: 'chromium',
    present: () => existsSync(CHROMIUM_PATH),
    without: `the end-to-end tests (Playwright) do NOT run: no browser at ${CHROMIUM_PATH}`,
  },
  {
    pkg: 'oathtool',
    present: () => onPath('oathtool'),
    without:
      'the two-factor, sign-in-limit, second-factor reset and tenant-isolation API tests FAIL (oathtool makes their TOTP codes)',
  },
  {
    pkg: 'zbar-tools',
    present: () => onPath('zbarimg'),
    without:
      'the label-decoding test (server/modules/labels/render.test.ts) FAILS: zbarimg reads QR and Code 128',
  },
  {
    pkg: 'dmtx-utils',
    present: () => onPath('dmtxread'),
    without: 'the label-decoding test FAILS: dmtxread reads Data Matrix',
  },
  {
    pkg: 'poppler-utils',
    present: () => onPath('pdftoppm'),
    without: 'the label-decoding test FAILS: pdftoppm renders the label PDFs',
  },
];

const missingTools = () => TOOLS.filter((tool) => !tool.present());

function apt(args: string[]): boolean {
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/** Installs what is missing when it may (root, apt-get, no opt-out); returns the lines of the summary. */
export function setUpTools(): string[] {
  let missing = missingTools();
  if (missing.length === 0) return [`Tools: ${TOOLS.map((t) => t.pkg).join(', ')} are installed.`];

  // A CHROMIUM_PATH of one's own is not where Debian's package puts Chromium: never install for it.
  const customChromium = process.env.CHROMIUM_PATH !== undefined;
  const installable = missing
    .filter((tool) => !(tool.pkg === 'chromium' && customChromium))
    .map((t) => t.pkg);
  const isRoot = process.getuid?.() === 0;
  const optedOut = process.env.FORGEBOARD_TEST_NO_INSTALL === '1';
  const lines: string[] = [];

  if (installable.length > 0 && isRoot && onPath('apt-get') && !optedOut) {
    console.log(
      `Installing from Debian's packages: ${installable.join(' ')} (the tests drive them as real tools; ` +
        'set FORGEBOARD_TEST_NO_INSTALL=1 to skip this).',
    );
    const started = Date.now();
    const ok = apt(['update', '-qq']) && apt(['install', '-y', '-qq', ...installable]);
    lines.push(
      ok
        ? `Tools: installed ${installable.join(', ')} in ${((Date.now() - started) / 1000).toFixed(0)} s.`
        : `Tools: apt-get could not install ${installable.join(', ')}.`,
    );
    missing = missingTools();
  } else if (installable.length > 0) {
    const why = optedOut
      ? 'FORGEBOARD_TEST_NO_INSTALL=1 is set'
      : !onPath('apt-get')
        ? 'apt-get is not available'
        : 'not running as root';
    lines.push(
      `Tools: not installing (${why}). Run \`sudo apt-get install -y ${installable.join(' ')}\` and \`npm test\` again.`,
    );
  }
  if (missing.length === 0) return [...lines, 'Tools: everything the tests drive is installed.'];
  for (const tool of missing) lines.push(`Without ${tool.pkg}: ${tool.without}.`);
  if (customChromium && missing.some((t) => t.pkg === 'chromium'))
    lines.push(
      "CHROMIUM_PATH is set: point it at a Chromium binary, or unset it to use Debian's /usr/bin/chromium.",
    );
  return lines;
}

/** True when the end-to-end tests can run. */
export const hasChromium = () => existsSync(CHROMIUM_PATH);
