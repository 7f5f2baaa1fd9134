// The limits the accounts flows use: their keys, and docs/security.md stating the same numbers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  accountAddressSubject,
  LONGEST_RATE_LIMIT_WINDOW_MS,
  RATE_LIMITS,
  rateLimitKey,
  type TRateLimitDefinition,
} from './rate-limits.ts';

const duration = (ms: number) => (ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : `${ms / 60_000} min`);

/** The docs row a definition should have. */
function docsRow(d: TRateLimitDefinition): string {
  const subject =
    d.scope === 'ip'
      ? 'address'
      : d.scope === 'account-ip'
        ? 'e-mail>|<address'
        : d.action === 'totp'
          ? 'user id'
          : 'e-mail';
  const block = d.blockMs === undefined ? 'until the window ends' : duration(d.blockMs);
  // A | in a table cell is escaped, code spans included (GitHub's tables).
  const key = `${d.action}:${d.scope}:<${subject}>`.replaceAll('|', '\\|');
  return `| ${d.action} | \`${key}\` | ${d.limit} | ${duration(d.windowMs)} | ${block} |`;
}

describe('RATE_LIMITS', () => {
  it('keys an account by its trimmed, lower-cased e-mail and an address by its client address', () => {
    expect(rateLimitKey(RATE_LIMITS.signInPerAccount, '  Pat@Example.TEST ')).toBe(
      'sign-in:account:pat@example.test',
    );
    expect(rateLimitKey(RATE_LIMITS.signInPerAddress, '203.0.113.9')).toBe('sign-in:ip:203.0.113.9');
    expect(rateLimitKey(RATE_LIMITS.passwordResetPerAddress, '2001:db8::7')).toBe(
      'password-reset:ip:2001:db8:0:0::/64',
    );
  });

  it('keys an account and address pair by both, an address with a | in the e-mail included', () => {
    const pair = (email: string, address: string) =>
      rateLimitKey(RATE_LIMITS.signInPerAccountAddress, accountAddressSubject(email, address));
    expect(pair(' Pat@Example.TEST', '203.0.113.9')).toBe('sign-in:account-ip:pat@example.test|203.0.113.9');
    expect(pair('a|b@example.test', '2001:db8::7')).toBe(
      'sign-in:account-ip:a|b@example.test|2001:db8:0:0::/64',
    );
  });

  it('limits sign-in failures to 5 per 15 minutes per account and address, 20 per address and 100 an hour per account', () => {
    expect(RATE_LIMITS.signInPerAccountAddress).toMatchObject({ limit: 5, windowMs: 15 * 60_000 });
    expect(RATE_LIMITS.signInPerAddress).toMatchObject({ limit: 20, windowMs: 15 * 60_000 });
    expect(RATE_LIMITS.signInPerAccount).toMatchObject({ limit: 100, windowMs: 60 * 60_000 });
    expect(RATE_LIMITS.totpPerAccount).toMatchObject({ limit: 5, windowMs: 5 * 60_000 });
  });

  it('has one window no longer than an hour, so cleanup may drop buckets older than that', () => {
    expect(LONGEST_RATE_LIMIT_WINDOW_MS).toBe(60 * 60_000);
  });

  it('is listed row for row in docs/security.md', () => {
    const docs = readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');
    const section = docs.slice(docs.indexOf('## Rate limits'), docs.indexOf('## Security events'));
    const rows = section.split('\n').filter((line) => /^\| [a-z-]+ \| `/.test(line));
    expect(rows).toEqual(Object.values(RATE_LIMITS).map(docsRow));
  });
});
