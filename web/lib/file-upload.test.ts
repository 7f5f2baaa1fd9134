// What the web app refuses before sending a file: only what the server would refuse whatever the bytes (empty, or
// larger than the limit for the type the browser guesses); the type itself is the server's to decide.
import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '#common/schemas/files.ts';
import { refusalOf } from './file-upload.ts';

/** A File of `size` bytes that never allocates them (the check reads only size and type). */
const fileOf = (name: string, type: string, size: number) => {
  const file = new File([], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('refusalOf', () => {
  it('refuses a picture over 10 MB and a video over 200 MB in the server’s words', () => {
    expect(refusalOf(fileOf('a.png', 'image/png', 10 * 1024 * 1024 + 1))).toBe(
      FILE_MESSAGES.tooLarge('image'),
    );
    expect(refusalOf(fileOf('a.webm', 'video/webm', 200 * 1024 * 1024 + 1))).toBe(
      FILE_MESSAGES.tooLarge('video'),
    );
    expect(refusalOf(fileOf('a.png', 'image/png', 10 * 1024 * 1024))).toBeNull();
  });

  it('leaves an unknown or odd type to the server, within the larger limit', () => {
    expect(refusalOf(fileOf('scan', '', 50 * 1024 * 1024))).toBeNull();
    expect(refusalOf(fileOf('notes.txt', 'text/plain', 100))).toBeNull();
    expect(refusalOf(fileOf('scan', '', 201 * 1024 * 1024))).toBe(FILE_MESSAGES.tooLarge('video'));
  });

  it('refuses an empty file', () => {
    expect(refusalOf(fileOf('a.png', 'image/png', 0))).toBe(FILE_MESSAGES.empty);
  });
});
