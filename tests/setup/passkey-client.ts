// A browser's side of the passkey routes for API tests (decision 089): a cookie jar per browser (the session, the
// WebAuthn challenge cookie, the pending two-factor cookie) and the ceremonies run with the software authenticator.
import { randomBytes, randomInt } from 'node:crypto';
import { CSRF_COOKIE } from '#common/schemas/auth.ts';
import { FACTORY_PASSWORD } from '#server/db/seed/factories.ts';
import { TEST_APP_URL, type TTestApp } from './test-app.ts';
import { SoftwareCredential } from './webauthn-authenticator.ts';

/** The relying party of the test app: its configured URL's host and origin. */
export const TEST_RP = { rpId: new URL(TEST_APP_URL).hostname, origin: new URL(TEST_APP_URL).origin };

/** A new credential for the test app's relying party. */
export const newCredential = () => new SoftwareCredential(TEST_RP.rpId, TEST_RP.origin);

/** One browser: its cookies, its address, and requests as it sends them. */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  readonly ip = `10.249.${randomInt(256)}.${randomInt(1, 255)}`;

  constructor(
    readonly t: TTestApp,
    cookie?: string,
  ) {
    if (cookie) this.keep([cookie]);
  }

  private keep(setCookies: string[]) {
    for (const header of setCookies) {
      const pair = header.split(';')[0]!;
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async send(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
    const response = await this.t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { origin: TEST_APP_URL, cookie: this.cookieHeader() },
      remoteAddress: this.ip,
    });
    this.keep([response.headers['set-cookie'] ?? []].flat() as string[]);
    return response;
  }

  /** Signs in with the factories' password: 200 with the user, or with twoFactorRequired. */
  async signInWithPassword(email: string) {
    const csrf = randomBytes(32).toString('hex');
    this.cookies.set(CSRF_COOKIE, csrf);
    return this.send('POST', '/api/v1/auth/sign-in', { email, password: FACTORY_PASSWORD, csrfToken: csrf });
  }

  /** Registers `credential` under `name` through the routes: the 201's body. */
  async registerPasskey(credential: SoftwareCredential, name: string) {
    const options = await this.send('POST', '/api/v1/auth/passkeys/registration-options', {});
    if (options.statusCode !== 200) throw new Error(`options: ${options.statusCode} ${options.body}`);
    const created = await this.send('POST', '/api/v1/auth/passkeys', {
      name,
      response: credential.register(options.json()),
    });
    if (created.statusCode !== 201) throw new Error(`register: ${created.statusCode} ${created.body}`);
    return created.json() as { id: string; name: string };
  }

  /** Whether the browser's session is signed in (GET /api/v1/session). */
  async sessionState(): Promise<string> {
    return ((await this.send('GET', '/api/v1/session')).json() as { state: string }).state;
  }
}
