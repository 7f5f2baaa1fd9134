// The contract test's company: browsers signed in as a user, an admin and a sysadmin (and one signed out), and one
// record of each kind made through the API (site, area, lot-tracked item, stock, borrowing, count, label format,
// another person), so that valid requests carrying real ids get past 404 into the services' rules.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { FACTORY_PASSWORD } from '#server/db/seed/factories.ts';
import { companies, companySettings } from '#server/modules/companies/companies.tables.ts';
import { bootstrapSysadmin } from '#server/modules/users/sysadmin-bootstrap.service.ts';
import type { TIdPool } from './openapi-arbitraries.ts';
import { SESSION_COOKIE, TEST_APP_URL, type TSignInAs, type TTestApp } from './test-app.ts';

/** The CSRF double-submit token every request carries as a cookie (sign-in forms echo it in the body). */
export const CONTRACT_CSRF = 'c0'.repeat(32);

let addressCounter = 0;
/** An address per request: no per-address rate limit counts the test's own requests. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${20 + Math.floor(addressCounter / 65_025)}.${Math.floor(addressCounter / 255) % 255}.${(addressCounter % 255) + 1}`;
}

/**
 * A browser: sends its session cookie, takes a new one when an answer sets one, and notices when an answer ended
 * its session (cookie cleared, or a 401): `renew()` then signs in as a new account of the same role, so no sign-in
 * limit per account counts the test and one operation's sign-out never reaches the next operation.
 */
export class ContractBrowser {
  private cookie: string | null = null;
  private ended = false;
  private accounts = 0;
  constructor(
    private readonly t: TTestApp,
    readonly as: TSignInAs | null,
    /** Makes the account before its first sign-in (else the test factories make it). */
    private readonly create?: (email: string) => Promise<unknown>,
  ) {}

  async signIn(): Promise<void> {
    if (!this.as) return;
    this.accounts += 1;
    const email = this.accounts === 1 ? this.as.email : this.as.email.replace('@', `-${this.accounts}@`);
    await this.create?.(email);
    this.cookie = await this.t.signIn({ ...this.as, email });
    this.ended = false;
  }

  async renew(): Promise<void> {
    if (this.ended) await this.signIn();
  }

  async send(method: string, url: string, body?: unknown): Promise<LightMyRequestResponse> {
    const cookies = [`fb_csrf=${CONTRACT_CSRF}`, ...(this.cookie ? [this.cookie] : [])];
    const response = await this.t.app.inject({
      method: method as 'GET',
      url,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      headers: {
        origin: TEST_APP_URL,
        cookie: cookies.join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      remoteAddress: nextAddress(),
    });
    if (this.cookie) this.followCookies(response);
    return response;
  }

  private followCookies(response: LightMyRequestResponse): void {
    const pair = [response.headers['set-cookie'] ?? []]
      .flat()
      .map((header) => String(header).split(';')[0]!)
      .find((p) => p.startsWith(`${SESSION_COOKIE}=`));
    if (pair && pair.length > SESSION_COOKIE.length + 1) this.cookie = pair;
    else if (pair !== undefined || response.statusCode === 401) {
      this.cookie = null;
      this.ended = true;
    }
  }
}

/** The browsers by role, the ids to use, and how to undo one operation's changes to the company. */
export interface TContractCompany {
  browsers: Record<'signedOut' | 'user' | 'admin' | 'sysadmin', ContractBrowser>;
  ids: TIdPool;
  /** Puts back the plan and configuration and signs in again whoever was signed out. */
  restore(): Promise<void>;
}

const COMPANY = 'Contract Works';

/** Signs everyone in and makes one record of each kind through the admin's session. */
export async function createContractCompany(t: TTestApp): Promise<TContractCompany> {
  const browser = (email: string, role: TSignInAs['role'], create?: (email: string) => Promise<unknown>) =>
    new ContractBrowser(t, { email, role, companyName: COMPANY }, create);
  // A sysadmin is made as `npm run sysadmin` makes one; the others by the test factories, as a company's admin would.
  const bootstrap = (email: string) =>
    bootstrapSysadmin(t.database.db, {
      email,
      firstName: 'Root',
      lastName: 'Ops',
      companyName: COMPANY,
      password: FACTORY_PASSWORD,
      appUrl: t.config.appUrl,
    });
  const browsers = {
    signedOut: new ContractBrowser(t, null),
    user: browser('contract-user@works.example', 'user'),
    admin: browser('contract-admin@works.example', 'admin'),
    sysadmin: browser('contract-root@works.example', 'sysadmin', bootstrap),
  };
  for (const b of Object.values(browsers)) await b.signIn();
  const send = async (method: string, url: string, body?: unknown) => {
    const response = await browsers.admin.send(method, url, body);
    if (response.statusCode >= 300)
      throw new Error(`seeding ${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  const companyId = (await send('GET', '/api/v1/session')).user.companyId as string;
  await send('PATCH', '/api/v1/company/label-config', { allowBorrowing: true, useLotNumbers: true });
  const site = await send('POST', '/api/v1/locations', {
    kind: 'site',
    code: 'CT-SITE',
    name: 'Contract site',
  });
  const area = await send('POST', '/api/v1/locations', {
    kind: 'area',
    code: 'CT-A',
    name: 'Area',
    parentId: site.id,
  });
  const item = await send('POST', '/api/v1/items', {
    partNumber: 'CT-1',
    name: 'Contract widget',
    defaultLocationId: site.id,
    lotTracked: true,
  });
  const receipt = await send('POST', '/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: 'contract-receipt-1',
    lines: [{ itemId: item.id, locationId: site.id, quantity: '50', lotNumber: 'CT-LOT-1', unitCost: '2.5' }],
  });
  const lotId = receipt.lines[0].lotId as string;
  const borrowing = await send('POST', '/api/v1/borrowings', {
    itemId: item.id,
    locationId: site.id,
    lotId,
    quantity: '1',
    borrower: { jobReference: 'J-1' },
    dueOn: '2099-12-31',
    idempotencyKey: 'contract-borrowing-1',
  });
  const count = await send('POST', '/api/v1/stock-checks', { scope: 'location', locationId: site.id });
  const lines = await send('GET', `/api/v1/stock-checks/${count.id}/lines`);
  const format = (await send('GET', '/api/v1/label-formats')).items[0];
  const person = await send('POST', '/api/v1/users', {
    method: 'invite',
    email: 'contract-person@works.example',
    firstName: 'Per',
    lastName: 'Son',
  });

  const db = t.database.db;
  const [plan] = await db.select().from(companies).where(eq(companies.id, companyId));
  const [settings] = await db.select().from(companySettings).where(eq(companySettings.companyId, companyId));
  return {
    browsers,
    ids: {
      company: [companyId],
      location: [site.id, area.id],
      item: [item.id],
      lot: [lotId],
      transaction: [receipt.id],
      borrowing: [borrowing.id],
      count: [count.id],
      countLine: lines.items.map((line: { id: string }) => line.id).slice(0, 1),
      format: [format.id],
      // Another person only: the accounts the test signs in with keep their role and stay active.
      user: [person.id],
      csrfToken: [CONTRACT_CSRF],
    },
    async restore() {
      await db.update(companies).set({ planId: plan!.planId }).where(eq(companies.id, companyId));
      await db.update(companySettings).set(settings!).where(eq(companySettings.companyId, companyId));
      for (const b of Object.values(browsers)) await b.renew();
    },
  };
}
