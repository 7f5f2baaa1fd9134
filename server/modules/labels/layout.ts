// What a label says and how it measures on the server: the text lines a format prints for a label, the data its
// code carries, and Helvetica's metrics for cutting text to fit (the PDF's font; ZPL's font 0 is narrower, so a
// line that fits in Helvetica fits there too). The geometry itself is common/label-layout.ts.
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import { compactCode, scanLink, type TCodeKind } from '#common/label-codes.ts';
import { layoutLabel, type TLabelLayout, type TMeasure } from '#common/label-layout.ts';
import { encodeSymbol } from '#common/label-symbol.ts';
import type { TLabelField, TLabelFormat, TSymbology } from '#common/schemas/labels.ts';

/** The facts of one thing to label; empty strings print nothing. */
export interface TLabelContent {
  kind: TCodeKind;
  token: string;
  copies: number;
  partNumber: string;
  name: string;
  lot: string;
  location: string;
  quantity: string;
  date: string;
  /** Printed first whatever the format's fields: what the label names (a work order's number, decision 053). */
  heading?: string;
}

/** A label ready to lay out: the data of its code, its text lines and how many copies. */
export interface TPreparedLabel {
  codeData: string;
  lines: string[];
  copies: number;
}

/** What the code carries: the link for QR and Data Matrix (a phone camera opens it), the compact form for Code 128. */
export function codeData(symbology: TSymbology, appUrl: string, kind: TCodeKind, token: string): string {
  return symbology === 'code128' ? compactCode(kind, token) : scanLink(appUrl, kind, token);
}

const LINE: Record<TLabelField, (c: TLabelContent, format: TLabelFormat) => string> = {
  partNumber: (c) => c.partNumber,
  name: (c) => c.name,
  lot: (c) => (c.lot ? `Lot ${c.lot}` : ''),
  location: (c) => (c.location ? `Loc ${c.location}` : ''),
  quantity: (c) => (c.quantity ? `Qty ${c.quantity}` : ''),
  date: (c) => c.date,
  freeText: (_c, format) => format.freeText,
};

/** The format's fields for this label, in the format's order, leaving out the empty ones. */
function labelLines(format: TLabelFormat, content: TLabelContent): string[] {
  return format.fields.map((field) => LINE[field](content, format).trim()).filter((line) => line !== '');
}

export function prepareLabel(format: TLabelFormat, appUrl: string, content: TLabelContent): TPreparedLabel {
  return {
    codeData: codeData(format.symbology, appUrl, content.kind, content.token),
    lines: [content.heading?.trim() ?? '', ...labelLines(format, content)]
      .filter((line) => line !== '')
      .map(toWinAnsi),
    copies: content.copies,
  };
}

const helvetica = StandardFontEmbedder.for(
  StandardFonts.Helvetica as unknown as Parameters<typeof StandardFontEmbedder.for>[0],
);
const encodable = new Map<string, boolean>();

/** Replaces what the PDF's standard font cannot draw (outside Windows-1252) with "?". */
export function toWinAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    let ok = encodable.get(ch);
    if (ok === undefined) {
      try {
        helvetica.widthOfTextAtSize(ch, 1);
        ok = ch >= ' ';
      } catch {
        ok = false;
      }
      encodable.set(ch, ok);
    }
    out += ok ? ch : '?';
  }
  return out;
}

/** Helvetica's width of `text` in dots at `sizeDots`. */
export const measureHelvetica: TMeasure = (text, sizeDots) => helvetica.widthOfTextAtSize(text, sizeDots);

/** Lays out one prepared label on a label of `widthIn` x `heightIn` inches at `dpi`. */
export function layoutPrepared(
  format: TLabelFormat,
  label: TPreparedLabel,
  size: { width: number; height: number },
  dpi: number,
): TLabelLayout {
  return layoutLabel({
    widthIn: size.width,
    heightIn: size.height,
    dpi,
    symbol: encodeSymbol(format.symbology, label.codeData),
    lines: label.lines,
    textSizePt: format.textSize,
    measure: measureHelvetica,
  });
}
