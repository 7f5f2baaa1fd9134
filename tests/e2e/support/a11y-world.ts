// The accessibility specs' company, made once per worker: an admin, a plain user and a user with two-factor on, a
// location tree, a lot-tracked and a plain item with stock, something lent out, a count running, a label format
// and an item's label code; and the installation's sysadmin signed in. Each test then opens a browser signed in as
// the role it asks for (the storageState fixture), with the cookie banner already answered.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Browser, test as base, expect } from '@playwright/test';
import { E2E_BASE_URL } from './server.ts';
import {
  E2E_SYSADMIN,
  inviteUser,
  logInAs,
  patchLabelConfig,
  signUpCompany,
  type TE2EAccount,
} from './session.ts';
import { totpCode } from './totp.ts';

export type TA11yRole = 'none' | 'admin' | 'user' | 'sysadmin';
type TState = Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;

export interface TA11yWorld {
  states: Record<Exclude<TA11yRole, 'none'>, TState>;
  /** Has two-factor on: logging in as them shows the code step. */
  mfaUser: TE2EAccount;
  lotItemId: string;
  lotId: string;
  plainItemId: string;
  countId: string;
  /** The plain item's label code (FBI…), as its printed label carries it. */
  itemCode: string;
}

const octet = () => Math.floor(Math.random() * 254) + 1;
const visitor = () => ({ 'x-forwarded-for': `198.25.${octet()}.${octet()}` });

async function post(request: APIRequestContext, url: string, data: object) {
  const response = await request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

/** A browser signed in as `account` with the cookie banner answered; its storage state. */
async function signedIn(browser: Browser, account: TE2EAccount): Promise<TState> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: visitor() });
  const page = await context.newPage();
  await logInAs(page, account);
  const state = await withConsent(context);
  await context.close();
  return state;
}

async function withConsent(context: import('@playwright/test').BrowserContext): Promise<TState> {
  const state = await context.storageState();
  return {
    ...state,
    origins: [{ origin: E2E_BASE_URL, localStorage: [{ name: 'cookie-consent', value: 'declined' }] }],
  };
}

async function seedStock(request: APIRequestContext) {
  await patchLabelConfig(request, { allowBorrowing: true });
  const plant = await post(request, '/api/v1/locations', { kind: 'site', code: 'PLANT', name: 'Main plant' });
  const area = await post(request, '/api/v1/locations', {
    kind: 'area',
    parentId: plant.id,
    code: 'A',
    name: 'Assembly',
  });
  await post(request, '/api/v1/locations', {
    kind: 'shelf',
    parentId: area.id,
    code: 'S1',
    name: 'Shelf one',
  });
  const lotItem = await post(request, '/api/v1/items', {
    partNumber: 'P-100',
    name: 'Hex bolt',
    category: 'Hardware',
    unitCost: '0.5',
    reorderPoint: '20',
    lotTracked: true,
  });
  const plainItem = await post(request, '/api/v1/items', {
    partNumber: 'WID-42',
    name: 'Torque wrench',
    unitCost: '2.5',
    lotTracked: false,
  });
  await post(request, '/api/v1/stock/transactions', {
    kind: 'receive',
    idempotencyKey: randomUUID(),
    lines: [
      { itemId: lotItem.id, locationId: area.id, quantity: '10', lotNumber: 'L-7' },
      { itemId: plainItem.id, locationId: plant.id, quantity: '5' },
    ],
  });
  const lots = await (await request.get(`/api/v1/items/${lotItem.id}/lots`)).json();
  await post(request, '/api/v1/borrowings', {
    itemId: plainItem.id,
    locationId: plant.id,
    quantity: '1',
    borrower: { jobReference: 'WO-7' },
    dueOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    idempotencyKey: randomUUID(),
  });
  const count = await post(request, '/api/v1/stock-checks', {
    scope: 'location',
    locationId: area.id,
    title: 'Spring count',
    blind: true,
  });
  await post(request, '/api/v1/label-formats', {
    name: 'Shelf 2 x 1',
    width: '2',
    height: '1',
    unit: 'in',
    symbology: 'qr',
  });
  const formats = await (await request.get('/api/v1/label-formats')).json();
  const print = await request.post('/api/v1/labels/print', {
    data: { formatId: formats.items[0].id, output: 'zpl', targets: [{ kind: 'item', id: plainItem.id }] },
  });
  const itemCode = /FBI[0-9A-Z]{8}/.exec(await print.text())?.[0];
  expect(itemCode, 'the printed label carries an item code').toBeTruthy();
  return {
    lotItemId: lotItem.id as string,
    lotId: lots.items[0].id as string,
    plainItemId: plainItem.id as string,
    countId: count.id as string,
    itemCode: itemCode as string,
  };
}

/** Turns two-factor on for `account` as its authenticator app would (oathtool makes the code). */
async function enrolTwoFactor(browser: Browser, account: TE2EAccount) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: visitor() });
  const page = await context.newPage();
  await logInAs(page, account);
  const { totpUri } = await post(page.request, '/api/v1/auth/two-factor/enable', {
    password: account.password,
  });
  const secret = new URL(totpUri).searchParams.get('secret') ?? '';
  await post(page.request, '/api/v1/auth/two-factor/confirm', { code: totpCode(secret) });
  await context.close();
}

async function makeWorld(browser: Browser): Promise<TA11yWorld> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: visitor() });
  const page = await context.newPage();
  await signUpCompany(page, 'a11y');
  const seeded = await seedStock(page.request);
  const user = await inviteUser(page, 'user', { firstName: 'Ana', lastName: 'Diaz' });
  const mfaUser = await inviteUser(page, 'user', { firstName: 'Mia', lastName: 'Factor' });
  const admin = await withConsent(context);
  await context.close();
  await enrolTwoFactor(browser, mfaUser);
  return {
    states: {
      admin,
      user: await signedIn(browser, user),
      sysadmin: await signedIn(browser, E2E_SYSADMIN),
    },
    mfaUser,
    ...seeded,
  };
}

/**
 * `role` picks who the test's browser is signed in as ('none': signed out, the cookie banner still unanswered);
 * `world` is the worker's company.
 */
export const test = base.extend<{ role: TA11yRole }, { world: TA11yWorld }>({
  role: ['none', { option: true }],
  world: [async ({ browser }, use) => use(await makeWorld(browser)), { scope: 'worker', timeout: 180_000 }],
  storageState: async ({ role, world }, use) => {
    await use(role === 'none' ? undefined : world.states[role]);
  },
  // A client address of its own per test, so the per-address rate limits count tests as different visitors.
  page: async ({ page }, use) => {
    await page.setExtraHTTPHeaders(visitor());
    await use(page);
  },
});

export { expect };

/** The two sizes every screen is checked at: a laptop and a small phone. */
export const SIZES = [
  { name: '1280 px', use: { viewport: { width: 1280, height: 800 } } },
  { name: '360 px', use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } },
] as const;
