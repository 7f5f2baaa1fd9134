// The company the API tests (fuzz and contract) aim at: browsers signed in as a user, an admin and a sysadmin (and
// one signed out) through the real sign-in, and one record of each kind made through the API (site, area,
// lot-tracked item with stock, borrowing, count with a line, label format, another person), so that requests
// carrying real ids reach the services' rules and queries, not only their 404s.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { FACTORY_PASSWORD } from '#server/db/seed/factories.ts';
import { companies, companySettings } from '#server/modules/companies/companies.tables.ts';
import { bootstrapSysadmin } from '#server/modules/users/sysadmin-bootstrap.service.ts';
import { seedLaterAreas } from './api-test-company-areas.ts';
import type { TIdPool } from './openapi-arbitraries.ts';
import { SESSION_COOKIE, TEST_APP_URL, type TSignInAs, type TTestApp } from './test-app.ts';

/** A request as the tests send it: the payload already serialised, so the fuzz test can send malformed JSON too. */
export interface TApiRequest {
  method: string;
  url: string;
  payload?: string;
  contentType?: string;
}

/** A request with a JSON body (none when `body` is undefined). */
export function jsonRequest(method: string, url: string, body?: unknown): TApiRequest {
  return body === undefined
    ? { method, url }
    : { method, url, payload: JSON.stringify(body), contentType: 'application/json' };
}

let addressCounter = 0;
/** A client address per request: no rate limit (per address) ever counts the tests' own requests. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${100 + Math.floor(addressCounter / 65_025)}.${Math.floor(addressCounter / 255) % 255}.${(addressCounter % 255) + 1}`;
}

/**
 * A browser: sends its session cookie and the CSRF cookie, and takes a new session cookie when an answer sets one.
 * An answer that ends its session (sign-out, "sign out everywhere": the cookie cleared, or a 401) leaves it signed
 * out until `renew()`, which signs in as the company's next account of the same role: each account signs in once,
 * so the sign-in rate limit per account never counts the test, and an operation that ends sessions never takes
 * them from the next operation.
 */
export class ApiTestBrowser {
  /** How long requests have taken so far, all browsers together: the fuzz test sizes its runs by it. */
  static readonly timing = { requests: 0, ms: 0 };
  private cookie: string | null = null;
  private ended = false;
  private accounts = 0;
  constructor(
    private readonly t: TTestApp,
    private readonly csrf: string,
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

  /** Signs in again if the last operation ended this browser's session. */
  async renew(): Promise<void> {
    if (this.ended) await this.signIn();
  }

  async send(request: TApiRequest): Promise<LightMyRequestResponse> {
    const cookies = [`fb_csrf=${this.csrf}`, ...(this.cookie ? [this.cookie] : [])];
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
    ApiTestBrowser.timing.requests += 1;
    ApiTestBrowser.timing.ms += performance.now() - started;
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

export type TWho = 'signedOut' | 'user' | 'admin' | 'sysadmin';

/** The browsers by role, the ids to use, and how to undo one operation's changes to the company. */
export interface TApiTestCompany {
  browsers: Record<TWho, ApiTestBrowser>;
  ids: TIdPool;
  /** Puts back the plan and configuration and signs in again whoever was signed out. */
  restore(): Promise<void>;
}

/**
 * What tells one test's company from another's. The name says the rest: for "Fuzz Forge" the accounts are
 * fuzz-admin@forge.example (and -user, -root, -person), the records "Fuzz site", "Fuzz widget".
 */
export interface TApiTestCompanyOptions {
  name: string;
  /** Prefix of the records' codes ("FZ-SITE", part number "FZ-1", lot "FZ-LOT-1"). */
  code: string;
  /** The CSRF double-submit token every request carries as a cookie (sign-in forms echo it in the body). */
  csrf: string;
  /** How much stock the receipt brings in (decimal text). */
  stock: string;
  /** Make the sysadmin as `npm run sysadmin` does (else the test factories make it, as for the other roles). */
  bootstrapSysadmin?: boolean;
}

/** Signs everyone in and makes one record of each kind through the admin's session. */
export async function createApiTestCompany(
  t: TTestApp,
  options: TApiTestCompanyOptions,
): Promise<TApiTestCompany> {
  const { name: companyName, code, csrf } = options;
  const [label, place] = companyName.split(' ') as [string, string];
  const key = label.toLowerCase();
  const domain = `${place.toLowerCase()}.example`;
  const browser = (email: string, role: TSignInAs['role'], create?: (email: string) => Promise<unknown>) =>
    new ApiTestBrowser(t, csrf, { email, role, companyName }, create);
  const bootstrap = (email: string) =>
    bootstrapSysadmin(t.database.db, {
      email,
      firstName: 'Root',
      lastName: 'Ops',
      companyName,
      password: FACTORY_PASSWORD,
      appUrl: t.config.appUrl,
    });
  const browsers = {
    signedOut: new ApiTestBrowser(t, csrf, null),
    user: browser(`${key}-user@${domain}`, 'user'),
    admin: browser(`${key}-admin@${domain}`, 'admin'),
    sysadmin: browser(`${key}-root@${domain}`, 'sysadmin', options.bootstrapSysadmin ? bootstrap : undefined),
  };
  for (const b of Object.values(browsers)) await b.signIn();
  const send = async (method: string, url: string, body?: unknown) => {
    const response = await browsers.admin.send(jsonRequest(method, url, body));
    if (response.statusCode >= 300)
      throw new Error(`seeding ${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };

  const companyId = (await send('GET', '/api/v1/session')).user.companyId as string;
  // Maintenance is off by default (SPEC.md); on here, so its routes reach their rules, not only FEATURE_DISABLED.
  await send('PATCH', '/api/v1/company/label-config', {
    allowBorrowing: true,
    useLotNumbers: true,
    enableMaintenanceFeature: true,
  });
  const site = await send('POST', '/api/v1/locations', {
    kind: 'site',
    code: `${code}-SITE`,
    name: `${label} site`,
  });
  const area = await send('POST', '/api/v1/locations', {
    kind: 'area',
    code: `${code}-A`,
    name: 'Area',
    parentId: site.id,
  });
  const item = await send('POST', '/api/v1/items', {
    partNumber: `${code}-1`,
    name: `${label} widget`,
    defaultLocationId: site.id,
    lotTracked: true,
  });
  const receipt = await send('POST', '/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: `${key}-receipt-1`,
    lines: [
      {
        itemId: item.id,
        locationId: site.id,
        quantity: options.stock,
        lotNumber: `${code}-LOT-1`,
        unitCost: '2.5',
      },
    ],
  });
  const lotId = receipt.lines[0].lotId as string;
  const borrowing = await send('POST', '/api/v1/borrowings', {
    itemId: item.id,
    locationId: site.id,
    lotId,
    quantity: '1',
    borrower: { jobReference: 'J-1' },
    dueOn: '2099-12-31',
    idempotencyKey: `${key}-borrowing-1`,
  });
  const count = await send('POST', '/api/v1/stock-checks', { scope: 'location', locationId: site.id });
  const lines = await send('GET', `/api/v1/stock-checks/${count.id}/lines`);
  const format = (await send('GET', '/api/v1/label-formats')).items[0];
  const person = await send('POST', '/api/v1/users', {
    method: 'invite',
    email: `${key}-person@${domain}`,
    firstName: 'Per',
    lastName: 'Son',
  });

  // Build: an assembly of the widget, released, and a work order of it in progress at its first step, so the work
  // order and shop-floor operations reach their rules (decision 049), not only their 404s.
  const product = await send('POST', '/api/v1/items', {
    partNumber: `${code}-ASM`,
    name: `${label} assembly`,
    lotTracked: true,
  });
  const assembly = await send('POST', '/api/v1/assemblies', { itemId: product.id });
  const revision = await send('PUT', `/api/v1/assembly-revisions/${assembly.draftRevisionId}`, {
    lines: [{ componentItemId: item.id, quantity: '1', scrapPercent: '0' }],
    steps: [{ title: 'Fit', instructions: 'Fit the widget', setupMinutes: '0', runMinutes: '1' }],
  });
  await send('POST', `/api/v1/assembly-revisions/${revision.id}/release`);
  const workOrder = await send('POST', '/api/v1/work-orders', {
    assemblyId: assembly.id,
    quantity: '1',
    outputLocationId: site.id,
  });
  await send('POST', `/api/v1/work-orders/${workOrder.id}/status`, { status: 'released' });
  const step = revision.steps[0].id as string;
  await send('POST', `/api/v1/work-orders/${workOrder.id}/steps/${step}/start`);

  // Maintenance (on above): a machine with a monthly plan, whose open occurrence the completion routes can reach.
  const machine = await send('POST', '/api/v1/machines', { name: `${label} press`, assetTag: `${code}-PR` });
  const maintenancePlan = await send('POST', '/api/v1/maintenance/plans', {
    machineId: machine.id,
    title: `${label} lubrication`,
    mode: 'fixed',
    startOn: '2026-01-31',
    calendarEvery: 1,
    calendarUnit: 'month',
  });

  const later = await seedLaterAreas(send, { code, label, machineId: machine.id });

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
      assembly: [assembly.id],
      revision: [revision.id],
      workOrder: [workOrder.id],
      step: [step],
      machine: [machine.id],
      maintenancePlan: [maintenancePlan.id],
      occurrence: [maintenancePlan.open.id],
      job: [later.job],
      breakdown: [later.breakdown],
      supplier: [later.supplier],
      defectCode: [later.defectCode],
      // Another person only: the accounts the tests sign in with keep their role and stay active, so they can sign in.
      user: [person.id],
      csrfToken: [csrf],
    },
    async restore() {
      await db.update(companies).set({ planId: plan!.planId }).where(eq(companies.id, companyId));
      await db.update(companySettings).set(settings!).where(eq(companySettings.companyId, companyId));
      for (const b of Object.values(browsers)) await b.renew();
    },
  };
}
