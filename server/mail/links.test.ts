// Links found in a message's text body.
import { describe, expect, it } from 'vitest';
import { linksIn } from './links.ts';

describe('linksIn', () => {
  it('finds every http and https link with its query intact', () => {
    const text =
      'Verify: https://app.example/verify-email?token=abc.DEF_123&x=1\nOr see http://localhost:3000/help';
    expect(linksIn(text)).toEqual([
      'https://app.example/verify-email?token=abc.DEF_123&x=1',
      'http://localhost:3000/help',
    ]);
  });

  it('leaves out the full stop or bracket that ends a sentence', () => {
    expect(linksIn('Open https://a.example/x. Or (https://b.example/y).')).toEqual([
      'https://a.example/x',
      'https://b.example/y',
    ]);
  });

  it('finds nothing in text without links, nor in other schemes', () => {
    expect(linksIn('Hello, mailto:a@b.example and ftp://files.example')).toEqual([]);
  });
});
