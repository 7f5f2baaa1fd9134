// The modules of a printed code, as numbers (no drawing): the PDF, the ZPL check and the browser preview all draw
// from this, so the preview shows exactly the code that prints (docs/decisions/027).
import bwipjs from 'bwip-js/generic';
import QRCode from 'qrcode';
import type { TSymbology } from './schemas/labels.ts';

/** A 2-D code: a grid of dark (1) and light (0) modules, row by row, and its quiet zone in modules. */
export interface TMatrixSymbol {
  kind: 'matrix';
  columns: number;
  rows: number;
  dark: ArrayLike<number>;
  quiet: number;
}

/** A 1-D code: bar, space, bar, … widths in modules (starting with a bar), and its quiet zone in modules. */
export interface TBarsSymbol {
  kind: 'bars';
  widths: number[];
  quiet: number;
}

export type TSymbol = TMatrixSymbol | TBarsSymbol;

/** Quiet zones: QR 4 modules and Code 128 10 modules (their standards); Data Matrix 2 (the standard's 1, doubled
 * because a label's edge or a neighbouring text can sit right next to it). */
export const QUIET_ZONE: Record<TSymbology, number> = { qr: 4, code128: 10, datamatrix: 2 };

/** Encodes `text` as `symbology`. QR uses the `qrcode` package (six times faster than bwip-js for the same
 * symbol); Code 128 and Data Matrix use bwip-js (BWIPP's encoders). */
export function encodeSymbol(symbology: TSymbology, text: string): TSymbol {
  if (symbology === 'qr') {
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const size = qr.modules.size;
    return { kind: 'matrix', columns: size, rows: size, dark: qr.modules.data, quiet: QUIET_ZONE.qr };
  }
  if (symbology === 'code128') {
    const [raw] = bwipjs.raw('code128', text, {}) as Array<{ sbs: number[] }>;
    return { kind: 'bars', widths: raw!.sbs, quiet: QUIET_ZONE.code128 };
  }
  const [raw] = bwipjs.raw('datamatrix', text, {}) as Array<{ pixs: number[]; pixx: number; pixy: number }>;
  return {
    kind: 'matrix',
    columns: raw!.pixx,
    rows: raw!.pixy,
    dark: raw!.pixs,
    quiet: QUIET_ZONE.datamatrix,
  };
}
