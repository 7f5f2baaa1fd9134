// Prints every symbology on every layout to PDF, rasterises it with pdftoppm at 203 and 300 dpi and decodes every
// code on every page with independent decoders (zbarimg for QR and Code 128, dmtxread for Data Matrix): each must
// read back exactly what it encodes. ZPL is checked for its commands and data.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compactCode, scanLink } from '#common/label-codes.ts';
import type { TLabelFormat, TPrintOutput, TSymbology } from '#common/schemas/labels.ts';
import { prepareLabel, type TLabelContent } from './layout.ts';
import { renderPdf } from './render-pdf.ts';
import { renderZpl, zplFieldData } from './render-zpl.ts';

const APP_URL = 'https://forgeboard.example.com';
const work = mkdtempSync(join(tmpdir(), 'labels-render-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Fails (never skips) when a decoder is missing, naming the Debian package to install. */
function requireTool(command: string, debianPackage: string) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
  if (!found)
    throw new Error(
      `${command} is missing: install the Debian package ${debianPackage} (apt-get install -y ${debianPackage})`,
    );
}

function format(symbology: TSymbology, width: string, height: string): TLabelFormat {
  return {
    id: '00000000-0000-7000-8000-000000000000',
    name: 'Test',
    width,
    height,
    unit: 'in',
    symbology,
    fields: ['partNumber', 'name', 'lot', 'quantity', 'date', 'freeText'],
    freeText: 'Keep dry',
    textSize: 8,
    updatedAt: new Date().toISOString(),
  };
}

const TOKENS = ['7K3M9Q2X', '0A1B2C3D', 'ZZZZ9999'];
const contents: TLabelContent[] = TOKENS.map((token, i) => ({
  kind: i === 1 ? 'lot' : 'item',
  token,
  copies: 1,
  partNumber: `PN-${1000 + i}`,
  name: 'Hex bolt M8 x 40, zinc plated, a long name that must be cut to fit',
  lot: i === 1 ? 'LOT-2026-001' : '',
  location: '',
  quantity: '12 ea',
  date: '2026-05-01',
}));
const expected = (symbology: TSymbology) =>
  contents.map((c) =>
    symbology === 'code128' ? compactCode(c.kind, c.token) : scanLink(APP_URL, c.kind, c.token),
  );

/** Decodes every code on every page image of `pdf` rasterised at `dpi`. */
function decodePdf(
  pdf: Uint8Array,
  dpi: number,
  symbology: TSymbology,
  name: string,
  perPage: number,
): string[] {
  const dir = join(work, `${name}-${dpi}`);
  execFileSync('mkdir', ['-p', dir]);
  writeFileSync(join(dir, 'labels.pdf'), pdf);
  execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-gray', join(dir, 'labels.pdf'), join(dir, 'page')]);
  const pages = readdirSync(dir)
    .filter((f) => f.endsWith('.png'))
    .map((f) => join(dir, f));
  const texts: string[] = [];
  for (const page of pages) {
    // dmtxread -N: stop once the page's labels are found (it otherwise searches a letter page for seconds more).
    const symbol = symbology === 'qr' ? 'qrcode' : 'code128';
    const out =
      symbology === 'datamatrix'
        ? spawnSync('dmtxread', ['-n', '-N', String(perPage), '-m', '20000', page], { encoding: 'utf8' })
            .stdout
        : spawnSync('zbarimg', ['--raw', '-q', '-Sdisable', `-S${symbol}.enable`, page], { encoding: 'utf8' })
            .stdout;
    texts.push(...out.split('\n').filter((line) => line !== ''));
  }
  return texts;
}

const LAYOUTS: Array<{ output: Exclude<TPrintOutput, 'zpl'>; width: string; height: string; name: string }> =
  [
    { output: 'roll', width: '4', height: '1', name: 'roll-4x1' },
    { output: 'roll', width: '2', height: '1', name: 'roll-2x1' },
    { output: 'avery-5160', width: '4', height: '1', name: 'avery-5160' },
    { output: 'avery-5163', width: '4', height: '1', name: 'avery-5163' },
    { output: 'avery-l7160', width: '4', height: '1', name: 'avery-l7160' },
    { output: 'avery-l7163', width: '4', height: '1', name: 'avery-l7163' },
  ];

describe('label PDFs decode to exactly what they encode', () => {
  for (const symbology of ['qr', 'code128', 'datamatrix'] as const) {
    for (const layout of LAYOUTS) {
      for (const printDpi of [203, 300]) {
        it(`${symbology} on ${layout.name} drawn for ${printDpi} dpi, read at 203 and 300 dpi`, async () => {
          requireTool('pdftoppm', 'poppler-utils');
          if (symbology === 'datamatrix') requireTool('dmtxread', 'dmtx-utils');
          else requireTool('zbarimg', 'zbar-tools');
          const f = format(symbology, layout.width, layout.height);
          const labels = contents.map((c) => prepareLabel(f, APP_URL, c));
          const pdf = await renderPdf({ format: f, output: layout.output, dpi: printDpi, labels });
          for (const readDpi of [203, 300]) {
            const perPage = layout.output === 'roll' ? 1 : contents.length;
            const decoded = decodePdf(
              pdf,
              readDpi,
              symbology,
              `${symbology}-${layout.name}-${printDpi}`,
              perPage,
            );
            expect(decoded.sort(), `read at ${readDpi} dpi`).toEqual(expected(symbology).sort());
          }
        }, 60_000);
      }
    }
  }

  it("prints each label's text lines where a PDF reader finds them", async () => {
    requireTool('pdftotext', 'poppler-utils');
    const f = format('qr', '4', '2');
    const labels = contents.map((c) => prepareLabel(f, APP_URL, c));
    const dir = join(work, 'text');
    execFileSync('mkdir', ['-p', dir]);
    writeFileSync(join(dir, 'labels.pdf'), await renderPdf({ format: f, output: 'roll', dpi: 203, labels }));
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'labels.pdf'), '-'], { encoding: 'utf8' });
    const pages = text.split('\f').filter((p) => p.trim() !== '');
    expect(pages).toHaveLength(3);
    for (const [i, page] of pages.entries()) {
      expect(page).toContain(`PN-${1000 + i}`);
      expect(page).toContain('Qty 12 ea');
      expect(page).toContain('Keep dry');
    }
    expect(pages[1]).toContain('Lot LOT-2026-001');
  });

  it('gives a roll one page per label at the exact label size, and a sheet its letter pages', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const f = format('qr', '4', '1');
    const labels = contents.map((c) => ({ ...prepareLabel(f, APP_URL, c), copies: 12 }));
    const roll = await PDFDocument.load(await renderPdf({ format: f, output: 'roll', dpi: 203, labels }));
    expect(roll.getPageCount()).toBe(36);
    expect(roll.getPage(0).getSize()).toEqual({ width: 288, height: 72 });
    const sheet = await PDFDocument.load(
      await renderPdf({ format: f, output: 'avery-5160', dpi: 300, labels }),
    );
    expect(sheet.getPageCount()).toBe(2);
    expect(sheet.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    // 36 labels on A4 L7160 (21 a sheet): two A4 pages.
    const a4 = await PDFDocument.load(
      await renderPdf({ format: f, output: 'avery-l7160', dpi: 203, labels }),
    );
    expect(a4.getPageCount()).toBe(2);
    expect(a4.getPage(0).getSize().width).toBeCloseTo(595.28, 1);
    expect(a4.getPage(0).getSize().height).toBeCloseTo(841.89, 1);
  });
});

describe('label ZPL', () => {
  it('sizes each label at the dpi, carries the link in QR and Data Matrix and the compact form in Code 128', async () => {
    const qr = format('qr', '4', '1');
    const zpl = await renderZpl({
      format: qr,
      dpi: 203,
      labels: contents.map((c, i) => ({ ...prepareLabel(qr, APP_URL, c), copies: i + 1 })),
    });
    const labels = zpl.split('^XZ').filter((l) => l.trim());
    expect(labels).toHaveLength(3);
    expect(labels[0]).toMatch(/^\^XA/m);
    expect(zpl).toContain('^PW812');
    expect(zpl).toContain('^LL203');
    expect(zpl).toContain(`^FDMA,${zplFieldData(scanLink(APP_URL, 'item', '7K3M9Q2X'))}^FS`);
    expect(zpl).toMatch(/\^BQN,2,\d+/);
    expect(labels.map((l) => /\^PQ(\d+)/.exec(l)?.[1])).toEqual(['1', '2', '3']);
    expect(zpl).toContain(`^FD${zplFieldData('PN-1000')}^FS`);
    expect(zpl).toMatch(/\^A0N,\d+,\d+/);

    const c128 = format('code128', '2', '1');
    const zpl128 = await renderZpl({
      format: c128,
      dpi: 300,
      labels: contents.map((c) => prepareLabel(c128, APP_URL, c)),
    });
    expect(zpl128).toContain('^PW600');
    expect(zpl128).toContain('^LL300');
    expect(zpl128).toMatch(/\^BY\d+,3,\d+\^FO\d+,\d+\^BCN,\d+,N,N,N,A\^FDFBL0A1B2C3D\^FS/);

    const dm = format('datamatrix', '50', '25');
    const zplDm = await renderZpl({
      format: { ...dm, unit: 'mm' },
      dpi: 203,
      labels: [prepareLabel(dm, APP_URL, contents[0]!)],
    });
    expect(zplDm).toContain('^PW399');
    expect(zplDm).toMatch(/\^BXN,\d+,200\^FH\^FD/);
    expect(zplDm).toContain(zplFieldData(scanLink(APP_URL, 'item', '7K3M9Q2X')));
  });

  it('escapes ZPL control characters in text so no field can inject a command', () => {
    expect(zplFieldData('A^XZ~JR_é')).toBe('A_5EXZ_7EJR_5F_C3_A9');
  });
});
