// Real accounts for end-to-end tests, made the way people make them: a company signs up and verifies from the
// delivered mail; its admin invites users, who set their password from theirs; the installation's sysadmin is made
// by `npm run sysadmin` before the server starts (playwright.config.ts). Each test uses a company of its own.
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { TLabelConfigPatch } from '../../../common/label-config.ts';
import type { TRole } from '../../../common/roles.ts';
import type { TTimezone } from '../../../common/timezones.ts';
import { linkIn, SMTP_SINK, waitForMail } from './mail.ts';
import { E2E_BASE_URL, E2E_SYSADMIN as SERVER_SYSADMIN } from './server.ts';

/** A person who can log in. */
export interface TE2EAccount {
  email: string;
  password: string;
  role: TRole;
  companyName: string;
  firstName: string;
  lastName: string;
}

/** The password every account made here gets; it passes both password policies of SPEC.md section 5. */
export const E2E_PASSWORD = 'Forge-ahead 42';

/** The installation's sysadmin (made before the e2e server starts). */
export const E2E_SYSADMIN: TE2EAccount = { ...SERVER_SYSADMIN };

/** A company name no other test uses, so that flag changes never leak between tests. */
export function uniqueCompany(prefix = 'E2E'): string {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

/** A client address of its own for each call (the e2e server trusts X-Forwarded-For from 127.0.0.1), so the
 * per-address limits of docs/security.md count tests apart as they would count different visitors. */
function visitor(): Record<string, string> {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return { 'x-forwarded-for': `198.19.${octet()}.${octet()}` };
}

async function expectOk(what: string, response: Awaited<ReturnType<APIRequestContext['post']>>) {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
}

/**
 * Signs up a new company through the API as the sign-up form does, opens the verification link from the delivered
 * mail, and leaves `page` signed in as the company's admin.
 */
export async function signUpCompany(
  page: Page,
  prefix = 'E2E',
  { timezone, smtp = false }: { timezone?: TTimezone; smtp?: boolean } = {},
): Promise<TE2EAccount> {
  const companyName = uniqueCompany(prefix);
  const account: TE2EAccount = {
    email: `admin.${randomBytes(4).toString('hex')}@${prefix.toLowerCase().replace(/\W/g, '')}.e2e.test`,
    password: E2E_PASSWORD,
    role: 'admin',
    companyName,
    firstName: 'Ada',
    lastName: 'Admin',
  };
  const headers = visitor();
  await expectOk(
    'sign-up',
    await page.request.post('/api/v1/auth/sign-up', {
      headers,
      data: {
        email: account.email,
        password: account.password,
        confirmPassword: account.password,
        companyName,
        firstName: account.firstName,
        lastName: account.lastName,
        termsAccepted: true,
        privacyAccepted: true,
        // The company's clock; without one the server takes its default zone, as the form's list would.
        ...(timezone ? { timezone } : {}),
      },
    }),
  );
  // The maintenance server sends over SMTP to the sink; the main one writes its outbox folder.
  const mail = await waitForMail(account.email, /Confirm your e-mail address/, ...(smtp ? [SMTP_SINK] : []));
  const token = new URL(linkIn(mail.text, '/auth/callback?token=')).searchParams.get('token');
  await expectOk(
    'verify-email',
    await page.request.post('/api/v1/auth/verify-email', { headers, data: { token } }),
  );
  return account;
}

/**
 * Sets a password with a mailed link's token in a browser of its own, as the person the mail went to would: the
 * answer signs them in (SPEC.md section 4), and on `page` that session would replace the one already there (an
 * admin's, say). Then that person logs out and the browser is closed, so the session is gone from the server too:
 * tests count a user's sessions ("Signed out of 1 other device") and log the user in where they need them.
 */
async function setPasswordElsewhere(page: Page, token: string | null, password: string): Promise<void> {
  const browser = page.context().browser();
  if (!browser) throw new Error('setting a password elsewhere needs a browser to open another context in');
  const context = await browser.newContext({ baseURL: E2E_BASE_URL });
  try {
    await expectOk(
      'set password',
      await context.request.post('/api/v1/auth/reset-password', {
        headers: visitor(),
        data: { token, password, confirmPassword: password },
      }),
    );
    await expectOk(
      'log out after setting the password',
      await context.request.post('/api/v1/session/sign-out'),
    );
  } finally {
    await context.close();
  }
}

/**
 * As the admin signed in on `page`, invites a user with `role`; the user sets their password from the delivered
 * invitation in a browser of their own. The page stays signed in as the admin; log in as the user with `logInAs`.
 */
export async function inviteUser(
  page: Page,
  role: TRole,
  { firstName = 'Olive', lastName = 'Operator' }: { firstName?: string; lastName?: string } = {},
): Promise<TE2EAccount> {
  const session = await (await page.request.get('/api/v1/session')).json();
  const account: TE2EAccount = {
    email: `${role}.${randomBytes(4).toString('hex')}@invited.e2e.test`,
    password: E2E_PASSWORD,
    role,
    companyName: session.user.company,
    firstName,
    lastName,
  };
  await expectOk(
    'invite',
    await page.request.post('/api/v1/users', {
      headers: visitor(),
      data: { method: 'invite', email: account.email, firstName, lastName, role },
    }),
  );
  const mail = await waitForMail(account.email, /invited you to/);
  const token = new URL(linkIn(mail.text, '/?token=')).searchParams.get('token');
  await setPasswordElsewhere(page, token, account.password);
  return account;
}

/** Logs `page` in as `account` through the API, with the CSRF double submit the login form uses. */
export async function logInAs(page: Page, account: TE2EAccount): Promise<void> {
  const csrf = randomBytes(32).toString('hex');
  await page.context().addCookies([{ name: 'fb_csrf', value: csrf, url: E2E_BASE_URL }]);
  await expectOk(
    `log in as ${account.email}`,
    await page.request.post('/api/v1/auth/sign-in', {
      headers: visitor(),
      data: { email: account.email, password: account.password, csrfToken: csrf },
    }),
  );
}

/** Changes the signed-in admin's company configuration through the API. */
export async function patchLabelConfig(request: APIRequestContext, patch: TLabelConfigPatch): Promise<void> {
  const response = await request.patch('/api/v1/company/label-config', { data: patch });
  if (!response.ok())
    throw new Error(`label-config PATCH failed: ${response.status()} ${await response.text()}`);
}
