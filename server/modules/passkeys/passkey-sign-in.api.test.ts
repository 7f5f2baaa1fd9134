// Signing in with a passkey (/api/v1/auth/passkey/*) and a passkey as the second factor in place of a TOTP code
// (/api/v1/auth/two-factor/passkey*), with real WebAuthn data from the software authenticator — on PGlite and on
// PostgreSQL. A wrong challenge, a wrong origin, a replayed counter, a passkey that did not verify its person and
// another account's passkey are refused, each a security event; an inactive account is refused after the check.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD } from '#server/db/seed/factories.ts';
import { newCredential, TestBrowser } from '../../../tests/setup/passkey-client.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { enrolTwoFactor, requireOathtool } from '../../../tests/setup/two-factor.ts';
import { FLAGS, strangerChallenge } from '../../../tests/setup/webauthn-authenticator.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { users } from '../auth/auth.tables.ts';
import { passkeys } from './passkeys.tables.ts';

let t: TTestApp;
beforeAll(async () => {
  requireOathtool();
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** A person of a company with one registered passkey; `browser` is the browser they registered it in. */
async function personWithPasskey(companyName = 'Passkey Sign-in Co') {
  n += 1;
  const email = `pk-in-${n}-${randomUUID().slice(0, 8)}@example.com`;
  const cookie = await t.signIn({ email, role: 'user', companyName });
  const browser = new TestBrowser(t, cookie);
  const credential = newCredential();
  const passkey = await browser.registerPasskey(credential, 'Laptop');
  return { email, cookie, browser, credential, passkey };
}

const eventsOf = (email: string, type: 'sign_in_succeeded' | 'sign_in_failed' | 'inactive_account_attempt') =>
  t.database.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.email, email), eq(securityEvents.type, type)));

describe('signing in with a passkey', () => {
  it('signs in a fresh browser with the passkey, as two factors, and counts the signature', async () => {
    const { email, credential, passkey } = await personWithPasskey();
    const browser = new TestBrowser(t);
    const options = await browser.send('POST', '/api/v1/auth/passkey/options', {});
    expect(options.statusCode).toBe(200);
    expect(options.json().rpId).toBe('localhost');
    const signedIn = await browser.send('POST', '/api/v1/auth/passkey/sign-in', {
      response: credential.authenticate(options.json()),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(email);
    expect(await browser.sessionState()).toBe('signed-in');
    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(row!.counter).toBe(1);
    const [event] = await eventsOf(email, 'sign_in_succeeded').then((rows) =>
      rows.filter((r) => (r.details as { method?: string }).method === 'passkey'),
    );
    expect(event!.details).toMatchObject({ mfa: true, method: 'passkey', step: 'sign-in' });
  });

  it('refuses a wrong challenge, a wrong origin, a replayed counter and a passkey that did not verify its person', async () => {
    const { email, credential } = await personWithPasskey();
    const browser = new TestBrowser(t);
    const attempt = async (overrides: Parameters<typeof credential.authenticate>[1]) => {
      const options = (await browser.send('POST', '/api/v1/auth/passkey/options', {})).json();
      return browser.send('POST', '/api/v1/auth/passkey/sign-in', {
        response: credential.authenticate(options, overrides),
      });
    };
    const ok = await attempt({ counter: 5 });
    expect(ok.statusCode).toBe(200);
    await browser.send('POST', '/api/v1/session/sign-out');
    for (const overrides of [
      { challenge: strangerChallenge(), counter: 6 },
      { origin: 'https://evil.example', counter: 7 },
      { rpId: 'evil.example', counter: 8 },
      { counter: 5 }, // the same counter again: a cloned authenticator, or a replay
      { flags: FLAGS.userPresent, counter: 9 },
    ]) {
      const refused = await attempt(overrides);
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.headers['set-cookie'] ?? '', JSON.stringify(overrides)).not.toMatch(
        /fb\.session_token=[^;]/,
      );
    }
    expect(await browser.sessionState()).toBe('signed-out');
    const failures = await eventsOf(email, 'sign_in_failed');
    expect(failures.map((e) => (e.details as { refusal: string }).refusal).sort()).toEqual([
      'user_not_verified',
      'verification',
      'verification',
      'verification',
      'verification',
    ]);
    // The same signed answer sent twice: its challenge was spent by the first.
    const options = (await browser.send('POST', '/api/v1/auth/passkey/options', {})).json();
    const answer = credential.authenticate(options);
    expect(
      (await browser.send('POST', '/api/v1/auth/passkey/sign-in', { response: answer })).statusCode,
    ).toBe(200);
    const replay = await browser.send('POST', '/api/v1/auth/passkey/sign-in', { response: answer });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe('This passkey request has expired. Try again.');
  });

  it("shows in its person's list when the passkey last signed them in, and not for a refused attempt", async () => {
    const { browser: owner, credential, passkey } = await personWithPasskey();
    const lastUsed = async () => {
      const list = await owner.send('GET', '/api/v1/auth/passkeys');
      expect(list.statusCode).toBe(200);
      return list.json().items.find((p: { id: string }) => p.id === passkey.id).lastUsedAt as string | null;
    };
    expect(await lastUsed()).toBeNull();
    const elsewhere = new TestBrowser(t);
    const first = (await elsewhere.send('POST', '/api/v1/auth/passkey/options', {})).json();
    const refused = await elsewhere.send('POST', '/api/v1/auth/passkey/sign-in', {
      response: credential.authenticate(first, { origin: 'https://evil.example', counter: 3 }),
    });
    expect(refused.statusCode).toBe(400);
    expect(await lastUsed()).toBeNull();

    const before = Date.now();
    const options = (await elsewhere.send('POST', '/api/v1/auth/passkey/options', {})).json();
    const signedIn = await elsewhere.send('POST', '/api/v1/auth/passkey/sign-in', {
      response: credential.authenticate(options, { counter: 4 }),
    });
    expect(signedIn.statusCode).toBe(200);
    const used = await lastUsed();
    expect(used).not.toBeNull();
    // The database's clock, within a second of this process's.
    expect(Date.parse(used!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(used!)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses an unknown passkey and an inactive account', async () => {
    const stranger = newCredential();
    const browser = new TestBrowser(t);
    const options = (await browser.send('POST', '/api/v1/auth/passkey/options', {})).json();
    const unknown = await browser.send('POST', '/api/v1/auth/passkey/sign-in', {
      response: stranger.authenticate(options),
    });
    expect(unknown.statusCode).toBe(400);

    const { email, credential } = await personWithPasskey();
    await t.database.db.update(users).set({ active: false }).where(eq(users.email, email));
    const again = (await browser.send('POST', '/api/v1/auth/passkey/options', {})).json();
    const inactive = await browser.send('POST', '/api/v1/auth/passkey/sign-in', {
      response: credential.authenticate(again),
    });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().error.code).toBe('ACCOUNT_INACTIVE');
    expect(await eventsOf(email, 'inactive_account_attempt')).toHaveLength(1);
    expect(await browser.sessionState()).toBe('signed-out');
  });

  it('answers 400 naming the field for bad input', async () => {
    const browser = new TestBrowser(t);
    const options = (await browser.send('POST', '/api/v1/auth/passkey/options', {})).json();
    const good = newCredential().authenticate(options);
    for (const { payload, field } of [
      { payload: {}, field: 'response' },
      { payload: { response: { ...good, rawId: '' } }, field: 'response.rawId' },
      {
        payload: { response: { ...good, response: { ...good.response, signature: 'x'.repeat(5000) } } },
        field: 'response.response.signature',
      },
    ]) {
      const answer = await browser.send('POST', '/api/v1/auth/passkey/sign-in', payload);
      expect(answer.statusCode, field).toBe(400);
      expect(Object.keys(answer.json().error.fieldErrors ?? {}), field).toContain(field);
    }
  });
});

describe('a passkey as the second factor', () => {
  it('completes a password sign-in with TOTP on with the same account passkey, and ends the challenge', async () => {
    const { email, cookie, credential, passkey } = await personWithPasskey();
    await enrolTwoFactor(t, cookie, FACTORY_PASSWORD);
    const browser = new TestBrowser(t);
    const password = await browser.signInWithPassword(email);
    expect(password.json()).toMatchObject({ twoFactorRequired: true });
    const options = await browser.send('POST', '/api/v1/auth/two-factor/passkey/options', {});
    expect(options.statusCode).toBe(200);
    const allowed = options.json().options.allowCredentials.map((c: { id: string }) => c.id);
    expect(allowed).toEqual([credential.register({ challenge: 'x' }).id]);
    const done = await browser.send('POST', '/api/v1/auth/two-factor/passkey', {
      response: credential.authenticate(options.json().options),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ email, mfaEnabled: true });
    expect(await browser.sessionState()).toBe('signed-in');
    expect(browser.cookies.has('fb.two_factor')).toBe(false);
    const [used] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, passkey.id));
    expect(used!.lastUsedAt).toBeInstanceOf(Date);
    // The password step cannot be finished a second time, by a code or a passkey.
    const spent = await browser.send('POST', '/api/v1/auth/two-factor/passkey/options', {});
    expect(spent.statusCode).toBe(401);
    const events = await eventsOf(email, 'sign_in_succeeded');
    expect(events.map((e) => e.details)).toContainEqual(
      expect.objectContaining({ method: 'passkey', step: 'second-factor', mfa: true }),
    );
  });

  it("refuses another account's passkey, and offers none to an account without one", async () => {
    const victim = await personWithPasskey();
    await enrolTwoFactor(t, victim.cookie, FACTORY_PASSWORD);
    const attacker = await personWithPasskey('Other Passkey Sign-in Co');
    const browser = new TestBrowser(t);
    await browser.signInWithPassword(victim.email);
    const options = (await browser.send('POST', '/api/v1/auth/two-factor/passkey/options', {})).json()
      .options;
    const refused = await browser.send('POST', '/api/v1/auth/two-factor/passkey', {
      response: attacker.credential.authenticate(options),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toMatch(/not one of this account/);
    expect(await browser.sessionState()).toBe('signed-out');

    n += 1;
    const plain = `pk-none-${n}@example.com`;
    const plainCookie = await t.signIn({ email: plain, role: 'user', companyName: 'Passkey Sign-in Co' });
    await enrolTwoFactor(t, plainCookie, FACTORY_PASSWORD);
    const other = new TestBrowser(t);
    await other.signInWithPassword(plain);
    const none = await other.send('POST', '/api/v1/auth/two-factor/passkey/options', {});
    expect(none.json()).toEqual({ options: null });

    const noChallenge = new TestBrowser(t);
    expect((await noChallenge.send('POST', '/api/v1/auth/two-factor/passkey/options', {})).statusCode).toBe(
      401,
    );
    expect(
      (
        await noChallenge.send('POST', '/api/v1/auth/two-factor/passkey', {
          response: victim.credential.authenticate(options),
        })
      ).statusCode,
    ).toBe(401);
  });
});
