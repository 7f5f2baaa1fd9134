import { describe, expect, it } from 'vitest';
import { mfaLabel } from './mfa-label.ts';

describe('mfaLabel', () => {
  it('names each second factor a user has, or says Off', () => {
    expect(mfaLabel({ mfaEnabled: false, hasPasskey: false })).toBe('Off');
    expect(mfaLabel({ mfaEnabled: true, hasPasskey: false })).toBe('Authenticator app');
    expect(mfaLabel({ mfaEnabled: false, hasPasskey: true })).toBe('Passkey');
    expect(mfaLabel({ mfaEnabled: true, hasPasskey: true })).toBe('Authenticator app, passkey');
  });
});
