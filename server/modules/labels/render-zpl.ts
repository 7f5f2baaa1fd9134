// Labels as ZPL for Zebra printers: one ^XA…^XZ per distinct label with ^PQ for its copies. The printer draws the
// codes itself (^BQ, ^BC, ^BX) at the module size in dots the layout chose, so they are as crisp as the head allows.
import type { TLabelLayout } from '#common/label-layout.ts';
import { formatInches, type TLabelFormat } from '#common/schemas/labels.ts';
import { layoutPrepared, type TPreparedLabel } from './layout.ts';

export interface TZplJob {
  format: TLabelFormat;
  dpi: number;
  labels: TPreparedLabel[];
  onProgress?: (done: number) => void;
}

const BATCH = 25;
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Field data under ^FH: the ZPL control characters (^ and ~), the escape itself (_) and everything outside printable
 * ASCII travel as _XX hex bytes (UTF-8, with ^CI28), so no text can end a field or inject a command.
 */
export function zplFieldData(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const ch = String.fromCharCode(byte);
    out +=
      byte < 0x20 || byte > 0x7e || ch === '^' || ch === '~' || ch === '_'
        ? `_${byte.toString(16).toUpperCase().padStart(2, '0')}`
        : ch;
  }
  return out;
}

/** The ZPL of one label (without ^PQ/^XZ). */
function labelZpl(format: TLabelFormat, layout: TLabelLayout, data: string): string[] {
  const m = layout.moduleDots;
  const at = `^FO${layout.symbolX},${layout.symbolY}`;
  const lines = ['^XA', '^CI28', `^PW${layout.widthDots}`, `^LL${layout.heightDots}`, '^LH0,0'];
  if (format.symbology === 'qr') {
    // ^BQ magnification is 1–10 dots; model 2; "MA," = error correction M, automatic data mode.
    lines.push(`${at}^BQN,2,${Math.min(10, m)}^FH^FDMA,${zplFieldData(data)}^FS`);
  } else if (format.symbology === 'datamatrix') {
    lines.push(`${at}^BXN,${m},200^FH^FD${zplFieldData(data)}^FS`);
  } else {
    // ^BY: module width in dots, wide-to-narrow ratio (unused by Code 128), bar height; ^BC mode A picks subsets.
    lines.push(`^BY${m},3,${layout.barHeightDots}${at}^BCN,${layout.barHeightDots},N,N,N,A^FD${data}^FS`);
  }
  for (const t of layout.texts) {
    lines.push(
      `^FO${t.x},${t.top}^A0N,${t.sizeDots},${Math.round(t.sizeDots * 0.9)}^FH^FD${zplFieldData(t.text)}^FS`,
    );
  }
  return lines;
}

/** Renders the labels as one ZPL document. */
export async function renderZpl(job: TZplJob): Promise<string> {
  const size = formatInches(job.format);
  const out: string[] = [];
  let done = 0;
  for (const [index, label] of job.labels.entries()) {
    const layout = layoutPrepared(job.format, label, size, job.dpi);
    out.push(...labelZpl(job.format, layout, label.codeData), `^PQ${label.copies}`, '^XZ');
    done += label.copies;
    if (index % BATCH === BATCH - 1) {
      job.onProgress?.(done);
      await pause();
    }
  }
  job.onProgress?.(done);
  return `${out.join('\n')}\n`;
}
