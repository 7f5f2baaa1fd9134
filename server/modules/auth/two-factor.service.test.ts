// The RFC 6238 arithmetic of the replay guard, against the RFC's own test vectors (SHA-1 key "1234567890…").
import { describe, expect, it } from 'vitest';
import { hotp, matchingTotpStep, totpStep } from './two-factor.service.ts';

const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP steps (RFC 6238 appendix B, last six digits)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(hotp(RFC_KEY, totpStep(seconds * 1000))).toBe(code);
  });

  it('finds the step of a code within one step either side, and no other', () => {
    const now = 1111111109 * 1000;
    const step = totpStep(now);
    expect(matchingTotpStep(RFC_KEY, hotp(RFC_KEY, step), now)).toBe(step);
    expect(matchingTotpStep(RFC_KEY, hotp(RFC_KEY, step - 1), now)).toBe(step - 1);
    expect(matchingTotpStep(RFC_KEY, hotp(RFC_KEY, step + 1), now)).toBe(step + 1);
    expect(matchingTotpStep(RFC_KEY, hotp(RFC_KEY, step + 2), now)).toBeNull();
    expect(matchingTotpStep(RFC_KEY, hotp(RFC_KEY, step - 2), now)).toBeNull();
  });
});
