// Starts the server: configuration, database and migrations, HTTP; SIGTERM lets requests in flight finish.
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { applyMigrations } from './db/migrate.ts';
import { ConfigError, loadConfig } from './env.ts';
import { outboxFolder } from './mail/mailer.ts';
import { resolveSessionSecret } from './secret.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await applyMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({
    config,
    database,
    sessionSecret: resolveSessionSecret(config.sessionSecret, config.dataDir),
    ...(config.webDistDir === undefined ? {} : { webDistDir: config.webDistDir }),
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await app.close();
    app.log.info('shut down cleanly');
  });

  await app.listen({ host: config.host, port: config.port });
  // Background work (mail included) runs only on a server that is up: after listen, the port names this instance's
  // worker, so a restart takes back its own tasks at once. app.close() stops it before the database closes.
  await app.startTaskWorker();
  // Maintenance reminders (decision 058): every instance runs passes; the notices' keys make each reminder once.
  app.startMaintenanceScheduler();
  if (app.mailer.mode === 'folder') {
    app.log.warn(
      { folder: outboxFolder(config.dataDir) },
      'SMTP_URL is not set: mail is written to the outbox folder and its links are logged, not sent',
    );
  }
  app.log.info(
    { url: config.appUrl, database: database.driver, mail: app.mailer.mode },
    `Forgeboard is running at ${config.appUrl}`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Forgeboard cannot start. ${error.message}`);
  } else {
    console.error('Forgeboard cannot start:', error);
  }
  process.exit(1);
});
