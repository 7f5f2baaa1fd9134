// Labels benchmark (`npm run bench:labels`), written to docs/performance.md, section "labels":
//   - seconds to render 1,000 labels, each with its own code (the worst case: no copies to reuse a symbol), as a roll
//     PDF, an Avery sheet PDF and ZPL, through the same functions the print API uses;
//   - scan resolution at 100,000 items on the real PostgreSQL server (BENCH_SCAN_ITEMS for a trial at another size):
//     a label's Code 128 compact form, its QR link, and a vendor's barcode carrying our part number, each resolved by
//     GET /api/v1/scan/resolve over HTTP as the scan page asks, median and p99.
import { randomBytes } from 'node:crypto';
import { newToken, scanLink } from '#common/label-codes.ts';
import type { TLabelFormat, TPrintOutput, TSymbology } from '#common/schemas/labels.ts';
import { openDatabase } from '../server/db/client.ts';
import { seededRandom } from '../server/db/seed/random.ts';
import { prepareLabel } from '../server/modules/labels/layout.ts';
import { renderPdf } from '../server/modules/labels/render-pdf.ts';
import { renderZpl } from '../server/modules/labels/render-zpl.ts';
import {
  labelSomeItems,
  prepareCompany,
  SAMPLES,
  APP_URL as SERVER_URL,
  startServer,
  type TLatency,
  timeRequests,
  withScratchPostgres,
} from './bench-app.ts';
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
  ].join('\n');
}

const SCAN_ITEMS = Number(process.env.BENCH_SCAN_ITEMS ?? 100_000);

/** What a scan costs the server at 100,000 items: a printed code (compact and as its QR link) and a part number. */
async function scanSection(): Promise<string> {
  const latencies = await withScratchPostgres(async (url) => {
    const database = await openDatabase({ kind: 'postgres', url });
    let company: Awaited<ReturnType<typeof prepareCompany>>;
    let codes: string[];
    try {
      console.log(`scan: generating ${SCAN_ITEMS.toLocaleString('en')} items …`);
      company = await prepareCompany(database, SCAN_ITEMS);
      codes = await labelSomeItems(database, company.companyId);
    } finally {
      await database.close();
    }
    const server = await startServer({ pgUrl: url }, company.email);
    try {
      const random = seededRandom(11);
      const resolve = (code: string) => `/api/v1/scan/resolve?code=${encodeURIComponent(code)}`;
      const out: TLatency[] = [
        await timeRequests(
          'a label code (Code 128 compact form)',
          () => resolve(random.pick(codes)),
          server.get,
        ),
        await timeRequests(
          'a QR link',
          () => resolve(scanLink(SERVER_URL, 'item', random.pick(codes).slice(3))),
          server.get,
        ),
        await timeRequests(
          "a vendor's barcode with our part number (fallback)",
          () => resolve(company.data.partNumber(random.int(1, company.data.items))),
          server.get,
        ),
      ];
      for (const l of out) console.log(`  scan, ${l.name}: p99 ${l.p99.toFixed(1)} ms`);
      return out;
    } finally {
      await server.stop();
    }
  });
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return [
    `### Scan resolution at ${SCAN_ITEMS.toLocaleString('en-US')} items (PostgreSQL 15, 1,000 items labelled)`,
    '',
    `\`GET /api/v1/scan/resolve\` over HTTP with a real session, the server in its own process as \`npm start\` runs it; ${SAMPLES} sequential requests per row after 5 to warm up.`,
    '',
    '| scanned | median | p99 |',
    '|---|---|---|',
    ...latencies.map((l) => `| ${l.name} | ${ms(l.median)} | ${ms(l.p99)} |`),
  ].join('\n');
}

const sections = [renderSection, scanSection];
const parts: string[] = [];
for (const section of sections) parts.push(await section());
const markdown = `## Labels\n\n${machineLine()}\n\n${parts.join('\n\n')}`;
console.log(markdown);
// A trial at another size prints but does not overwrite the recorded figures.
if (!process.env.BENCH_SCAN_ITEMS && !process.env.BENCH_LABELS) recordSection('labels', markdown);
