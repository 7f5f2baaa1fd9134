// Labels benchmark (`npm run bench:labels`): seconds to render 1,000 labels, each with its own code (the worst case:
// no copies to reuse a symbol), as a roll PDF, an Avery sheet PDF and ZPL, through the same functions the print API
// uses. Written to docs/performance.md, section "labels". The scan resolution latency at 100,000 items is measured
// by bench/inventory.ts, which builds a company of that size.
import { randomBytes } from 'node:crypto';
import { newToken } from '#common/label-codes.ts';
import type { TLabelFormat, TPrintOutput, TSymbology } from '#common/schemas/labels.ts';
import { prepareLabel } from '../server/modules/labels/layout.ts';
import { renderPdf } from '../server/modules/labels/render-pdf.ts';
import { renderZpl } from '../server/modules/labels/render-zpl.ts';
import { machineLine, recordSection } from './record.ts';

const LABELS = Number(process.env.BENCH_LABELS ?? 1000);
const APP_URL = 'https://forgeboard.example.com';

function format(symbology: TSymbology): TLabelFormat {
  return {
    id: '00000000-0000-7000-8000-000000000000',
    name: 'Bench',
    width: '4',
    height: '1',
    unit: 'in',
    symbology,
    fields: ['partNumber', 'name', 'quantity', 'date'],
    freeText: '',
    textSize: 9,
    updatedAt: new Date().toISOString(),
  };
}

async function timeRender(symbology: TSymbology, output: TPrintOutput): Promise<number> {
  const f = format(symbology);
  const started = performance.now();
  const labels = Array.from({ length: LABELS }, (_, i) =>
    prepareLabel(f, APP_URL, {
      kind: 'item',
      token: newToken((n) => randomBytes(n)),
      copies: 1,
      partNumber: `PN-${100000 + i}`,
      name: `Bench item number ${i}`,
      lot: '',
      location: '',
      quantity: '12 ea',
      date: '2026-05-01',
    }),
  );
  if (output === 'zpl') await renderZpl({ format: f, dpi: 203, labels });
  else await renderPdf({ format: f, output, dpi: 203, labels });
  return (performance.now() - started) / 1000;
}

/** Rendering: one row per symbology, one column per output. */
async function renderSection(): Promise<string> {
  const outputs: TPrintOutput[] = ['roll', 'avery-5160', 'zpl'];
  await timeRender('qr', 'roll'); // warm-up: module loading and JIT, not part of any print
  const rows: string[] = [];
  for (const symbology of ['qr', 'code128', 'datamatrix'] as const) {
    const seconds: string[] = [];
    for (const output of outputs) seconds.push((await timeRender(symbology, output)).toFixed(2));
    rows.push(`| ${symbology} | ${seconds.join(' | ')} |`);
    console.log(rows.at(-1));
  }
  return [
    `### Labels: seconds for ${LABELS.toLocaleString('en-US')} labels, each with its own code (4 x 1 in, 203 dpi)`,
    '',
    '| Symbology | Roll PDF | Avery 5160 PDF | ZPL |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    'Codes are encoded, laid out and drawn (ZPL: laid out and written; the printer draws). Copies reuse one encoding, so',
    'a run with copies is faster. The print API streams progress lines while rendering (docs/decisions/027).',
    '',
    'Scan resolution latency at 100,000 items (a label code, a QR link, a part number) is measured by',
    '`npm run bench:inventory`, which builds that company: see "Inventory at scale" below.',
  ].join('\n');
}

const sections = [renderSection];
const parts: string[] = [];
for (const section of sections) parts.push(await section());
recordSection('labels', `## Labels\n\n${machineLine()}\n\n${parts.join('\n\n')}`);
