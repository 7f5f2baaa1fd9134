// The input guard's refusals as a client sees them, beside the fuzz test's sweep of every field: object keys, the
// nesting limit, better-auth's raw JSON and form bodies, and well-formed text (emoji, other control characters) left
// alone — on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../../tests/setup/test-app.ts';
import { INPUT_GUARD_MESSAGES, MAX_INPUT_DEPTH } from './input-guard.ts';

let t: TTestApp;
let admin: string;

function send(method: 'GET' | 'POST', url: string, payload?: string, contentType = 'application/json') {
  return t.app.inject({
    method,
    url,
    headers: {
      origin: TEST_APP_URL,
      cookie: admin,
      ...(payload === undefined ? {} : { 'content-type': contentType }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The 400 the guard answers, naming `field`. */
function refusal(field: string, message: string) {
  return {
    error: {
      code: 'VALIDATION',
      message: `Invalid request: ${field}: ${message}`,
      fieldErrors: { [field]: message },
    },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ email: 'gia@guard.example', role: 'admin', companyName: 'Guard Works' });
});
afterAll(async () => {
  await t?.close();
});

describe('the input guard', () => {
  it('names the object whose key holds NUL, and the field whose value holds a lone surrogate', async () => {
    const key = await send(
      'POST',
      '/api/v1/analytics/events',
      '{"name":"page_view","path":"/","props":{"a\\u0000":1}}',
    );
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual(refusal('props', INPUT_GUARD_MESSAGES.nul));

    const value = await send(
      'POST',
      '/api/v1/analytics/events',
      '{"name":"page_view","path":"/","props":{"a":"\\udc00"}}',
    );
    expect(value.json()).toEqual(refusal('props.a', INPUT_GUARD_MESSAGES.surrogate));
  });

  it(`refuses a body nested deeper than ${MAX_INPUT_DEPTH} levels, naming where it got too deep`, async () => {
    const deep = `{"lines":${'['.repeat(MAX_INPUT_DEPTH)}1${']'.repeat(MAX_INPUT_DEPTH)}}`;
    const response = await send('POST', '/api/v1/stock/transactions', deep);
    expect(response.statusCode).toBe(400);
    const field = ['lines', ...Array.from({ length: MAX_INPUT_DEPTH - 1 }, () => '0')].join('.');
    expect(response.json()).toEqual(refusal(field, INPUT_GUARD_MESSAGES.tooDeep));
  });

  it("stands in front of better-auth's raw bodies: JSON by its field, a form by its key", async () => {
    const json = await send('POST', '/api/auth/update-user', '{"name":"Gia","image":"x\\ud800"}');
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual(refusal('image', INPUT_GUARD_MESSAGES.surrogate));

    const form = await send(
      'POST',
      '/api/auth/update-user',
      'name=G%00ia',
      'application/x-www-form-urlencoded',
    );
    expect(form.json()).toEqual(refusal('name', INPUT_GUARD_MESSAGES.nul));

    const query = await send('GET', '/api/auth/get-session?disableRefresh=%00');
    expect(query.json()).toEqual(refusal('disableRefresh', INPUT_GUARD_MESSAGES.nul));
  });

  it('answers a path whose percent-encoding is not UTF-8 (a lone surrogate) in the API error shape', async () => {
    const response = await send('GET', '/api/v1/items/%ED%A0%80');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: INPUT_GUARD_MESSAGES.badUrl } });
  });

  it('answers a path parameter past its length limit with 414 in the API error shape', async () => {
    const response = await send('GET', `/api/v1/items/${'x'.repeat(2000)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: INPUT_GUARD_MESSAGES.longUrl },
    });
  });

  it('lets well-formed text through: emoji (a surrogate pair), other control characters', async () => {
    const site = await send(
      'POST',
      '/api/v1/locations',
      JSON.stringify({ kind: 'site', code: 'S1', name: '📦 Site\u0001' }),
    );
    expect(site.statusCode, site.body).toBe(201);
    expect(site.json()).toMatchObject({ name: '📦 Site\u0001' });
  });
});
