// The keyboard wedge of /scan, of the shop-floor view and of /time: a document keydown listener that feeds the wedge
// rule (common/scan-wedge.ts) and leaves keys typed into a field or a dialog alone, so a scanner works with no field
// focused. While a modal dialog is open (a form, the help drawer) the page behind it is not at work: a burst is left
// alone even when the focus has fallen out of the dialog onto <body>, so a scan never acts behind the dialog (found
// on /time: a day picked in Add time left the focus on <body>, and the times typed next reached its scanner).
import { useEffect, useRef } from 'react';
import { createWedgeReader, WEDGE_BREAK_MS } from '#common/scan-wedge.ts';

/** True when the key event happens inside something that takes text or a dialog (the wedge leaves it alone). */
function isInsideField(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return target.closest('[role="dialog"], [aria-modal="true"]') !== null;
}

/** True while a modal dialog (Mantine's Modal and Drawer say aria-modal) is open anywhere on the page. */
function isModalOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null;
}

/** Listens on the whole document while `enabled`, and calls `onCode` with each scanned burst. */
export function useKeyboardWedge(onCode: (code: string) => void, enabled = true): void {
  const callback = useRef(onCode);
  callback.current = onCode;
  useEffect(() => {
    if (!enabled) return;
    const reader = createWedgeReader();
    // The last key of a burst left alone because a modal dialog was open: the rest of that burst is left alone too,
    // so a scan that comes in as a dialog closes (its content stays a moment for the closing transition) is dropped
    // whole, never read from half-way ("-000001" for JOB-000001).
    let heldAt = Number.NEGATIVE_INFINITY;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isInsideField(event.target)) return;
      if (isModalOpen() || event.timeStamp - heldAt <= WEDGE_BREAK_MS) {
        heldAt = event.key === 'Enter' ? Number.NEGATIVE_INFINITY : event.timeStamp;
        return;
      }
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
