// The keyboard-wedge rule: a fast burst ending in Enter is a scan; a person's typing is not.
import { describe, expect, it } from 'vitest';
import { createWedgeReader } from './scan-wedge.ts';

/** Feeds `text` then Enter, one key every `gap` ms (late: extra ms before the key at that index); returns the answer. */
function feed(text: string, gap: number, late: Record<number, number> = {}) {
  const reader = createWedgeReader();
  let time = 1000;
  let answer: string | null = null;
  for (const [i, key] of [...text, 'Enter'].entries()) {
    time += gap + (late[i] ?? 0);
    answer = reader.key(key, time) ?? answer;
  }
  return answer;
}

describe('the keyboard wedge', () => {
  it('reads a scanner burst ending in Enter', () => {
    expect(feed('FBI7K3M9Q2X', 8)).toBe('FBI7K3M9Q2X');
  });

  it('ignores a person typing at a human pace, and bursts shorter than 4 characters', () => {
    expect(feed('SC-42', 120)).toBeNull();
    expect(feed('abc', 5)).toBeNull();
  });

  it('keeps a burst whole when the busy page delivers one key late', () => {
    expect(feed('FBI7K3M9Q2X', 10, { 3: 120 })).toBe('FBI7K3M9Q2X');
  });

  it('starts over after a pause, so earlier keys never join a later scan', () => {
    const reader = createWedgeReader();
    for (const [i, key] of [...'xyz'].entries()) reader.key(key, 100 + i * 10);
    let answer: string | null = null;
    for (const [i, key] of [...'FBI7K3M9Q2X', 'Enter'].entries())
      answer = reader.key(key, 2000 + i * 10) ?? answer;
    expect(answer).toBe('FBI7K3M9Q2X');
  });

  it('ignores modifier keys between characters', () => {
    const reader = createWedgeReader();
    const keys = ['Shift', 'F', 'Shift', 'B', 'I', '1', '2', 'Enter'];
    const answers = keys.map((key, i) => reader.key(key, 500 + i * 5));
    expect(answers.at(-1)).toBe('FBI12');
  });
});
