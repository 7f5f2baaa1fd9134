// Row-level security under withTenant: a tenant's transaction sees and changes only its own company's rows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TTestDatabase } from '../../tests/setup/test-database.ts';
import { queryRows, type TDb } from './client.ts';
import { createCompany } from './seed/factories.ts';
import { withTenant } from './tenant.ts';

let testDb: TTestDatabase;
let db: TDb;
let companyA: string;
let companyB: string;

beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.database.db;
  companyA = (await createCompany(db, { name: 'Tenant A' })).company.id;
  companyB = (await createCompany(db, { name: 'Tenant B' })).company.id;
});
afterAll(async () => {
  await testDb?.database.close();
  await testDb?.dispose();
});

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe('row-level security', () => {
  it('shows the owner both companies, so the filtering below is the policies’ doing', async () => {
    const rows = await queryRows<{ id: string }>(db, sql`select id from companies`);
    expect(ids(rows)).toEqual([companyA, companyB].sort());
  });

  it("returns only company B's row from a raw select * from companies as B", async () => {
    const rows = await withTenant(db, companyB, (tx) =>
      queryRows<{ id: string; name: string }>(tx, sql`select * from companies`),
    );
    expect(rows.map((r) => [r.id, r.name])).toEqual([[companyB, 'Tenant B']]);
  });

  it("returns only company B's settings from a raw select * from company_settings as B", async () => {
    const rows = await withTenant(db, companyB, (tx) =>
      queryRows<{ company_id: string }>(tx, sql`select * from company_settings`),
    );
    expect(rows.map((r) => r.company_id)).toEqual([companyB]);
  });

  it("changes nothing of company A's when B's transaction updates A's settings by id", async () => {
    const updated = await withTenant(db, companyB, (tx) =>
      queryRows<{ company_id: string }>(
        tx,
        sql`update company_settings set allow_borrowing = true where company_id = ${companyA} returning company_id`,
      ),
    );
    expect(updated).toEqual([]);
    const [a] = await queryRows<{ allow_borrowing: boolean }>(
      db,
      sql`select allow_borrowing from company_settings where company_id = ${companyA}`,
    );
    expect(a?.allow_borrowing).toBe(false);
  });

  it('shows nothing to the request role when no company is set', async () => {
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`set local role forgeboard_app`);
      return queryRows<{ id: string }>(tx as unknown as TDb, sql`select id from companies`);
    });
    expect(rows).toEqual([]);
  });
});

describe('the tenant transaction', () => {
  it('keeps nothing of a transaction that throws, and the next one on the pool starts clean as another tenant', async () => {
    await expect(
      withTenant(db, companyA, async (tx) => {
        await queryRows(tx, sql`update company_settings set allow_borrowing = true returning company_id`);
        throw new Error('half-way');
      }),
    ).rejects.toThrow('half-way');
    const [a] = await queryRows<{ allow_borrowing: boolean }>(
      db,
      sql`select allow_borrowing from company_settings where company_id = ${companyA}`,
    );
    expect(a?.allow_borrowing).toBe(false);
    // Several in a row reuse pooled connections: each one sees its own company only, whoever used it before.
    for (const companyId of [companyB, companyA, companyB]) {
      const rows = await withTenant(db, companyId, (tx) =>
        queryRows<{ id: string }>(tx, sql`select id from companies`),
      );
      expect(ids(rows)).toEqual([companyId]);
    }
  });

  it('refuses to open a transaction inside it (a nested commit would end the tenant transaction early)', async () => {
    await expect(withTenant(db, companyA, (tx) => tx.transaction(async () => 'nested'))).rejects.toThrow(
      'cannot open another transaction',
    );
  });

  it('refuses a company id that is not a uuid before sending anything', async () => {
    await expect(withTenant(db, "x', true); drop table companies; --", async () => 1)).rejects.toThrow();
    const rows = await queryRows<{ id: string }>(db, sql`select id from companies`);
    expect(ids(rows)).toEqual([companyA, companyB].sort());
  });
});
