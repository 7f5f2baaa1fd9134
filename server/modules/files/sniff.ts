// Decides an upload's type from its first bytes (decision 046): the name and the client's Content-Type are never
// trusted, so a PNG renamed .mp4 is stored and served as a PNG, and a text file is no picture at all.
import type { TFileType } from '#common/schemas/files.ts';

/** How many first bytes sniffing wants; fewer are fine when the whole file is shorter. */
export const SNIFF_BYTES = 4096;

const ascii = (head: Uint8Array, at: number, text: string) =>
  head.length >= at + text.length && [...text].every((c, i) => head[at + i] === c.charCodeAt(0));

const startsWith = (head: Uint8Array, bytes: number[]) =>
  head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

/** The EBML header's DocType says "webm" (Matroska's other files are not WebM, and browsers play only WebM). */
function isWebm(head: Uint8Array): boolean {
  if (!startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return false;
  // DocType is element 0x4282, then a one-byte size (0x84 = 4 bytes), then the text: within the header's first bytes.
  for (let i = 4; i + 6 < Math.min(head.length, 64); i++) {
    if (head[i] === 0x42 && head[i + 1] === 0x82 && ascii(head, i + 3, 'webm')) return true;
  }
  return false;
}

/** The type `head` (the file's first bytes) says, or null when it is none we take. */
export function sniffFileType(head: Uint8Array): TFileType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return 'image/gif';
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return 'image/webp';
  // ISO base media (MP4, MOV): a box of type "ftyp" first; the major brand "qt  " is QuickTime.
  if (ascii(head, 4, 'ftyp') && head.length >= 12)
    return ascii(head, 8, 'qt  ') ? 'video/quicktime' : 'video/mp4';
  if (isWebm(head)) return 'video/webm';
  return null;
}
