// Passkeys in Chromium's virtual authenticator (decision 089): a person adds a passkey from the user menu, renames it
// on a phone, signs out, signs in with it; with TOTP on, the passkey answers the two-factor step; then it is removed. axe at 1280 and 360 px
// on the dialog and the login view. WebAuthn takes no IP address as an RP id, and the e2e servers run on 127.0.0.1:
// this spec starts its own server on a fresh folder with APP_URL http://localhost:<E2E_PORT + 15> (the RP id and
// origin come from it), serving the run's web build, with a person made as an operator makes one (npm run sysadmin).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { E2E_PORT, E2E_WEB_DIST_DIR } from './support/server.ts';
import { totpCode } from './support/totp.ts';

const PORT = E2E_PORT + 15;
const ORIGIN = `http://localhost:${PORT}`;
const PERSON = { email: 'pat.passkey@passkeys.e2e.test', password: 'Passkey-Journey-2026!' };

let server: ChildProcess | undefined;
let dataDir = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(join(tmpdir(), 'forgeboard-passkeys-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    PASSWORD_HASH_COST: '12',
    LOG_LEVEL: 'warn',
  };
  execFileSync(
    'npx',
    [
      'tsx',
      'server/cli/create-sysadmin.ts',
      '--password-stdin',
      '--email',
      PERSON.email,
      '--first',
      'Pat',
      '--last',
      'Key',
      '--company',
      'Passkey Works',
    ],
    { env, input: PERSON.password, stdio: ['pipe', 'ignore', 'inherit'] },
  );
  server = spawn('npx', ['tsx', 'server/main.ts'], {
    env: { ...env, PORT: String(PORT), HOST: '127.0.0.1', APP_URL: ORIGIN, WEB_DIST_DIR: E2E_WEB_DIST_DIR },
    stdio: ['ignore', 'ignore', 'inherit'],
    // Its own process group: npx starts tsx, which starts node; the whole group is ended after the tests.
    detached: true,
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${PORT}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 200_000 },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server?.pid) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Chromium's virtual authenticator: a platform passkey store that verifies its user (as a phone's screen lock). */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}

async function logInWithPassword(page: Page) {
  await page.goto(`${ORIGIN}/?login=true`);
  const login = page.getByRole('form', { name: 'Log in' });
  await login.getByLabel('E-mail').fill(PERSON.email);
  await login.getByLabel(/^Password/).fill(PERSON.password);
  await login.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
}

async function openPasskeys(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Passkeys', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Passkeys' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a person adds a passkey, renames it, signs in with it, uses it as the second factor, and removes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await addVirtualAuthenticator(page);
  await logInWithPassword(page);
  await expect(page).toHaveURL(/\/help$/);

  let dialog = await openPasskeys(page);
  await expect(dialog.getByText('You have no passkeys yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(dialog.getByText('Give the passkey a name')).toBeVisible();
  await dialog.getByLabel('Name for the new passkey').fill('Work laptop');
  await dialog.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(
    dialog.getByRole('list', { name: 'Your passkeys' }).getByText('Work laptop', { exact: true }),
  ).toBeVisible();
  // "Added" is on the company's clock (New York, the default zone of the company made above), not the browser's
  // (UTC here): the dialog opens from the navigation bar, which the company's clock now covers too.
  const row = dialog.getByRole('listitem').filter({ hasText: 'Work laptop' });
  await expect(row.getByText('Not used to sign in yet')).toBeVisible();
  const added = row.locator('time');
  const inZone = (zone: string) =>
    added.evaluate(
      (time, timeZone) =>
        new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
          new Date(time.getAttribute('datetime') ?? ''),
        ),
      zone,
    );
  expect(await inZone('America/New_York')).not.toBe(await inZone('UTC'));
  await expect(added).toHaveText(await inZone('America/New_York'));
  await expectAccessible(page, 'the Passkeys dialog at 1280 px');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // On a phone: the menu's Passkeys button opens the same dialog.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByTestId('mobile-menu').getByRole('button', { name: 'Passkeys', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Passkeys' });
  await expect(dialog.getByText('Work laptop', { exact: true })).toBeVisible();
  await expectAccessible(page, 'the Passkeys dialog at 360 px');
  // Renamed there: the contract's check first, then the new name in the list.
  await dialog.getByRole('button', { name: 'Rename Work laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename passkey' });
  const newName = rename.getByRole('textbox', { name: 'Name', exact: true });
  await expect(newName).toHaveValue('Work laptop');
  await newName.fill(' ');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename.getByText('Give the passkey a name')).toBeVisible();
  await expectAccessible(page, 'the Rename passkey dialog at 360 px');
  await newName.fill('Office laptop');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(rename).toHaveCount(0);
  await expect(page.getByText('“Work laptop” is “Office laptop” now.')).toBeVisible();
  await expect(
    dialog.getByRole('list', { name: 'Your passkeys' }).getByText('Office laptop', { exact: true }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });

  await logOut(page);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${ORIGIN}/?login=true`);
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    await expectAccessible(page, `the login view at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/help$/);
  // The list now says when it last signed the person in.
  dialog = await openPasskeys(page);
  const used = dialog.getByRole('listitem').filter({ hasText: 'Office laptop' });
  await expect(used.getByText(/^Last used /)).toBeVisible();
  await expect(used.getByText('Not used to sign in yet')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // TOTP on: the password step now asks for a second factor, and the passkey answers it.
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Two-factor authentication: off' }).click();
  const twoFactor = page.getByRole('dialog', { name: 'Two-factor authentication' });
  await twoFactor.getByLabel('Password', { exact: true }).fill(PERSON.password);
  await twoFactor.getByRole('button', { name: 'Continue' }).click();
  const secret = (await twoFactor.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await twoFactor.getByLabel('Authentication code').fill(totpCode(secret));
  await twoFactor.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Each log-in now asks for a code from your app.')).toBeVisible();
  await logOut(page);
  await logInWithPassword(page);
  const challenge = page.getByRole('form', { name: 'Two-factor sign-in' });
  await expect(challenge).toBeVisible();
  await challenge.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/help$/);

  dialog = await openPasskeys(page);
  await dialog.getByRole('button', { name: 'Remove Office laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('Passkey removed')).toBeVisible();
  await expect(dialog.getByText('You have no passkeys yet.')).toBeVisible();
});
