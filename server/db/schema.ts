// Every Drizzle table, gathered for the client and for drizzle-kit.

export * from '../modules/analytics/analytics.tables.ts';
export * from '../modules/companies/companies.tables.ts';
