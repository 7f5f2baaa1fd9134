// The code encoding: compact forms and links round-trip, misreadable letters are forgiven, anything else is not a code.
import { describe, expect, it } from 'vitest';
import { CODE_KINDS, compactCode, newToken, parseCode, scanLink, TOKEN_ALPHABET } from './label-codes.ts';

describe('label codes', () => {
  it('round-trips every kind through the compact form and the link', () => {
    for (const kind of CODE_KINDS) {
      const token = newToken((n) => crypto.getRandomValues(new Uint8Array(n)));
      expect(token).toMatch(new RegExp(`^[${TOKEN_ALPHABET}]{8}$`));
      expect(parseCode(compactCode(kind, token))).toEqual({ kind, token });
      expect(parseCode(scanLink('https://shop.example.com/', kind, token))).toEqual({ kind, token });
      expect(parseCode(`${scanLink('https://shop.example.com', kind, token)}?from=camera`)).toEqual({
        kind,
        token,
      });
    }
  });

  it('reads a typed code in any case, with O for 0 and I or L for 1', () => {
    expect(parseCode(' fbi7k3m9q2o ')).toEqual({ kind: 'item', token: '7K3M9Q20' });
    expect(parseCode('fbp0l1i2abc')).toEqual({ kind: 'location', token: '01112ABC' });
  });

  it('is not fooled by part numbers, other prefixes or wrong lengths', () => {
    for (const text of [
      'P-100',
      'FBI7K3M9Q2',
      'FBI7K3M9Q2X11',
      'FBZ7K3M9Q2X',
      'XXI7K3M9Q2X',
      'FBIUUUUUUUU',
      '',
      'https://x.example/s/',
    ]) {
      expect(parseCode(text), text).toBeNull();
    }
  });
});
