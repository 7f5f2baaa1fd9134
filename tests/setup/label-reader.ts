// Reads printed labels back as a scanner and a person would: pdftoppm draws each page, zbarimg (an independent
// decoder) reads its codes, pdftotext its words. For the label tests of work orders and machines.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function requireTools(...tools: Array<[string, string]>) {
  for (const [tool, debianPackage] of tools)
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)
      throw new Error(`${tool} is missing: install the Debian package ${debianPackage}`);
}

/** A reader working in a folder of its own (`prefix` names it); `dispose` removes the folder. */
export function labelReader(prefix: string) {
  const work = mkdtempSync(join(tmpdir(), prefix));
  let runs = 0;
  return {
    /** Every code of `symbol` that zbarimg reads on the pages pdftoppm draws of `pdf` at `dpi`, page by page. */
    decode(pdf: Buffer, symbol: 'qrcode' | 'code128', dpi = 203): string[] {
      requireTools(['pdftoppm', 'poppler-utils'], ['zbarimg', 'zbar-tools']);
      const dir = join(work, `run-${++runs}`);
      execFileSync('mkdir', ['-p', dir]);
      writeFileSync(join(dir, 'file.pdf'), pdf);
      execFileSync('pdftoppm', [
        '-r',
        String(dpi),
        '-png',
        '-gray',
        join(dir, 'file.pdf'),
        join(dir, 'page'),
      ]);
      const pages = execFileSync('ls', [dir], { encoding: 'utf8' })
        .split('\n')
        .filter((f) => f.endsWith('.png'))
        .sort();
      return pages.flatMap((page) =>
        spawnSync('zbarimg', ['--raw', '-q', '-Sdisable', `-S${symbol}.enable`, join(dir, page)], {
          encoding: 'utf8',
        })
          .stdout.split('\n')
          .filter(Boolean),
      );
    },
    /** The text pdftotext finds on each page. */
    pageTexts(pdf: Buffer): string[] {
      requireTools(['pdftotext', 'poppler-utils']);
      const file = join(work, `text-${++runs}.pdf`);
      writeFileSync(file, pdf);
      return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
        .split('\f')
        .filter((p) => p.trim() !== '');
    },
    dispose() {
      rmSync(work, { recursive: true, force: true });
    },
  };
}
