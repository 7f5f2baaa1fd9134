// The keyboard wedge of /scan and of the shop-floor view: a document keydown listener that feeds the wedge rule
// (common/scan-wedge.ts) and leaves keys typed into a field or a dialog alone, so a scanner works with no field
// focused.
import { useEffect, useRef } from 'react';
import { createWedgeReader } from '#common/scan-wedge.ts';

/** True when the key event happens inside something that takes text or a dialog (the wedge leaves it alone). */
function isInsideField(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return target.closest('[role="dialog"], [aria-modal="true"]') !== null;
}

/** Listens on the whole document while `enabled`, and calls `onCode` with each scanned burst. */
export function useKeyboardWedge(onCode: (code: string) => void, enabled = true): void {
  const callback = useRef(onCode);
  callback.current = onCode;
  useEffect(() => {
    if (!enabled) return;
    const reader = createWedgeReader();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isInsideField(event.target)) return;
      const code = reader.key(event.key, event.timeStamp);
      if (code) {
        event.preventDefault();
        callback.current(code.trim());
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
