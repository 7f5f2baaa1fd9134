// Labels as a PDF: one label per page at the label's exact size (thermal roll), or laid on an Avery sheet at its real
// geometry. Codes are drawn as vector rectangles whose edges fall on the printer's dot grid (docs/decisions/027).
import {
  fill,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  StandardFonts,
  setFillingGrayscaleColor,
} from 'pdf-lib';
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

/** Draws one laid-out label with its top-left corner at (ox, oy) dots from the page's top-left. */
function drawLabel(page: PDFPage, font: PDFFont, layout: TLabelLayout, ox: number, oy: number, dpi: number) {
  const k = 72 / dpi;
  const top = page.getHeight();
  const ops = [pushGraphicsState(), setFillingGrayscaleColor(0)];
  for (const [x, y, w, h] of layout.rects)
    ops.push(rectangle((ox + x) * k, top - (oy + y + h) * k, w * k, h * k));
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
  for (const t of layout.texts) {
    page.drawText(t.text, { x: (ox + t.x) * k, y: top - (oy + t.baseline) * k, size: t.sizeDots * k, font });
  }
}

/** Renders the labels (each repeated for its copies) as a PDF. */
export async function renderPdf(job: TPdfJob): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Labels');
  doc.setCreator('Forgeboard');
  const font = doc.embedStandardFont(StandardFonts.Helvetica);
  const sheet = job.output === 'roll' ? null : SHEETS[job.output];
  const size = sheet ? { width: sheet.labelWidthIn, height: sheet.labelHeightIn } : formatInches(job.format);
  let done = 0;
  let page: PDFPage | null = null;
  for (const [index, label] of job.labels.entries()) {
    const layout = layoutPrepared(job.format, label, size, job.dpi);
    for (let copy = 0; copy < label.copies; copy++) {
      if (!sheet) {
        // The page is the label's exact size (points), not rounded to dots: the printer's driver matches it to the stock.
        page = doc.addPage([size.width * 72, size.height * 72]);
        drawLabel(page, font, layout, 0, 0, job.dpi);
      } else {
        const perPage = sheet.columns * sheet.rows;
        if (done % perPage === 0) page = doc.addPage([sheet.pageWidthIn * 72, sheet.pageHeightIn * 72]);
        const slot = sheetSlot(sheet, done, job.dpi);
        drawLabel(page!, font, layout, slot.x, slot.y, job.dpi);
      }
      done++;
    }
    if (index % BATCH === BATCH - 1) {
      job.onProgress?.(done);
      await pause();
    }
  }
  job.onProgress?.(done);
  return doc.save();
}
