// npm run db:seed: opens the configured database (as server/main.ts does), migrates it and builds the demo data.
import { ConfigError, loadConfig } from '../../env.ts';
import { openDatabase } from '../client.ts';
import { DataDirLockedError } from '../lock.ts';
import { appliedMigrationCount, applyMigrations, expectedMigrationCount } from '../migrate.ts';
import { DEMO_PASSWORD, DEMO_SIZES, seedDemo, type TDemoSize } from './demo.ts';
import { DEMO_HISTORY_DAYS } from './demo-history.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const target = config.databaseUrl
    ? ({ kind: 'postgres', url: config.databaseUrl } as const)
    : ({ kind: 'pglite', dataDir: config.dataDir } as const);
  console.log(
    `Database: ${target.kind === 'postgres' ? describeUrl(target.url) : `PGlite in ${target.dataDir}`}`,
  );
  const database = await openDatabase(target);
  try {
    const before = await appliedMigrationCount(database);
    await applyMigrations(database);
    const after = await appliedMigrationCount(database);
    console.log(
      after > before
        ? `Applied ${after - before} migration(s); ${after} of ${expectedMigrationCount()} now applied.`
        : `Migrations: all ${after} already applied.`,
    );
    const size = demoSize(process.env.DEMO_SIZE);
    const started = performance.now();
    const report = await seedDemo(database.db, new Date(), { size, appUrl: config.appUrl });
    const { company } = report;
    console.log(
      company.created
        ? `Created company "${company.name}" (${company.id}).`
        : `Company "${company.name}" already exists (${company.id}): left as it is.`,
    );
    console.log(
      report.inventory
        ? `Built the demo shop: ${report.inventory.items} items, ${report.inventory.locations} locations, ${report.inventory.postings} stock postings over the last ${DEMO_HISTORY_DAYS} days.`
        : 'The company already has items: its inventory was left as it is.',
    );
    if (report.stockChecks > 0)
      console.log('Counted stock: the assembly cell counted and posted, the machining cell half counted.');
    console.log(
      report.build
        ? `Built the demo's Build area: ${report.build.assemblies} assemblies, ${report.build.completedHistory} work orders completed over ${DEMO_SIZES[size].weeks} weeks, an order of 3 planned as ${report.build.workOrders} work orders and on the floor, and work orders and orders in every state.`
        : 'The company already has its control box: its Build area was left as it is.',
    );
    console.log(
      report.maintenance
        ? `Built the demo's Maintenance area: ${report.maintenance.machines} machines, ${report.maintenance.plans} PM plans with ${report.maintenance.pmsDone} done, ${report.maintenance.breakdowns} breakdowns (one still open).`
        : 'The company already has machines: its Maintenance area was left as it is.',
    );
    if (report.suppliers > 0)
      console.log(`Added ${report.suppliers} suppliers; purchase-order receipts name them.`);
    if (report.quality.defectCodes > 0) console.log(`Added ${report.quality.defectCodes} defect codes.`);
    if (report.quality.heldLot) {
      const { lotNumber, partNumber } = report.quality.heldLot;
      console.log(`Put lot ${lotNumber} of ${partNumber} on hold (a supplier's notice).`);
    }
    if (report.quality.history) {
      const { plans, inspections, failed, nonconformances } = report.quality.history;
      console.log(
        `Quality: ${plans} inspection plans, ${inspections} inspections finished (${failed} failed), ${nonconformances} nonconformances; this week's heat of bar awaits its receipt inspection.`,
      );
    }
    if (report.jobs)
      console.log(
        `Jobs: ${report.jobs.jobs} (one closed), ${report.jobs.linkedOrders} customer order(s) linked with their work orders, ${report.jobs.issues} stock issue(s) charged to a job.`,
      );
    if (report.time)
      console.log(
        `Time: ${report.time.entries} entries on the jobs over the last weeks, ${report.time.approvedWeeks} week approved.`,
      );
    console.log(`Seeded (${size}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    for (const account of report.accounts) {
      console.log(
        `${account.created ? 'Created' : 'Kept'} ${account.role} ${account.email} (password: ${DEMO_PASSWORD})`,
      );
    }
  } finally {
    await database.close();
  }
}

/** DEMO_SIZE: `full` (the default) or `small` (the end-to-end spec's: fewer weeks of history). */
function demoSize(value: string | undefined): TDemoSize {
  if (value === undefined || value === '') return 'full';
  if (value in DEMO_SIZES) return value as TDemoSize;
  throw new ConfigError(`DEMO_SIZE must be one of ${Object.keys(DEMO_SIZES).join(', ')}; it is "${value}".`);
}

/** The server and database of a URL, without the password. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Seeding failed. ${error.message}`);
  } else {
    console.error('Seeding failed:', error);
  }
  process.exitCode = 1;
});
