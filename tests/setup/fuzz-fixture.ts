// The fuzz test's company: an admin, a user and a sysadmin signed in as browsers would be, and one of each kind of
// record (site, lot-tracked item, stock, count, borrowing, label format, another person) made through the API, so
// that fuzzed requests carrying real ids reach the services' rules and queries, not only their 404s.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { companies, companySettings } from '#server/modules/companies/companies.tables.ts';
import type { TIdPool } from './fuzz-arbitraries.ts';
import { SESSION_COOKIE, TEST_APP_URL, type TSignInAs, type TTestApp } from './test-app.ts';

/** The CSRF double-submit token every fuzzed request carries as a cookie (and some sign-ins in the body). */
export const FUZZ_CSRF = 'f0'.repeat(32);

/** A request as the fuzz test sends it: the payload already serialised, so malformed JSON can be sent too. */
export interface TFuzzRequest {
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
}

let addressCounter = 0;
/** A client address per request: no rate limit (per address) ever counts the fuzz test's own requests. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${100 + Math.floor(addressCounter / 65_025)}.${Math.floor(addressCounter / 255) % 255}.${(addressCounter % 255) + 1}`;
}

/**
 * A browser: sends its session cookie and takes a new one when an answer sets it. An answer that ends its session
 * (sign-out, "sign out everywhere": the cookie cleared, or a 401) leaves it signed out until `renew()`, which signs
 * in as the company's next account of the same role: each account signs in once, so the sign-in rate limit per
 * account never counts the test, and an operation that ends sessions never takes them from the next operation.
 */
export class FuzzBrowser {
  /** How long requests have taken so far, all browsers together: the fuzz test sizes its runs by it. */
  static readonly timing = { requests: 0, ms: 0 };
  private cookie: string | null = null;
  private ended = false;
  private accounts = 0;
  constructor(
    private readonly t: TTestApp,
    private readonly as: TSignInAs | null,
  ) {}

  async signIn(): Promise<void> {
    if (!this.as) return;
    this.accounts += 1;
    const email = this.accounts === 1 ? this.as.email : this.as.email.replace('@', `-${this.accounts}@`);
    this.cookie = await this.t.signIn({ ...this.as, email });
    this.ended = false;
  }

  /** Signs in again if the last operation ended this browser's session. */
  async renew(): Promise<void> {
    if (this.ended) await this.signIn();
  }

  async send(request: TFuzzRequest): Promise<LightMyRequestResponse> {
    const cookies = [`fb_csrf=${FUZZ_CSRF}`, ...(this.cookie ? [this.cookie] : [])];
    const started = performance.now();
    const response = await this.t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      headers: {
        origin: TEST_APP_URL,
        cookie: cookies.join('; '),
        ...(request.contentType ? { 'content-type': request.contentType } : {}),
      },
      remoteAddress: nextAddress(),
    });
    FuzzBrowser.timing.requests += 1;
    FuzzBrowser.timing.ms += performance.now() - started;
    if (this.cookie) this.followCookies(response);
    return response;
  }

  private followCookies(response: LightMyRequestResponse): void {
    const pair = [response.headers['set-cookie'] ?? []]
      .flat()
      .map((header) => String(header).split(';')[0]!)
      .find((p) => p.startsWith(`${SESSION_COOKIE}=`));
    if (pair && pair.length > SESSION_COOKIE.length + 1) {
      this.cookie = pair;
    } else if (pair !== undefined || response.statusCode === 401) {
      this.cookie = null;
      this.ended = true;
    }
  }
}

/** What the fuzz test works with. */
export interface TFuzzCompany {
  signedOut: FuzzBrowser;
  user: FuzzBrowser;
  admin: FuzzBrowser;
  sysadmin: FuzzBrowser;
  ids: TIdPool;
  /** Puts the company's plan and configuration back as the fixture left them. */
  restore(): Promise<void>;
}

const COMPANY = 'Fuzz Forge';

async function expectCreated(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

/** Signs everyone in and makes one record of each kind through the admin's session. */
export async function createFuzzCompany(t: TTestApp): Promise<TFuzzCompany> {
  const browser = (email: string, role: TSignInAs['role']) =>
    new FuzzBrowser(t, { email, role, companyName: COMPANY });
  const admin = browser('fuzz-admin@forge.example', 'admin');
  const user = browser('fuzz-user@forge.example', 'user');
  const sysadmin = browser('fuzz-root@forge.example', 'sysadmin');
  for (const b of [admin, user, sysadmin]) await b.signIn();
  const post = async (url: string, body: unknown, method = 'POST') =>
    expectCreated(
      await admin.send({ method, url, payload: JSON.stringify(body), contentType: 'application/json' }),
      `${method} ${url}`,
    );
  const get = async (url: string) => expectCreated(await admin.send({ method: 'GET', url }), `GET ${url}`);

  const companyId = (await get('/api/v1/session')).user.companyId as string;
  await post('/api/v1/company/label-config', { allowBorrowing: true, useLotNumbers: true }, 'PATCH');
  const site = await post('/api/v1/locations', { kind: 'site', code: 'FZ-SITE', name: 'Fuzz site' });
  const area = await post('/api/v1/locations', {
    kind: 'area',
    code: 'FZ-A',
    name: 'Area',
    parentId: site.id,
  });
  const item = await post('/api/v1/items', {
    partNumber: 'FZ-1',
    name: 'Fuzz widget',
    defaultLocationId: site.id,
    lotTracked: true,
  });
  const receipt = await post('/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: 'fuzz-receipt-1',
    lines: [{ itemId: item.id, locationId: site.id, quantity: '10', lotNumber: 'FZ-LOT-1', unitCost: '2.5' }],
  });
  const lotId = receipt.lines[0].lotId as string;
  const borrowing = await post('/api/v1/borrowings', {
    itemId: item.id,
    locationId: site.id,
    lotId,
    quantity: '1',
    borrower: { jobReference: 'J-1' },
    dueOn: '2099-12-31',
    idempotencyKey: 'fuzz-borrowing-1',
  });
  const count = await post('/api/v1/stock-checks', { scope: 'location', locationId: site.id });
  const lines = await get(`/api/v1/stock-checks/${count.id}/lines`);
  const format = (await get('/api/v1/label-formats')).items[0];
  const person = await post('/api/v1/users', {
    method: 'invite',
    email: 'fuzz-person@forge.example',
    firstName: 'Per',
    lastName: 'Son',
  });

  const [plan] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
  const [settings] = await t.database.db
    .select()
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId));
  return {
    signedOut: new FuzzBrowser(t, null),
    user,
    admin,
    sysadmin,
    ids: {
      company: [companyId],
      location: [site.id, area.id],
      item: [item.id],
      lot: [lotId],
      transaction: [receipt.id],
      borrowing: [borrowing.id],
      count: [count.id],
      countLine: [lines.items[0].id],
      format: [format.id],
      // Another person only: the accounts the test signs in with stay as they are (role, active), so it can sign in.
      user: [person.id],
      csrfToken: [FUZZ_CSRF],
    },
    async restore() {
      await t.database.db.update(companies).set({ planId: plan!.planId }).where(eq(companies.id, companyId));
      await t.database.db
        .update(companySettings)
        .set(settings!)
        .where(eq(companySettings.companyId, companyId));
    },
  };
}
