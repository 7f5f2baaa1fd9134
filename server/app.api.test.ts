// App-wide behaviour: the cross-site write check, JSON 404s and errors, security headers, the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_APP_URL, type TTestApp } from '../tests/setup/test-app.ts';
import { findUserByEmail } from './modules/auth/accounts.repo.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('cross-site requests', () => {
  it('refuses a POST whose Origin is another site with 403, and does nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      headers: { origin: 'https://evil.example' },
      payload: {
        email: 'victim@example.com',
        password: 'Sturdy-Anvil-42',
        confirmPassword: 'Sturdy-Anvil-42',
        companyName: 'Cross Site Co',
        firstName: 'Vic',
        lastName: 'Tim',
        termsAccepted: true,
        privacyAccepted: true,
      },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await findUserByEmail(t.database.db, 'victim@example.com')).toBeNull();
  });

  it("refuses a signed-in admin's PATCH sent from another site, leaving the configuration as it was", async () => {
    const cookie = await t.signIn({ email: 'admin@csrf.example', role: 'admin', companyName: 'Csrf Target' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/company/label-config',
      headers: { cookie, origin: 'http://localhost:3000.evil.example' },
      payload: { enableQualityFeature: false },
    });
    expect(response.statusCode).toBe(403);
    const config = await t.app.inject({
      method: 'GET',
      url: '/api/v1/company/label-config',
      headers: { cookie },
    });
    expect(config.json().enableQualityFeature).toBe(true);
  });

  it('accepts a POST from the app’s own public origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/check-availability',
      headers: { origin: TEST_APP_URL },
      payload: { email: 'owner@example.com', companyName: 'Same Site Co' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ emailExists: false, companyExists: false });
  });
});

describe('unknown API routes and bad requests', () => {
  it.each([
    ['GET', '/api/v1/no-such-thing'],
    ['POST', '/api/v1/no-such-thing'],
    ['GET', '/api/nope?x=1'],
  ] as const)('%s %s answers 404 JSON with code NOT_FOUND', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it.each([
    ['TRACE', '/api/v1/items', 'GET, HEAD, POST'],
    ['DELETE', '/api/v1/company/label-config', 'GET, HEAD, PATCH'],
    ['PUT', '/api/health', 'GET, HEAD'],
  ] as const)('%s %s answers 405 with Allow: %s', async (method, url, allow) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().error.code).toBe('METHOD_NOT_ALLOWED');
  });

  it('answers a malformed JSON body with 400 JSON, not a crash', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dev/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });
});

describe('security headers', () => {
  it('forbids framing and MIME sniffing on API responses', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('OpenAPI document', () => {
  it('lists the health, session and label configuration routes at GET /api/docs/json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/v1/session', '/api/v1/company/label-config']),
    );
    expect(Object.keys(doc.paths['/api/v1/company/label-config'])).toEqual(
      expect.arrayContaining(['get', 'patch']),
    );
  });
});
