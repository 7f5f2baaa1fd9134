// What admins see of passkeys (decision 089), on PGlite and PostgreSQL: the users list says who has one (paged on the
// server), and the security dashboard's MFA adoption counts a user with a passkey as using a second factor.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCredential, TestBrowser } from '../../../tests/setup/passkey-client.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('passkeys on the admin screens', () => {
  it('the users list marks who has a passkey, and MFA adoption counts them', async () => {
    const company = `Passkey Admin ${randomUUID().slice(0, 8)}`;
    const admin = new TestBrowser(
      t,
      await t.signIn({ email: `pk-admin-${randomUUID()}@example.com`, role: 'admin', companyName: company }),
    );
    const withKey = `pk-with-${randomUUID().slice(0, 8)}@example.com`;
    const without = `pk-without-${randomUUID().slice(0, 8)}@example.com`;
    const person = new TestBrowser(t, await t.signIn({ email: withKey, role: 'user', companyName: company }));
    await t.signIn({ email: without, role: 'user', companyName: company });
    const sysadmin = new TestBrowser(
      t,
      await t.signIn({
        email: `pk-sys-${randomUUID()}@example.com`,
        role: 'sysadmin',
        companyName: 'Passkey Operators',
      }),
    );
    const adoption = async () =>
      (await sysadmin.send('GET', '/api/v1/security/overview')).json().mfa.usersWithMfa;
    const before = await adoption();

    await person.registerPasskey(newCredential(), 'Phone');

    const page = (await admin.send('GET', '/api/v1/users?pageSize=10')).json();
    const row = (email: string) => page.items.find((u: { email: string }) => u.email === email);
    expect(row(withKey)).toMatchObject({ hasPasskey: true, mfaEnabled: false });
    expect(row(without)).toMatchObject({ hasPasskey: false });
    expect(await adoption()).toBe(before + 1);
    // A second passkey of the same person is still one user with a second factor.
    await person.registerPasskey(newCredential(), 'Laptop');
    expect(await adoption()).toBe(before + 1);
  });
});
