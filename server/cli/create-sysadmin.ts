// npm run sysadmin -- --email ops@example.com [--first Ada --last Ops --company "Forgeboard Ops"] [--password-stdin]
// Makes the first sysadmin of an installation (or promotes an existing account) on the configured database.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { AppError } from '#common/errors.ts';
import { openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { applyMigrations } from '../db/migrate.ts';
import { ConfigError, loadConfig } from '../env.ts';
import { setPasswordHashCost } from '../modules/auth/password-hash.ts';
import { bootstrapSysadmin } from '../modules/users/sysadmin-bootstrap.service.ts';

const USAGE = `Usage: npm run sysadmin -- --email <address> [--first <name>] [--last <name>] [--company <name>] [--password-stdin]

Promotes the account with that address to sysadmin, or creates it in the company named by --company
(created when missing). Without --password-stdin a set-password link is mailed and printed; with it, the
password is read from standard input (it must pass the strict password policy).
With PGlite (no DATABASE_URL) stop the server first: only one process may open the data folder.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      first: { type: 'string', default: 'System' },
      last: { type: 'string', default: 'Administrator' },
      company: { type: 'string', default: 'Forgeboard Operations' },
      'password-stdin': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.email) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 2;
    return;
  }
  const password = values['password-stdin'] ? readFileSync(0, 'utf8').replace(/\r?\n$/, '') : undefined;
  const config = loadConfig();
  setPasswordHashCost(config.passwordHashCost);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await applyMigrations(database);
    const result = await bootstrapSysadmin(database.db, {
      email: values.email,
      firstName: values.first,
      lastName: values.last,
      companyName: values.company,
      appUrl: config.appUrl,
      ...(password === undefined ? {} : { password }),
    });
    if (result.action === 'promoted') {
      console.log(`${values.email} of "${result.companyName}" is now a sysadmin.`);
    } else if (result.setPasswordLink) {
      console.log(
        `Created sysadmin ${values.email} in "${result.companyName}". A set-password link was mailed:`,
      );
      console.log(result.setPasswordLink);
    } else {
      console.log(`Created sysadmin ${values.email} in "${result.companyName}"; they can log in now.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof AppError) {
    console.error(`No sysadmin was made. ${error.message}`);
  } else {
    console.error('No sysadmin was made:', error);
  }
  process.exitCode = 1;
});
