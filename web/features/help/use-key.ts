// A single-key shortcut (`?`, `/`) that never fires while the person is typing: in a field, a text area, a select or
// anything editable, the key is theirs. Modified keys (Ctrl, Alt, Cmd) are left to the browser.
import { useEffect, useRef } from 'react';

export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Calls `onKey` when `key` (as KeyboardEvent.key names it) is pressed outside a field; `enabled` false ignores it. */
export function useKey(key: string, onKey: () => void, enabled = true): void {
  const handler = useRef(onKey);
  handler.current = onKey;
  useEffect(() => {
    if (!enabled) return;
    const listen = (event: KeyboardEvent) => {
      if (event.key !== key || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isTyping(event.target)) return;
      event.preventDefault();
      handler.current();
    };
    window.addEventListener('keydown', listen);
    return () => window.removeEventListener('keydown', listen);
  }, [key, enabled]);
}
