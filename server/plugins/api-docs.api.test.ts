// The OpenAPI document tells a client how to authenticate the way the server really does it: the session scheme
// names the cookie a sign-in sets (over HTTP and HTTPS), the CSRF scheme names the cookie and body field the sign-in
// checks, and e-mail verification is documented as the POST it is. Each name is read from the document and tried.
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_HASH_PARAMS, type TTestApp } from '../../tests/setup/test-app.ts';
import { createCompany, createUser, FACTORY_PASSWORD } from '../db/seed/factories.ts';
import { CSRF_SCHEME, SESSION_SCHEME } from './api-docs.ts';

interface TScheme {
  type: string;
  in: string;
  name: string;
  'x-body-field'?: string;
}

interface TDocOperation {
  security?: Record<string, string[]>[];
  parameters?: { in: string }[];
  responses?: Record<string, unknown>;
}

interface TDoc {
  components: { securitySchemes: Record<string, TScheme> };
  paths: Record<string, Record<string, TDocOperation>>;
}

/** The name=value pairs of the cookies a response set, by name. */
function cookiesSet(headers: Record<string, unknown>): Map<string, string> {
  const pairs = [headers['set-cookie'] ?? []].flat() as string[];
  return new Map(
    pairs.map((header) => {
      const pair = header.split(';')[0]!;
      const at = pair.indexOf('=');
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

describe.each([
  ['over HTTP', 'http://localhost:3000'],
  ['over HTTPS', 'https://forgeboard.example'],
])('the API document, served %s', (_label, appUrl) => {
  let t: TTestApp;
  let doc: TDoc;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { APP_URL: appUrl } });
    const { company } = await createCompany(t.database.db);
    email = `docs.${randomBytes(4).toString('hex')}@example.test`;
    await createUser(t.database.db, company.id, { email, role: 'admin', hashParams: TEST_HASH_PARAMS });
    const served = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(served.statusCode).toBe(200);
    doc = served.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A sign-in as a browser of this site sends it, with these cookies and body fields besides e-mail and password. */
  function signIn(cookies: Record<string, string>, fields: Record<string, string>) {
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { email, password: FACTORY_PASSWORD, ...fields },
      headers: {
        origin: appUrl,
        cookie: Object.entries(cookies)
          .map(([name, value]) => `${name}=${value}`)
          .join('; '),
      },
      remoteAddress: `10.251.${randomInt(256)}.${randomInt(1, 255)}`,
    });
  }

  const csrfScheme = () => doc.components.securitySchemes[CSRF_SCHEME]!;

  it('names, as the session scheme, the cookie a sign-in sets; that cookie alone is let into a signed-in operation', async () => {
    const csrf = randomBytes(32).toString('hex');
    const scheme = csrfScheme();
    const response = await signIn({ [scheme.name]: csrf }, { [scheme['x-body-field']!]: csrf });
    expect(response.statusCode).toBe(200);

    const session = doc.components.securitySchemes[SESSION_SCHEME]!;
    expect(session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const value = cookiesSet(response.headers).get(session.name);
    expect(value, `sign-in set ${[...cookiesSet(response.headers).keys()].join(', ')}`).toBeTruthy();

    // An operation the document marks with the session scheme: refused without the cookie, answered with it.
    const [path] = Object.entries(doc.paths).find(
      ([p, methods]) =>
        !p.includes('{') &&
        methods.get?.security?.some((s) => SESSION_SCHEME in s) &&
        !(methods.get.parameters ?? []).some((param) => param.in === 'query'),
    )!;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { cookie: `${session.name}=${value}` },
    });
    expect(signedIn.statusCode, path).toBe(200);
  });

  it('names the CSRF cookie and body field the sign-in checks: without either it is refused, with both accepted', async () => {
    const sign = doc.paths['/api/v1/auth/sign-in']!.post!;
    expect(sign.security).toEqual([{ [CSRF_SCHEME]: [] }]);
    const scheme = csrfScheme();
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'cookie' });
    const cookie = scheme.name;
    const field = scheme['x-body-field']!;
    const csrf = randomBytes(32).toString('hex');

    const noCookie = await signIn({}, { [field]: csrf });
    expect(noCookie.statusCode).toBe(403);
    expect(noCookie.json().error.code).toBe('CSRF_INVALID');
    const noField = await signIn({ [cookie]: csrf }, {});
    expect(noField.statusCode).toBe(403);
    expect(noField.json().error.code).toBe('CSRF_INVALID');
    const mismatch = await signIn({ [cookie]: csrf }, { [field]: randomBytes(32).toString('hex') });
    expect(mismatch.statusCode).toBe(403);

    expect((await signIn({ [cookie]: csrf }, { [field]: csrf })).statusCode).toBe(200);
  });

  it('documents e-mail verification as a POST only, and no GET verifies', async () => {
    const operations = doc.paths['/api/v1/auth/verify-email']!;
    expect(Object.keys(operations)).toEqual(['post']);
    expect(operations.post!.responses).toHaveProperty('200');
    const getOurs = await t.app.inject({ method: 'GET', url: '/api/v1/auth/verify-email?token=x' });
    expect(getOurs.statusCode).toBe(405);
    const getBetterAuth = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=x' });
    expect(getBetterAuth.statusCode).toBe(404);
  });
});
