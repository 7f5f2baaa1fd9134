// The password hash: scrypt at N = 2^17, r = 8, p = 1, a self-describing format, and a verify that never throws.
import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_PARAMS, passwordHashParams, verifyPassword } from './password-hash.ts';

describe('hashPassword', () => {
  it('makes scrypt$17$8$1$<16-byte salt>$<64-byte key> (N = 2^17, r = 8, p = 1)', async () => {
    const hash = await hashPassword('Correct horse 1');
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(passwordHashParams(hash)).toEqual({ logN: 17, r: 8, p: 1, saltBytes: 16, keyBytes: 64 });
    expect(PASSWORD_HASH_PARAMS).toEqual({ logN: 17, r: 8, p: 1, saltBytes: 16, keyBytes: 64 });
  });

  it('salts every hash: the same password twice gives two different strings', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });
});

describe('verifyPassword', () => {
  it('accepts the password and refuses any other, including a change of case or a trailing space', async () => {
    const hash = await hashPassword('Tr0ub4dor&3');
    expect(await verifyPassword({ hash, password: 'Tr0ub4dor&3' })).toBe(true);
    expect(await verifyPassword({ hash, password: 'tr0ub4dor&3' })).toBe(false);
    expect(await verifyPassword({ hash, password: 'Tr0ub4dor&3 ' })).toBe(false);
    expect(await verifyPassword({ hash, password: '' })).toBe(false);
  });

  it('treats Unicode compositions of the same text alike (NFKC)', async () => {
    const hash = await hashPassword('Café-2024');
    expect(await verifyPassword({ hash, password: 'Cafe\u0301-2024' })).toBe(true);
  });

  it('verifies a hash made with other parameters by reading them from the string', async () => {
    const hash = await hashPassword('rehash me');
    // Rewrite as if made at N = 2^14: verification must use the stored parameters, so this no longer matches.
    const lowered = hash.replace(/^scrypt\$17\$/, 'scrypt$14$');
    expect(await verifyPassword({ hash: lowered, password: 'rehash me' })).toBe(false);
  });

  it.each([
    ['empty', ''],
    ["better-auth's default hex salt:key", `${'ab'.repeat(16)}:${'cd'.repeat(64)}`],
    ['another scheme', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
    ['missing parts', 'scrypt$17$8$1$c2FsdHNhbHRzYWx0'],
    ['cost out of bounds', `scrypt$40$8$1$${'A'.repeat(22)}==$${'B'.repeat(86)}==`],
    ['not base64', 'scrypt$17$8$1$!!!!$????'],
  ])('answers false, never throws, for a hash it does not know (%s)', async (_name, hash) => {
    await expect(verifyPassword({ hash, password: 'anything' })).resolves.toBe(false);
  });
});
