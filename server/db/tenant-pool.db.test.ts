// On PostgreSQL, tenant work runs on connections that log in as the role that owns nothing (decision 032): a query
// that is not inside a tenant transaction — a service that forgot withTenant, a repo called with the wrong handle —
// sees no company's rows and can write none, instead of seeing every company's as the tables' owner would.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TTestDatabase, testDbKind } from '../../tests/setup/test-database.ts';
import { queryRows, type TDb, TENANT_ROLE, tenantPoolConfig } from './client.ts';
import { createCompany, createItems } from './seed/factories.ts';
import { withTenant } from './tenant.ts';

// PGlite is one connection in one process, the owner's: there the tenant transaction's SET LOCAL ROLE is the bound.
describe.runIf(testDbKind() === 'postgres')('the tenant pool (PostgreSQL: PGlite has one connection)', () => {
  let testDb: TTestDatabase;
  let db: TDb;
  let tenantPool: pg.Pool;
  let companyA: string;
  let companyB: string;

  beforeAll(async () => {
    testDb = await openTestDatabase();
    db = testDb.database.db;
    companyA = (await createCompany(db, { name: 'Pool A' })).company.id;
    companyB = (await createCompany(db, { name: 'Pool B' })).company.id;
    await createItems(db, companyA, 3, 'A');
    await createItems(db, companyB, 2, 'B');
    tenantPool = new pg.Pool(tenantPoolConfig(testDb.url!));
  });
  afterAll(async () => {
    await tenantPool?.end();
    await testDb?.database.close();
    await testDb?.dispose();
  });

  const count = async (table: string) =>
    Number((await tenantPool.query(`select count(*)::int as n from ${table}`)).rows[0].n);

  it('logs in as the role that owns nothing', async () => {
    const { rows } = await tenantPool.query('select current_user as who');
    expect(rows[0].who).toBe(TENANT_ROLE);
  });

  it('never compiles queries with JIT (a millisecond query on big tables was paying tens to compile)', async () => {
    const { rows } = await tenantPool.query('show jit');
    expect(rows[0].jit).toBe('off');
    const owner = await queryRows<{ jit: string }>(db, sql`show jit`);
    expect(owner[0]!.jit).toBe('off');
  });

  it('shows no company rows to a query run without the tenant set', async () => {
    expect(await count('items')).toBe(0);
    expect(await count('companies')).toBe(0);
    expect(await count('company_settings')).toBe(0);
    // The owner sees them all: the rows are there.
    const all = await withOwnerCount(db, 'items');
    expect(all).toBe(5);
  });

  it('refuses a write without the tenant set, whatever company id it names', async () => {
    const insert = tenantPool.query(
      `insert into locations (id, company_id, kind, code, name, path) values (gen_random_uuid(), $1, 'site', 'X', 'Sneaky', 'X')`,
      [companyA],
    );
    await expect(insert).rejects.toMatchObject({ code: '42501' }); // row-level security violation
    const update = await tenantPool.query(`update items set name = 'changed'`);
    expect(update.rowCount).toBe(0);
  });

  it('cannot read system tables at all', async () => {
    await expect(count('mail_outbox')).rejects.toMatchObject({ code: '42501' });
    await expect(count('sessions')).rejects.toMatchObject({ code: '42501' });
  });

  it("shows a tenant transaction its own company's rows only", async () => {
    const seen = await withTenant(db, companyB, async (tx) => {
      return (await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from items`))[0]!.n;
    });
    expect(seen).toBe(2);
  });
});

async function withOwnerCount(db: TDb, table: string): Promise<number> {
  return (await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
}
