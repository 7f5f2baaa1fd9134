// Every Drizzle table, gathered for the client and for drizzle-kit.

export * from '../jobs/jobs.tables.ts';
export * from '../mail/mail.tables.ts';
export * from '../modules/analytics/analytics.tables.ts';
export * from '../modules/audit/audit.tables.ts';
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/build/build.tables.ts';
export * from '../modules/build/orders.tables.ts';
export * from '../modules/build/work-order-runs.tables.ts';
export * from '../modules/build/work-orders.tables.ts';
export * from '../modules/companies/companies.tables.ts';
export * from '../modules/companies/counters.tables.ts';
export * from '../modules/files/files.tables.ts';
export * from '../modules/inventory/borrowing.tables.ts';
export * from '../modules/inventory/count.tables.ts';
export * from '../modules/inventory/inventory.tables.ts';
export * from '../modules/inventory/stock.tables.ts';
export * from '../modules/labels/labels.tables.ts';
export * from '../modules/maintenance/alerts.tables.ts';
export * from '../modules/maintenance/breakdowns.tables.ts';
export * from '../modules/maintenance/machines.tables.ts';
export * from '../modules/maintenance/plans.tables.ts';
export * from '../modules/users/labor-rates.tables.ts';
export * from '../security/rate-limit.tables.ts';
export * from '../security/security-events.tables.ts';
