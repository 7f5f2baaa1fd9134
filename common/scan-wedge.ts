// Keyboard-wedge scanners (USB and Bluetooth) type the code like a very fast keyboard and press Enter. A burst is
// told from a person by its speed: at least WEDGE_MIN_LENGTH characters then Enter, at most WEDGE_MAX_GAP_MS per
// key on average, and no pause longer than WEDGE_BREAK_MS inside it (a busy page may deliver one key late, which
// must not cut a scan in two; a person pausing starts a new burst). Keys typed into a field or a dialog belong to
// that field, not to the scanner. Typing fast outside any field only ever looks a code up: a false positive is
// harmless.

export const WEDGE_MIN_LENGTH = 4;
export const WEDGE_MAX_GAP_MS = 50;
export const WEDGE_BREAK_MS = 250;

/** The scanner's part of a keydown stream: feed it keys with their times; it answers a finished burst. */
export function createWedgeReader(minLength = WEDGE_MIN_LENGTH, maxGapMs = WEDGE_MAX_GAP_MS) {
  let buffer = '';
  let started = 0;
  let last = 0;
  return {
    /** Returns the code when `key` (at `time` ms) ends a fast burst with Enter, else null. */
    key(key: string, time: number): string | null {
      const paused = time - last > WEDGE_BREAK_MS;
      if (key === 'Enter') {
        const fast = !paused && (time - started) / Math.max(buffer.length, 1) <= maxGapMs;
        const code = fast && buffer.length >= minLength ? buffer : null;
        buffer = '';
        last = time;
        return code;
      }
      if (key.length !== 1) return null; // Shift and friends come between a scanner's characters
      if (paused || buffer === '') {
        buffer = '';
        started = time;
      }
      buffer += key;
      last = time;
      return null;
    },
  };
}
