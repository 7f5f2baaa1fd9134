// The type of an upload comes from its first bytes only: each type we take is recognised, others are refused.
import { describe, expect, it } from 'vitest';
import { sniffFileType } from './sniff.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffFileType', () => {
  it('recognises each picture type by its signature', () => {
    expect(sniffFileType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13]))).toBe('image/png');
    expect(sniffFileType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffFileType(bytes('GIF89a', [1, 0]))).toBe('image/gif');
    expect(sniffFileType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffFileType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
  });

  it('tells MP4 from QuickTime by the ftyp box brand', () => {
    expect(sniffFileType(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))).toBe('video/mp4');
    expect(sniffFileType(bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0]))).toBe('video/quicktime');
  });

  it('takes WebM but not other Matroska files', () => {
    const header = (docType: string) =>
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0x82, 0x80 | docType.length], docType);
    expect(sniffFileType(header('webm'))).toBe('video/webm');
    expect(sniffFileType(header('matroska'))).toBeNull();
  });

  it('refuses text, a RIFF that is not WebP, a short file and an empty one', () => {
    expect(sniffFileType(bytes('hello, this is text'))).toBeNull();
    expect(sniffFileType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeNull();
    expect(sniffFileType(bytes([0x89], 'PN'))).toBeNull();
    expect(sniffFileType(new Uint8Array())).toBeNull();
  });

  it('ignores what the name would say: only the bytes count', () => {
    // An SVG (text that looks like a picture) is not taken: it could carry script.
    expect(sniffFileType(bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
  });
});
