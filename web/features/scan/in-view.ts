// Which codes the camera has just started to see. A label held in front of the camera is read on frame after frame:
// it is one scan until it has left the view. "Left" is judged only from frames the detector actually examined: a
// code counts as gone once a frame examined at least `goneAfterMs` after its last sighting lacks it. A detector that
// falls behind (a busy phone, a starved renderer) examines no frame in between, so a label that never moved is never
// scanned twice; one frame that fails to decode within the window does not make a second scan either.

export interface TInView {
  /** The codes of one examined frame; returns those that are new scans, in the frame's order. */
  frame(codes: readonly string[], at: number): string[];
}

export function inView(goneAfterMs: number): TInView {
  const lastSeen = new Map<string, number>();
  return {
    frame(codes, at) {
      const present = new Set(codes);
      for (const [code, seen] of lastSeen)
        if (!present.has(code) && at - seen >= goneAfterMs) lastSeen.delete(code);
      const fresh: string[] = [];
      for (const code of present) {
        if (!lastSeen.has(code)) fresh.push(code);
        lastSeen.set(code, at);
      }
      return fresh;
    },
  };
}
