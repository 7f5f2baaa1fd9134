// The printed traveller of a work order (decision 048): a US Letter sheet that goes with the parts through the shop,
// with the work order's QR code (its scan link, which /scan resolves), number, assembly, quantity, due date, the
// components to pick and each step with a line to sign. Drawn with pdf-lib like the labels; the QR modules are
// vector squares from common/label-symbol.ts, so it scans at any printer resolution.
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { encodeSymbol, type TMatrixSymbol } from '#common/label-symbol.ts';
import type { TWorkOrderDetail } from '#common/schemas/work-orders.ts';

export interface TTravellerInput {
  workOrder: TWorkOrderDetail;
  /** What the QR code carries: the work order's scan link. */
  link: string;
  /** The compact code printed under it, for typing when the camera cannot read it. */
  compact: string;
}

const PAGE: [number, number] = [612, 792];
const MARGIN = 48;
const WIDTH = PAGE[0] - 2 * MARGIN;
const QR_MODULE = 3;

/**
 * Text as Helvetica's WinAnsi encoding can draw it: typographic quotes and dashes to their plain forms, anything
 * else outside Latin-1 to "?", so a name in another script prints as a placeholder instead of failing the PDF.
 */
function plain(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .replace(/→/g, '->')
    .replace(/[^\n\x20-\x7e\xa0-\xff]/g, '?');
}

/** Markdown's emphasis and heading marks dropped: the sheet shows the words. */
const unmark = (text: string) => text.replace(/(\*\*|__|`|^#+\s*)/gm, '');

/** `text` cut into lines no wider than `width` at `size`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of plain(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Writes down the sheet, starting a new page when the next block does not fit. */
class Sheet {
  page: PDFPage;
  y = PAGE[1] - MARGIN;
  constructor(
    private readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    private readonly header: string,
  ) {
    this.page = doc.addPage(PAGE);
  }
  room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
    this.text(this.header, { size: 9, x: MARGIN });
    this.y -= 8;
  }
  text(text: string, o: { size?: number; bold?: boolean; x?: number; width?: number } = {}) {
    const size = o.size ?? 10;
    const font = o.bold ? this.bold : this.font;
    for (const line of wrap(font, text, size, o.width ?? WIDTH)) {
      this.room(size * 1.3);
      this.page.drawText(line, { x: o.x ?? MARGIN, y: this.y - size, size, font });
      this.y -= size * 1.3;
    }
  }
  /** One row of cells at the given x positions (cells are cut to fit, never wrapped). */
  row(cells: string[], xs: number[], o: { bold?: boolean; size?: number } = {}) {
    const size = o.size ?? 9;
    const font = o.bold ? this.bold : this.font;
    this.room(size * 1.6);
    cells.forEach((cell, i) => {
      const width = (xs[i + 1] ?? MARGIN + WIDTH) - xs[i]! - 6;
      let shown = plain(cell);
      while (shown.length > 1 && font.widthOfTextAtSize(shown, size) > width) shown = shown.slice(0, -1);
      this.page.drawText(shown, { x: xs[i]!, y: this.y - size, size, font });
    });
    this.y -= size * 1.6;
  }
  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: MARGIN + WIDTH, y: this.y },
      thickness: 0.5,
      color: rgb(0.5, 0.5, 0.5),
    });
    this.y -= 6;
  }
}

/** The QR code's modules as filled squares, its top-left corner at (x, top). */
function drawQr(page: PDFPage, symbol: TMatrixSymbol, x: number, top: number) {
  for (let r = 0; r < symbol.rows; r++)
    for (let c = 0; c < symbol.columns; c++)
      if (symbol.dark[r * symbol.columns + c])
        page.drawRectangle({
          x: x + (c + symbol.quiet) * QR_MODULE,
          y: top - (r + symbol.quiet + 1) * QR_MODULE,
          width: QR_MODULE,
          height: QR_MODULE,
          color: rgb(0, 0, 0),
        });
}

export async function renderTraveller(input: TTravellerInput): Promise<Uint8Array> {
  const wo = input.workOrder;
  const doc = await PDFDocument.create();
  doc.setTitle(`Traveller ${wo.numberText}`);
  doc.setCreator('Forgeboard');
  const font = doc.embedStandardFont(StandardFonts.Helvetica);
  const bold = doc.embedStandardFont(StandardFonts.HelveticaBold);
  const sheet = new Sheet(doc, font, bold, `${wo.numberText} (continued)`);
  const qr = encodeSymbol('qr', input.link) as TMatrixSymbol;
  const qrSize = (qr.columns + 2 * qr.quiet) * QR_MODULE;
  const qrX = MARGIN + WIDTH - qrSize;
  drawQr(sheet.page, qr, qrX, sheet.y);
  sheet.page.drawText(input.compact, {
    x: qrX + qr.quiet * QR_MODULE,
    y: sheet.y - qrSize - 8,
    size: 8,
    font,
  });

  const left = WIDTH - qrSize - 12;
  sheet.text('Work order traveller', { size: 9, width: left });
  sheet.text(wo.numberText, { size: 24, bold: true, width: left });
  sheet.y -= 4;
  sheet.text(`${wo.partNumber}  ${wo.name}`, { size: 13, bold: true, width: left });
  sheet.text(`Revision ${wo.revisionNumber}`, { width: left });
  sheet.text(`Quantity: ${wo.quantity} ${wo.unitOfMeasure}`, { size: 12, width: left });
  sheet.text(`Due: ${wo.dueOn ?? 'no due date'}`, { size: 12, width: left });
  if (wo.orderNumberText) sheet.text(`Order: ${wo.orderNumberText}`, { width: left });
  if (wo.outputLocation) sheet.text(`Put away at: ${wo.outputLocation.code}`, { width: left });
  sheet.y = Math.min(sheet.y, PAGE[1] - MARGIN - qrSize - 20);
  sheet.rule();

  sheet.text('Components', { size: 13, bold: true });
  const xs = [MARGIN, MARGIN + 110, MARGIN + 300, MARGIN + 380, MARGIN + 460];
  sheet.row(['Part', 'Name', 'Per unit', 'Required', 'Picked'], xs, { bold: true });
  for (const c of wo.components)
    sheet.row(
      [c.partNumber, c.name, `${c.perUnit} ${c.unitOfMeasure}`, `${c.required} ${c.unitOfMeasure}`, '______'],
      xs,
    );
  if (wo.components.length === 0) sheet.text('No components.');
  sheet.y -= 6;
  sheet.rule();

  sheet.text('Steps', { size: 13, bold: true });
  for (const step of wo.steps) {
    sheet.room(60);
    sheet.text(`${step.position}. ${step.title}`, { size: 11, bold: true });
    sheet.text(`Setup ${step.setupMinutes} min, run ${step.runMinutes} min a unit`, { size: 9 });
    if (step.instructions.trim())
      sheet.text(unmark(step.instructions), { size: 9, x: MARGIN + 12, width: WIDTH - 12 });
    sheet.text('Done by ____________________   Date __________   Good ______   Scrap ______', { size: 9 });
    sheet.y -= 6;
  }
  if (wo.steps.length === 0) sheet.text('No steps.');
  return doc.save();
}
