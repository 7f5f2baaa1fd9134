// buildApp(): the whole HTTP application, used by server/main.ts and by the tests through app.inject.
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { fileClock, systemClock, type TClock } from './clock.ts';
import type { TDatabase } from './db/client.ts';
import type { TConfig } from './env.ts';
import { createMailer, type TMailer } from './mail/mailer.ts';
import { analyticsSummaryRoutes } from './modules/analytics/analytics.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics-events.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes, betterAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuth, type TAuth } from './modules/auth/auth.ts';
import { setPasswordHashCost } from './modules/auth/password-hash.ts';
import { twoFactorRoutes } from './modules/auth/two-factor.routes.ts';
import { assembliesRoutes } from './modules/build/assemblies.routes.ts';
import { buildOrdersRoutes } from './modules/build/orders.routes.ts';
import { productionReportRoutes } from './modules/build/production-report.routes.ts';
import { shopFloorRoutes } from './modules/build/shop-floor.routes.ts';
import { workOrdersRoutes } from './modules/build/work-orders.routes.ts';
import { labelConfigRoutes } from './modules/companies/label-config.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { identitiesRoutes } from './modules/identities/identities.routes.ts';
import { borrowingRoutes } from './modules/inventory/borrowing.routes.ts';
import { countRoutes } from './modules/inventory/count.routes.ts';
import { inventorySetupRoutes } from './modules/inventory/inventory-setup.routes.ts';
import { lotsRoutes } from './modules/inventory/lots.routes.ts';
import { stockRoutes } from './modules/inventory/stock.routes.ts';
import { stockListRoutes } from './modules/inventory/stock-list.routes.ts';
import { jobCostRoutes } from './modules/job-cost/job-cost.routes.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { kioskDeviceRoutes } from './modules/kiosks/kiosk-device.routes.ts';
import { kioskAdminRoutes } from './modules/kiosks/kiosks.routes.ts';
import { labelPrintRoutes, labelsRoutes, travellerPrintRoutes } from './modules/labels/labels.routes.ts';
import { breakdownPhotosRoutes } from './modules/maintenance/breakdown-photos.routes.ts';
import { breakdownsRoutes } from './modules/maintenance/breakdowns.routes.ts';
import { calendarRoutes } from './modules/maintenance/calendar.routes.ts';
import { calendarFeedPublicRoutes } from './modules/maintenance/calendar-feed.public.ts';
import { calendarFeedRoutes } from './modules/maintenance/calendar-feed.routes.ts';
import { maintenanceEmailRoutes } from './modules/maintenance/email-settings.routes.ts';
import { maintenanceLogsRoutes } from './modules/maintenance/logs.routes.ts';
import { machinesRoutes } from './modules/maintenance/machines.routes.ts';
import { maintenancePlansRoutes } from './modules/maintenance/plans.routes.ts';
import { startMaintenanceScheduler, type TMaintenanceScheduler } from './modules/maintenance/scheduler.ts';
import { passkeyAccountRoutes, passkeySignInRoutes } from './modules/passkeys/passkeys.routes.ts';
import { qualityDashboardRoutes } from './modules/quality/dashboard.routes.ts';
import { defectCodeRoutes } from './modules/quality/defect-codes.routes.ts';
import { lotHoldRoutes } from './modules/quality/holds.routes.ts';
import { inspectionPhotosRoutes } from './modules/quality/inspection-photos.routes.ts';
import { inspectionRoutes } from './modules/quality/inspections.routes.ts';
import { nonconformanceRoutes } from './modules/quality/nonconformances.routes.ts';
import { inspectionPlanRoutes } from './modules/quality/plans.routes.ts';
import { stepCheckRoutes } from './modules/quality/step-checks.routes.ts';
import { scanRoutes } from './modules/scan/scan.routes.ts';
import { securityDashboardRoutes } from './modules/security-dashboard/security-dashboard.routes.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { ssoAdminRoutes, ssoSystemRoutes } from './modules/sso/sso.routes.ts';
import { subscriptionRoutes } from './modules/subscription/subscription.routes.ts';
import { supplierRoutes } from './modules/suppliers/suppliers.routes.ts';
import { timeRoutes } from './modules/time/time.routes.ts';
import { timeTargetRoutes } from './modules/time/time-targets.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { apiDocsPlugin } from './plugins/api-docs.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { inputGuardPlugin, replyToFrameworkError } from './plugins/input-guard.ts';
import { trackRouteAccess } from './plugins/route-groups.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import { startAppTaskWorker } from './queue/queues.ts';
import type { TTaskWorker } from './queue/worker.ts';
import { APP_VERSION } from './version.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: TConfig;
    database: TDatabase;
    mailer: TMailer;
    /** What "now" is for the shop's calendar (due dates, reminders): server/clock.ts. */
    clock: TClock;
    /** better-auth: routes call `app.auth.api.*` on the server side (decision 015). */
    auth: TAuth;
    /** Starts the background task worker, mail included (once; later calls return the same one). Stopped on close. */
    startTaskWorker(): Promise<TTaskWorker>;
    /** Starts the maintenance reminders' scheduler (once; decision 058). Stopped on close, before the task worker. */
    startMaintenanceScheduler(): TMaintenanceScheduler;
  }
}

export interface TBuildAppOptions {
  config: TConfig;
  /** An open, migrated database; the app closes it when it closes. */
  database: TDatabase;
  sessionSecret: string;
  /** Where the built web app is; defaults to dist/web. Tests of the API alone pass a folder without one. */
  webDistDir?: string;
  /** The mailer; by default SMTP when SMTP_URL is set, else the outbox folder in DATA_DIR. */
  mailer?: TMailer;
  /** The app's clock; by default APP_CLOCK_FILE's when set, else the system's. Tests of services pass a manual one. */
  clock?: TClock;
}

/** A hop count becomes the function form: trust the nearest `hops` proxies, as proxy-addr does. */
function trustProxyOption(
  value: TConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** Builds the Fastify app with every plugin and route; call `listen` or `inject` on the result. */
export async function buildApp(options: TBuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  setPasswordHashCost(config.passwordHashCost);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    frameworkErrors: replyToFrameworkError,
  });
  trackRouteAccess(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const mailer = options.mailer ?? createMailer(config, app.log);
  let taskWorker: Promise<TTaskWorker> | null = null;
  let scheduler: TMaintenanceScheduler | null = null;
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('mailer', mailer);
  app.decorate(
    'clock',
    options.clock ?? (config.appClockFile ? fileClock(config.appClockFile) : systemClock),
  );
  app.decorate(
    'auth',
    createAuth({
      database,
      config,
      sessionSecret: options.sessionSecret,
      log: app.log.child({ module: 'auth' }),
    }),
  );
  // Not started here: main.ts starts it once the server listens; tests that inject requests start it when asked.
  app.decorate('startTaskWorker', () => {
    taskWorker ??= startAppTaskWorker({ config, database, mailer, log: app.log.child({ module: 'queue' }) });
    return taskWorker;
  });
  app.decorate('startMaintenanceScheduler', () => {
    scheduler ??= startMaintenanceScheduler({
      database,
      clock: app.clock,
      appUrl: config.appUrl,
      intervalMs: config.maintenanceScanIntervalMs,
      log: app.log.child({ module: 'maintenance-scheduler' }),
    });
    return scheduler;
  });
  app.addHook('onClose', async () => {
    // A pass in progress commits or rolls back before anything closes under it.
    await scheduler?.stop();
    // In this order: running tasks finish and record their outcome before the mailer and the database close.
    await (await taskWorker?.catch(() => null))?.stop();
    mailer.close();
    await database.close();
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { appUrl: config.appUrl, secure: config.appUrl.startsWith('https:') });
  // Before every route scope, better-auth's too: NUL and lone surrogates refused once for all (decision 035).
  await app.register(inputGuardPlugin);
  // better-auth at /api/auth/* in its own scope (raw bodies); our origin check above runs first.
  await app.register(betterAuthRoutes);
  await app.register(fastifyCookie, { secret: options.sessionSecret });
  await app.register(authPlugin);
  await app.register(apiDocsPlugin, { version: APP_VERSION, appUrl: config.appUrl });

  await app.register(healthRoutes);
  await app.register(sessionRoutes);
  await app.register(authRoutes);
  await app.register(twoFactorRoutes);
  await app.register(passkeySignInRoutes);
  await app.register(passkeyAccountRoutes);
  await app.register(ssoSystemRoutes);
  await app.register(ssoAdminRoutes);
  await app.register(identitiesRoutes);
  await app.register(labelConfigRoutes);
  await app.register(usersRoutes);
  await app.register(auditRoutes);
  await app.register(subscriptionRoutes);
  await app.register(inventorySetupRoutes);
  await app.register(stockRoutes);
  await app.register(countRoutes);
  await app.register(stockListRoutes);
  await app.register(lotsRoutes);
  await app.register(lotHoldRoutes);
  await app.register(inspectionRoutes);
  await app.register(inspectionPhotosRoutes);
  await app.register(nonconformanceRoutes);
  await app.register(defectCodeRoutes);
  await app.register(qualityDashboardRoutes);
  await app.register(inspectionPlanRoutes);
  await app.register(stepCheckRoutes);
  await app.register(supplierRoutes);
  await app.register(scanRoutes);
  await app.register(borrowingRoutes);
  await app.register(assembliesRoutes);
  await app.register(buildOrdersRoutes);
  await app.register(jobsRoutes);
  await app.register(timeRoutes);
  await app.register(kioskAdminRoutes);
  await app.register(kioskDeviceRoutes);
  await app.register(timeTargetRoutes);
  await app.register(filesRoutes);
  await app.register(workOrdersRoutes);
  await app.register(shopFloorRoutes);
  await app.register(productionReportRoutes);
  await app.register(jobCostRoutes);
  await app.register(labelsRoutes);
  await app.register(labelPrintRoutes);
  await app.register(travellerPrintRoutes);
  await app.register(machinesRoutes);
  await app.register(maintenancePlansRoutes);
  await app.register(maintenanceLogsRoutes);
  await app.register(breakdownsRoutes);
  await app.register(breakdownPhotosRoutes);
  await app.register(maintenanceEmailRoutes);
  await app.register(calendarRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(calendarFeedPublicRoutes);
  await app.register(analyticsRoutes);
  await app.register(analyticsSummaryRoutes);
  await app.register(securityDashboardRoutes);
  await app.register(helpRoutes);

  await app.register(webPlugin, options.webDistDir === undefined ? {} : { distDir: options.webDistDir });
  return app as unknown as FastifyInstance;
}
