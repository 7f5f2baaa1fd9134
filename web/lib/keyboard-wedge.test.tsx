// The keyboard wedge and modal dialogs: a scanner's burst with no field focused is read, but not while a modal dialog
// is open (even with the focus fallen onto <body>: found on /time, where a day picked in Add time left it there and
// the times typed next went to the page's scanner), and a burst that began while a dialog was open is dropped whole
// when the dialog closes half-way through it, not read from half-way.
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useKeyboardWedge } from './keyboard-wedge.ts';

/** A keydown on <body> at `time` ms, as a scanner's key lands when no field is focused. */
function key(name: string, time: number) {
  const event = new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true });
  Object.defineProperty(event, 'timeStamp', { value: time });
  document.body.dispatchEvent(event);
}

/** `code` then Enter from `start` ms, 10 ms apart; `between` runs after the key at `at`. */
function burst(code: string, start: number, between?: { at: number; run: () => void }) {
  [...code, 'Enter'].forEach((name, i) => {
    key(name, start + i * 10);
    if (between && i === between.at) between.run();
  });
}

/** A modal dialog as Mantine's Modal puts it on the page; returns its removal. */
function openModal(): () => void {
  const modal = document.createElement('section');
  modal.setAttribute('role', 'dialog');
  modal.setAttribute('aria-modal', 'true');
  document.body.append(modal);
  return () => modal.remove();
}

afterEach(() => {
  for (const modal of document.querySelectorAll('[aria-modal]')) modal.remove();
});

describe('useKeyboardWedge', () => {
  it('reads a burst with no field focused', () => {
    const onCode = vi.fn();
    renderHook(() => useKeyboardWedge(onCode));
    burst('JOB-000001', 1000);
    expect(onCode).toHaveBeenCalledWith('JOB-000001');
  });

  it('leaves a burst alone while a modal dialog is open, the focus on <body>', () => {
    const onCode = vi.fn();
    renderHook(() => useKeyboardWedge(onCode));
    const close = openModal();
    expect(document.activeElement).toBe(document.body);
    burst('0600AM0630AM', 1000);
    expect(onCode).not.toHaveBeenCalled();
    close();
    burst('JOB-000001', 2000);
    expect(onCode).toHaveBeenCalledTimes(1);
    expect(onCode).toHaveBeenCalledWith('JOB-000001');
  });

  it('drops whole a burst that began while a dialog was open and ended after it closed', () => {
    const onCode = vi.fn();
    renderHook(() => useKeyboardWedge(onCode));
    const close = openModal();
    burst('JOB-000001', 1000, { at: 2, run: close });
    expect(onCode).not.toHaveBeenCalled();
    // The next scan, after a pause, is read.
    burst('JOB-000002', 2000);
    expect(onCode).toHaveBeenCalledTimes(1);
    expect(onCode).toHaveBeenCalledWith('JOB-000002');
  });
});
