// Labels as a PDF: one label per page at the label's exact size (thermal roll), or laid on an Avery sheet at its real
// geometry. Codes are drawn as vector rectangles whose edges fall on the printer's dot grid (docs/decisions/027).
// Each page's drawing is written as one content-stream string: pdf-lib's operator objects (one per number of every
// rectangle) cost more than encoding the codes, and a thousand QR labels hold about 220,000 rectangles.
import { PDFDocument, type PDFFont, PDFName, StandardFonts } from 'pdf-lib';
import { SHEETS, sheetSlot, type TLabelLayout } from '#common/label-layout.ts';
import { formatInches, type TLabelFormat, type TPrintOutput } from '#common/schemas/labels.ts';
import { layoutPrepared, type TPreparedLabel } from './layout.ts';

export interface TPdfJob {
  format: TLabelFormat;
  output: Exclude<TPrintOutput, 'zpl'>;
  dpi: number;
  labels: TPreparedLabel[];
  /** Called now and then with the number of labels drawn (copies included). */
  onProgress?: (done: number) => void;
}

/** Labels drawn between two pauses that let the response stream progress (and other requests run). */
const BATCH = 25;
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A number as a PDF operand: at most three decimals (a thousandth of a point), no trailing zeros. */
function num(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** Every page names the one embedded Helvetica by this key in its resources. */
const FONT_KEY = PDFName.of('F1');

/** The operators that draw one laid-out label with its top-left corner at (ox, oy) dots from the page's top-left. */
function labelOperators(
  font: PDFFont,
  layout: TLabelLayout,
  heightPt: number,
  ox: number,
  oy: number,
  dpi: number,
) {
  const k = 72 / dpi;
  const out: string[] = ['q 0 g'];
  for (const [x, y, w, h] of layout.rects)
    out.push(`${num((ox + x) * k)} ${num(heightPt - (oy + y + h) * k)} ${num(w * k)} ${num(h * k)} re`);
  out.push('f Q');
  for (const t of layout.texts) {
    const at = `${num((ox + t.x) * k)} ${num(heightPt - (oy + t.baseline) * k)}`;
    out.push(`BT ${FONT_KEY} ${num(t.sizeDots * k)} Tf ${at} Td ${font.encodeText(t.text)} Tj ET`);
  }
  return out.join('\n');
}

/** A new page of `widthPt` x `heightPt` whose drawing is `operators`, written as one content stream. */
function addPainted(doc: PDFDocument, font: PDFFont, widthPt: number, heightPt: number, operators: string) {
  const page = doc.addPage([widthPt, heightPt]);
  page.node.setFontDictionary(FONT_KEY, font.ref);
  page.node.addContentStream(doc.context.register(doc.context.stream(operators)));
}

/** Renders the labels (each repeated for its copies) as a PDF. */
export async function renderPdf(job: TPdfJob): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Labels');
  doc.setCreator('Forgeboard');
  const font = doc.embedStandardFont(StandardFonts.Helvetica);
  const sheet = job.output === 'roll' ? null : SHEETS[job.output];
  const size = sheet ? { width: sheet.labelWidthIn, height: sheet.labelHeightIn } : formatInches(job.format);
  const perPage = sheet ? sheet.columns * sheet.rows : 1;
  // The page is the label's exact size (points), not rounded to dots: the printer's driver matches it to the stock.
  const pageWidth = (sheet ? sheet.pageWidthIn : size.width) * 72;
  const pageHeight = (sheet ? sheet.pageHeightIn : size.height) * 72;
  let done = 0;
  let sheetOps: string[] = [];
  for (const [index, label] of job.labels.entries()) {
    const layout = layoutPrepared(job.format, label, size, job.dpi);
    // On a roll every copy is the same page, drawn once.
    const rollOps = sheet ? '' : labelOperators(font, layout, pageHeight, 0, 0, job.dpi);
    for (let copy = 0; copy < label.copies; copy++) {
      if (!sheet) addPainted(doc, font, pageWidth, pageHeight, rollOps);
      else {
        const slot = sheetSlot(sheet, done, job.dpi);
        sheetOps.push(labelOperators(font, layout, pageHeight, slot.x, slot.y, job.dpi));
        if (sheetOps.length === perPage) {
          addPainted(doc, font, pageWidth, pageHeight, sheetOps.join('\n'));
          sheetOps = [];
        }
      }
      done++;
    }
    if (index % BATCH === BATCH - 1) {
      job.onProgress?.(done);
      await pause();
    }
  }
  if (sheetOps.length > 0) addPainted(doc, font, pageWidth, pageHeight, sheetOps.join('\n'));
  job.onProgress?.(done);
  return doc.save();
}
