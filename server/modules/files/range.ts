// HTTP range requests (RFC 9110 §14) over a stored file, as a pure function: what a phone asks to seek a video.
/** The bytes to send, inclusive. */
export interface TByteRange {
  start: number;
  end: number;
}

/**
 * The one range `header` asks of a file of `size` bytes: a range, 'unsatisfiable' (answer 416), or null to send
 * the whole file (no header, a unit other than bytes, several ranges, or a header we cannot read: RFC 9110 lets a
 * server ignore Range).
 */
export function parseRange(header: string | undefined, size: number): TByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null; // malformed: ignored, not refused
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** The chunks (by seq) that hold bytes start..end of a file cut every `chunkSize` bytes. */
export function chunksOf(range: TByteRange, chunkSize: number): { first: number; last: number } {
  return { first: Math.floor(range.start / chunkSize), last: Math.floor(range.end / chunkSize) };
}
