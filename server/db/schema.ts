// Every Drizzle table, gathered for the client and for drizzle-kit.
export * from '../modules/companies/companies.tables.ts';
