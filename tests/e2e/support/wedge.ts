// A keyboard-wedge scanner as the page sees one. A USB or Bluetooth scanner sends its keys a few milliseconds apart
// and the operating system stamps each as it arrives, so a busy page that handles them late still reads a burst
// (KeyboardEvent.timeStamp is the input's own time, not the handler's). Playwright's keyboard.type sends one key per
// protocol round trip and stamps each when it lands: on a loaded CI machine those stamps were 60 ms and more apart, the
// page rightly took the "scan" for a person typing, and nothing was consumed (CI, 2026-11-29: "0 of 12 ea consumed").
// So the keys go through Chromium's Input.dispatchKeyEvent with the timestamps a scanner would give them.
import type { Page } from '@playwright/test';

/** How far apart a scanner's keys are, and a person's (common/scan-wedge.ts tells them apart). */
export const SCANNER_GAP_MS = 10;
export const PERSON_GAP_MS = 120;

type TKey = { key: string; code: string; keyCode: number; text?: string };

function keyOf(char: string): TKey {
  if (/^[A-Za-z]$/.test(char))
    return {
      key: char,
      code: `Key${char.toUpperCase()}`,
      keyCode: char.toUpperCase().charCodeAt(0),
      text: char,
    };
  if (/^\d$/.test(char)) return { key: char, code: `Digit${char}`, keyCode: char.charCodeAt(0), text: char };
  if (char === '-') return { key: '-', code: 'Minus', keyCode: 189, text: '-' };
  if (char === '.') return { key: '.', code: 'Period', keyCode: 190, text: '.' };
  if (char === '/') return { key: '/', code: 'Slash', keyCode: 191, text: '/' };
  throw new Error(`wedge.ts: no key for ${JSON.stringify(char)}; add it`);
}

const ENTER: TKey = { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' };

/**
 * Types `code` and Enter as a device whose keys are `gapMs` apart (a scanner by default), with no field focused
 * unless `keepFocus` (a scanner types wherever the focus is).
 */
export async function wedgeScan(
  page: Page,
  code: string,
  options: { gapMs?: number; keepFocus?: boolean } = {},
) {
  const gapMs = options.gapMs ?? SCANNER_GAP_MS;
  if (!options.keepFocus) await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const session = await page.context().newCDPSession(page);
  try {
    const start = Date.now() / 1000;
    const keys = [...code].map(keyOf).concat(ENTER);
    for (const [i, k] of keys.entries()) {
      const timestamp = start + (i * gapMs) / 1000;
      const common = { key: k.key, code: k.code, windowsVirtualKeyCode: k.keyCode, timestamp };
      await session.send('Input.dispatchKeyEvent', { type: 'keyDown', text: k.text, ...common });
      await session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common });
    }
  } finally {
    await session.detach();
  }
}
