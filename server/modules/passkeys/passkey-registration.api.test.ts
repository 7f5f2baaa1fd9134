// Registering, listing, renaming and removing passkeys through /api/v1/auth/passkeys with real WebAuthn data from the
// software authenticator (tests/setup/webauthn-authenticator.ts): better-auth's plugin verifies it for real — on
// PGlite and on PostgreSQL. A wrong challenge, origin or RP id, or a passkey that did not verify its person, is
// refused and stores nothing; another person's passkey id is 404; bad input is a 400 naming the field.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCredential, TestBrowser } from '../../../tests/setup/passkey-client.ts';
import { createTestApp, type TTestApp } from '../../../tests/setup/test-app.ts';
import { FLAGS, strangerChallenge } from '../../../tests/setup/webauthn-authenticator.ts';
import { securityEvents } from '../../security/security-events.tables.ts';
import { auditEntries } from '../audit/audit.tables.ts';
import { users } from '../auth/auth.tables.ts';
import { passkeys } from './passkeys.tables.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** A signed-in browser of a new person of `companyName`. */
async function person(companyName = 'Passkey Works') {
  n += 1;
  const email = `pk-reg-${n}-${randomUUID().slice(0, 8)}@example.com`;
  const cookie = await t.signIn({ email, role: 'user', companyName });
  return { email, browser: new TestBrowser(t, cookie) };
}

const userIdOf = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('registering a passkey', () => {
  it('stores a valid registration under its name, lists it, and records the event and the audit entry', async () => {
    const { email, browser } = await person();
    const credential = newCredential();
    const options = await browser.send('POST', '/api/v1/auth/passkeys/registration-options', {});
    expect(options.statusCode).toBe(200);
    const body = options.json();
    expect(body.rp).toEqual({ name: 'Forgeboard', id: 'localhost' });
    expect(body.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const created = await browser.send('POST', '/api/v1/auth/passkeys', {
      name: '  Work laptop ',
      response: credential.register(body),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Work laptop', backedUp: false });
    expect(created.body).not.toContain(credential.register(body).id); // never the credential id

    const [row] = await t.database.db.select().from(passkeys).where(eq(passkeys.id, created.json().id));
    expect(row).toMatchObject({ userId: await userIdOf(email), name: 'Work laptop', counter: 0 });

    const list = await browser.send('GET', '/api/v1/auth/passkeys');
    expect(list.json()).toMatchObject({
      total: 1,
      page: 1,
      items: [{ id: created.json().id, name: 'Work laptop' }],
    });

    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.email, email), eq(securityEvents.type, 'passkey_added')));
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ name: 'Work laptop' });
    const audits = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityLabel, email), eq(auditEntries.action, 'passkey-added')));
    expect(audits).toHaveLength(1);
  });

  it('refuses a registration signed for another challenge, origin or RP id, and one without user verification', async () => {
    const { email, browser } = await person();
    const cases = [
      {
        overrides: { challenge: strangerChallenge() },
        message: 'The passkey could not be added. Try again.',
      },
      {
        overrides: { origin: 'https://evil.example' },
        message: 'The passkey could not be added. Try again.',
      },
      { overrides: { rpId: 'evil.example' }, message: 'The passkey could not be added. Try again.' },
      { overrides: { flags: FLAGS.userPresent }, message: /must check it is you/ },
    ];
    for (const { overrides, message } of cases) {
      const options = (await browser.send('POST', '/api/v1/auth/passkeys/registration-options', {})).json();
      const refused = await browser.send('POST', '/api/v1/auth/passkeys', {
        name: 'Phone',
        response: newCredential().register(options, overrides),
      });
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.json().error.message).toMatch(message);
    }
    expect(
      await t.database.db
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, await userIdOf(email))),
    ).toEqual([]);
  });

  it('refuses a registration whose challenge was used already, or never asked for in this browser', async () => {
    const { browser } = await person();
    const options = (await browser.send('POST', '/api/v1/auth/passkeys/registration-options', {})).json();
    const credential = newCredential();
    const first = await browser.send('POST', '/api/v1/auth/passkeys', {
      name: 'Phone',
      response: credential.register(options),
    });
    expect(first.statusCode).toBe(201);
    const again = await browser.send('POST', '/api/v1/auth/passkeys', {
      name: 'Phone again',
      response: newCredential().register(options),
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This passkey request has expired. Try again.');
  });

  it('answers 400 naming the field for bad input, and 401 signed out', async () => {
    const { browser } = await person();
    const options = (await browser.send('POST', '/api/v1/auth/passkeys/registration-options', {})).json();
    const good = newCredential().register(options);
    const bad = [
      { payload: { name: '   ', response: good }, field: 'name' },
      { payload: { name: 'x'.repeat(61), response: good }, field: 'name' },
      { payload: { name: 'Phone' }, field: 'response' },
      { payload: { name: 'Phone', response: { ...good, id: 'not base64url!' } }, field: 'response.id' },
      { payload: { name: 'Phone', response: { ...good, type: 'password' } }, field: 'response.type' },
      {
        payload: {
          name: 'Phone',
          response: { ...good, response: { ...good.response, attestationObject: '' } },
        },
        field: 'response.response.attestationObject',
      },
    ];
    for (const { payload, field } of bad) {
      const answer = await browser.send('POST', '/api/v1/auth/passkeys', payload);
      expect(answer.statusCode, field).toBe(400);
      expect(Object.keys(answer.json().error.fieldErrors ?? {}), field).toContain(field);
    }
    const list = await browser.send('GET', '/api/v1/auth/passkeys?pageSize=500');
    expect(list.statusCode).toBe(400);
    expect(Object.keys(list.json().error.fieldErrors)).toContain('pageSize');
    const badId = await browser.send('DELETE', '/api/v1/auth/passkeys/not-an-id');
    expect(badId.statusCode).toBe(400);
    expect(Object.keys(badId.json().error.fieldErrors)).toContain('id');

    const signedOut = new TestBrowser(t);
    expect((await signedOut.send('GET', '/api/v1/auth/passkeys')).statusCode).toBe(401);
    expect((await signedOut.send('POST', '/api/v1/auth/passkeys/registration-options', {})).statusCode).toBe(
      401,
    );
  });
});

describe('listing, renaming and removing passkeys', () => {
  it('pages the list on the server, newest first', async () => {
    const { browser } = await person();
    for (const name of ['One', 'Two', 'Three']) await browser.registerPasskey(newCredential(), name);
    const first = (await browser.send('GET', '/api/v1/auth/passkeys?pageSize=2')).json();
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(first.items.map((p: { name: string }) => p.name)).toEqual(['Three', 'Two']);
    const second = (await browser.send('GET', '/api/v1/auth/passkeys?pageSize=2&page=2')).json();
    expect(second.items.map((p: { name: string }) => p.name)).toEqual(['One']);
  });

  it("removes one's own passkey with an event and an audit entry; anyone else's id is 404 and stays", async () => {
    const owner = await person();
    const colleague = await person(); // same company
    const stranger = await person('Other Passkey Co');
    const mine = await owner.browser.registerPasskey(newCredential(), 'Keep me');
    const gone = await owner.browser.registerPasskey(newCredential(), 'Remove me');

    for (const other of [colleague, stranger]) {
      const answer = await other.browser.send('DELETE', `/api/v1/auth/passkeys/${mine.id}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('Keep me');
    }
    expect((await owner.browser.send('DELETE', `/api/v1/auth/passkeys/${randomUUID()}`)).statusCode).toBe(
      404,
    );

    expect((await owner.browser.send('DELETE', `/api/v1/auth/passkeys/${gone.id}`)).statusCode).toBe(204);
    expect((await owner.browser.send('DELETE', `/api/v1/auth/passkeys/${gone.id}`)).statusCode).toBe(404);
    const list = (await owner.browser.send('GET', '/api/v1/auth/passkeys')).json();
    expect(list.items.map((p: { name: string }) => p.name)).toEqual(['Keep me']);
    const events = await t.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.email, owner.email), eq(securityEvents.type, 'passkey_removed')));
    expect(events.map((e) => e.details)).toEqual([expect.objectContaining({ name: 'Remove me' })]);
    const audits = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityLabel, owner.email), eq(auditEntries.action, 'passkey-removed')));
    expect(audits).toHaveLength(1);
    // The others' lists never show it.
    expect((await colleague.browser.send('GET', '/api/v1/auth/passkeys')).json().total).toBe(0);
  });

  it("renames one's own passkey with an audit entry; anyone else's id is 404 and the name stays", async () => {
    const owner = await person();
    const colleague = await person(); // same company
    const stranger = await person('Other Passkey Co');
    const credential = newCredential();
    const passkey = await owner.browser.registerPasskey(credential, 'Phone');
    const nameOf = async () =>
      (
        await t.database.db.select({ name: passkeys.name }).from(passkeys).where(eq(passkeys.id, passkey.id))
      )[0]?.name;

    for (const other of [colleague, stranger]) {
      const answer = await other.browser.send('PATCH', `/api/v1/auth/passkeys/${passkey.id}`, {
        name: 'Taken',
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('Phone');
    }
    expect(await nameOf()).toBe('Phone');

    const bad = [
      { url: `/api/v1/auth/passkeys/${passkey.id}`, payload: { name: '   ' }, field: 'name' },
      { url: `/api/v1/auth/passkeys/${passkey.id}`, payload: { name: 'x'.repeat(61) }, field: 'name' },
      { url: `/api/v1/auth/passkeys/${passkey.id}`, payload: {}, field: 'name' },
      { url: '/api/v1/auth/passkeys/not-an-id', payload: { name: 'Work phone' }, field: 'id' },
    ];
    for (const { url, payload, field } of bad) {
      const answer = await owner.browser.send('PATCH', url, payload);
      expect(answer.statusCode, field).toBe(400);
      expect(Object.keys(answer.json().error.fieldErrors ?? {}), field).toContain(field);
    }
    expect(await nameOf()).toBe('Phone');
    const unknown = await owner.browser.send('PATCH', `/api/v1/auth/passkeys/${randomUUID()}`, { name: 'X' });
    expect(unknown.statusCode).toBe(404);

    const renamed = await owner.browser.send('PATCH', `/api/v1/auth/passkeys/${passkey.id}`, {
      name: '  Work phone ',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: passkey.id, name: 'Work phone' });
    expect(await nameOf()).toBe('Work phone');
    const list = (await owner.browser.send('GET', '/api/v1/auth/passkeys')).json();
    expect(list.items.map((p: { name: string }) => p.name)).toEqual(['Work phone']);
    // The same name again is answered and recorded nowhere: one entry, from Phone to Work phone.
    const again = await owner.browser.send('PATCH', `/api/v1/auth/passkeys/${passkey.id}`, {
      name: 'Work phone',
    });
    expect(again.statusCode).toBe(200);
    const audits = await t.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityLabel, owner.email), eq(auditEntries.action, 'passkey-renamed')));
    expect(audits.map((a) => [a.before, a.after])).toEqual([
      [{ passkey: 'Phone' }, { passkey: 'Work phone' }],
    ]);

    // It still signs in: a rename touches the name only.
    const browser = new TestBrowser(t);
    const options = (await browser.send('POST', '/api/v1/auth/passkey/options', {})).json();
    const signedIn = await browser.send('POST', '/api/v1/auth/passkey/sign-in', {
      response: credential.authenticate(options),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(owner.email);
  });
});
