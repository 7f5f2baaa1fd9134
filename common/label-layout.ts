// Where a label's code and text go, in printer dots (docs/decisions/027). Pure arithmetic shared by the PDF and ZPL
// renderers on the server and the live preview in the browser: a module is a whole number of dots at the printer's
// resolution (a thermal head cannot print 2.4 dots: a fraction would blur bars), the code keeps its quiet zone on
// the label, and the text fills what is left at the format's size, cut to fit.
import type { TSymbol } from './label-symbol.ts';
import type { TPrintOutput } from './schemas/labels.ts';

/** The gap kept blank at the label's edges (thermal printers drift by up to about 0.5 mm). */
const MARGIN_IN = 0.03;
/** The smallest module: 2 dots at 203 dpi, 3 at 300 (about 0.25 mm, what phone cameras and scanners read well). */
const MIN_MODULE_IN = 0.0075;
/** The largest modules: 1 mm for 2-D codes, 0.5 mm for Code 128 bars (bigger adds nothing but width). */
const MAX_MATRIX_MODULE_IN = 0.04;
const MAX_BAR_MODULE_IN = 0.02;
/** A 2-D code takes at most this share of the label's long side, so the text keeps room. */
const MATRIX_SHARE = 0.6;
/** Code 128 bars are at least this tall; text lines that would squeeze them further are left off. */
const MIN_BAR_HEIGHT_IN = 0.2;
const ELLIPSIS = '...';

/** A sheet of labels: letter or A4 paper, label size, first label's top-left corner and the pitch between labels. */
export interface TSheet {
  pageWidthIn: number;
  pageHeightIn: number;
  columns: number;
  rows: number;
  labelWidthIn: number;
  labelHeightIn: number;
  leftIn: number;
  topIn: number;
  pitchXIn: number;
  pitchYIn: number;
}

const MM = 1 / 25.4;

/**
 * Avery's published geometry for its most common address and shipping sheets: 5160 and 5163 on US letter, and their
 * A4 counterparts L7160 and L7163 (sizes, margins and pitch in millimetres, as Avery gives them).
 */
export const SHEETS: Record<Exclude<TPrintOutput, 'roll' | 'zpl'>, TSheet> = {
  'avery-5160': {
    pageWidthIn: 8.5,
    pageHeightIn: 11,
    columns: 3,
    rows: 10,
    labelWidthIn: 2.625,
    labelHeightIn: 1,
    leftIn: 0.1875,
    topIn: 0.5,
    pitchXIn: 2.75,
    pitchYIn: 1,
  },
  'avery-5163': {
    pageWidthIn: 8.5,
    pageHeightIn: 11,
    columns: 2,
    rows: 5,
    labelWidthIn: 4,
    labelHeightIn: 2,
    leftIn: 0.15625,
    topIn: 0.5,
    pitchXIn: 4.1875,
    pitchYIn: 2,
  },
  'avery-l7160': {
    pageWidthIn: 210 * MM,
    pageHeightIn: 297 * MM,
    columns: 3,
    rows: 7,
    labelWidthIn: 63.5 * MM,
    labelHeightIn: 38.1 * MM,
    leftIn: 7.21 * MM,
    topIn: 15.15 * MM,
    pitchXIn: 66.04 * MM,
    pitchYIn: 38.1 * MM,
  },
  'avery-l7163': {
    pageWidthIn: 210 * MM,
    pageHeightIn: 297 * MM,
    columns: 2,
    rows: 7,
    labelWidthIn: 99.1 * MM,
    labelHeightIn: 38.1 * MM,
    leftIn: 4.65 * MM,
    topIn: 15.15 * MM,
    pitchXIn: 101.6 * MM,
    pitchYIn: 38.1 * MM,
  },
};

/** Measures text: its width in dots at `sizeDots` (Helvetica metrics on the server, the canvas in a browser). */
export type TMeasure = (text: string, sizeDots: number) => number;

/** A line of text: left edge, top and baseline in dots from the label's top-left, size in dots. */
export interface TTextLine {
  x: number;
  top: number;
  baseline: number;
  sizeDots: number;
  text: string;
}

/** A label laid out: size in dots, the code's box (quiet zone included) and module, its dark rectangles, the text. */
export interface TLabelLayout {
  widthDots: number;
  heightDots: number;
  moduleDots: number;
  /** Where the symbol itself starts (inside its quiet zone) and how tall Code 128 bars are. */
  symbolX: number;
  symbolY: number;
  barHeightDots: number;
  /** The code's box including its quiet zone, which nothing else may enter. */
  codeBox: { x: number; y: number; width: number; height: number };
  rects: Array<[x: number, y: number, width: number, height: number]>;
  texts: TTextLine[];
}

export interface TLayoutInput {
  widthIn: number;
  heightIn: number;
  dpi: number;
  symbol: TSymbol;
  lines: string[];
  textSizePt: number;
  measure: TMeasure;
}

/** The code does not fit the label at this resolution; the message says what to change. */
export class LabelFitError extends Error {
  override name = 'LabelFitError';
}

const dots = (inches: number, dpi: number) => Math.round(inches * dpi);

/** Cuts `text` to `maxWidth` dots, ending in "..." when cut. */
function fitText(text: string, maxWidth: number, sizeDots: number, measure: TMeasure): string {
  if (measure(text, sizeDots) <= maxWidth) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(text.slice(0, mid).trimEnd() + ELLIPSIS, sizeDots) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return low === 0 ? '' : text.slice(0, low).trimEnd() + ELLIPSIS;
}

/** Lays out one label. Throws LabelFitError when even the smallest module would not fit. */
export function layoutLabel(input: TLayoutInput): TLabelLayout {
  const { dpi, symbol } = input;
  const W = Math.floor(input.widthIn * dpi);
  const H = Math.floor(input.heightIn * dpi);
  const margin = dots(MARGIN_IN, dpi);
  const minModule = Math.ceil(MIN_MODULE_IN * dpi);
  const sizeDots = Math.max(1, Math.round((input.textSizePt / 72) * dpi));
  const lineHeight = Math.round(sizeDots * 1.2);
  const innerW = W - 2 * margin;
  const innerH = H - 2 * margin;
  const size = `${input.widthIn.toFixed(3).replace(/\.?0+$/, '')} x ${input.heightIn.toFixed(3).replace(/\.?0+$/, '')} in`;

  if (symbol.kind === 'matrix') {
    const span = Math.max(symbol.columns, symbol.rows) + 2 * symbol.quiet;
    const landscape = W >= H;
    const room = landscape
      ? Math.min(innerH, Math.floor(innerW * MATRIX_SHARE))
      : Math.min(innerW, Math.floor(innerH * MATRIX_SHARE));
    const moduleDots = Math.min(dots(MAX_MATRIX_MODULE_IN, dpi), Math.floor(room / span));
    if (moduleDots < minModule)
      throw new LabelFitError(
        `The code needs ${span * minModule} dots and a ${size} label has ${room} at ${dpi} dpi: use a larger label.`,
      );
    const side = span * moduleDots;
    const codeBox = landscape
      ? { x: margin, y: margin + Math.floor((innerH - side) / 2), width: side, height: side }
      : { x: margin + Math.floor((innerW - side) / 2), y: margin, width: side, height: side };
    const symbolX = codeBox.x + symbol.quiet * moduleDots;
    const symbolY = codeBox.y + symbol.quiet * moduleDots;
    const rects: TLabelLayout['rects'] = [];
    for (let r = 0; r < symbol.rows; r++) {
      let c = 0;
      while (c < symbol.columns) {
        if (!symbol.dark[r * symbol.columns + c]) {
          c++;
          continue;
        }
        const start = c;
        while (c < symbol.columns && symbol.dark[r * symbol.columns + c]) c++;
        rects.push([
          symbolX + start * moduleDots,
          symbolY + r * moduleDots,
          (c - start) * moduleDots,
          moduleDots,
        ]);
      }
    }
    const textArea = landscape
      ? { x: codeBox.x + side, y: margin, width: W - margin - (codeBox.x + side), height: innerH }
      : { x: margin, y: codeBox.y + side, width: innerW, height: H - margin - (codeBox.y + side) };
    return {
      widthDots: W,
      heightDots: H,
      moduleDots,
      symbolX,
      symbolY,
      barHeightDots: 0,
      codeBox,
      rects,
      texts: placeText(input, textArea, sizeDots, lineHeight, Math.floor(textArea.height / lineHeight)),
    };
  }

  const span = symbol.widths.reduce((a, b) => a + b, 0) + 2 * symbol.quiet;
  const moduleDots = Math.min(dots(MAX_BAR_MODULE_IN, dpi), Math.floor(innerW / span));
  if (moduleDots < minModule)
    throw new LabelFitError(
      `Code 128 needs ${span * minModule} dots across and a ${size} label has ${innerW} at ${dpi} dpi: use a wider label or a 2-D code.`,
    );
  const minBar = dots(MIN_BAR_HEIGHT_IN, dpi);
  if (innerH < minBar)
    throw new LabelFitError(`Code 128 bars need ${MIN_BAR_HEIGHT_IN} in of height: use a taller label.`);
  const gap = Math.round(sizeDots / 2);
  const lineCount = Math.min(
    input.lines.length,
    Math.max(0, Math.floor((innerH - minBar - gap) / lineHeight)),
  );
  const barHeightDots = lineCount > 0 ? innerH - gap - lineCount * lineHeight : innerH;
  const codeBox = { x: margin, y: margin, width: span * moduleDots, height: barHeightDots };
  const symbolX = margin + symbol.quiet * moduleDots;
  const rects: TLabelLayout['rects'] = [];
  let x = symbolX;
  symbol.widths.forEach((w, i) => {
    if (i % 2 === 0) rects.push([x, margin, w * moduleDots, barHeightDots]);
    x += w * moduleDots;
  });
  const textArea = {
    x: margin,
    y: margin + barHeightDots + gap,
    width: innerW,
    height: lineCount * lineHeight,
  };
  return {
    widthDots: W,
    heightDots: H,
    moduleDots,
    symbolX,
    symbolY: margin,
    barHeightDots,
    codeBox,
    rects,
    texts: placeText(input, textArea, sizeDots, lineHeight, lineCount),
  };
}

function placeText(
  input: TLayoutInput,
  area: { x: number; y: number; width: number; height: number },
  sizeDots: number,
  lineHeight: number,
  maxLines: number,
): TTextLine[] {
  // Too narrow for three letters: no text rather than a column of dots.
  if (area.width < sizeDots * 2 || maxLines <= 0) return [];
  const texts: TTextLine[] = [];
  for (const line of input.lines.slice(0, maxLines)) {
    const text = fitText(line, area.width, sizeDots, input.measure);
    const top = area.y + texts.length * lineHeight;
    if (text) texts.push({ x: area.x, top, baseline: top + Math.round(sizeDots * 0.8), sizeDots, text });
  }
  return texts;
}

/** The top-left corner of the n-th label of a sheet in dots (snapped to the dot grid so modules stay whole). */
export function sheetSlot(sheet: TSheet, n: number, dpi: number): { page: number; x: number; y: number } {
  const perPage = sheet.columns * sheet.rows;
  const slot = n % perPage;
  const column = slot % sheet.columns;
  const row = Math.floor(slot / sheet.columns);
  return {
    page: Math.floor(n / perPage),
    x: dots(sheet.leftIn + column * sheet.pitchXIn, dpi),
    y: dots(sheet.topIn + row * sheet.pitchYIn, dpi),
  };
}
