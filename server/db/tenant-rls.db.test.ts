// The database itself keeps companies apart: with the app's company_id filter skipped (raw SQL, or a repo function
// pointed at another company) inside company B's tenant transaction, nothing of company A's can be read, written,
// changed or deleted. And the catalogue check: every table the request role can touch has row-level security with a
// policy on app_company_id(), and every table with a company_id is either such a table or closed to the role.
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TTestDatabase } from '../../tests/setup/test-database.ts';
import * as analyticsRepo from '../modules/analytics/analytics.repo.ts';
import * as companiesRepo from '../modules/companies/companies.repo.ts';
import { queryRows, type TDb } from './client.ts';
import { sqlStateOf } from './errors.ts';
import { createCompany } from './seed/factories.ts';
import { withTenant } from './tenant.ts';

/** The request role (migration 0001). */
const TENANT_ROLE = 'forgeboard_app';

/**
 * Tables that carry a company_id but are closed to the request role: written and read by the server as the owner
 * (docs/security.md "System tables"). Adding a table here is a decision: it must have no grant to forgeboard_app.
 */
const SYSTEM_TABLES_WITH_COMPANY_ID = ['queue_tasks', 'mail_outbox', 'security_events', 'users'];

/** The tenant tables of today, so the discovery below cannot silently find nothing. */
const KNOWN_TENANT_TABLES = [
  'analytics_events',
  'assemblies',
  'assembly_revisions',
  'assembly_steps',
  'audit_entries',
  'bom_lines',
  'borrowing_returns',
  'borrowings',
  'companies',
  'company_settings',
  'count_lines',
  'count_sessions',
  'items',
  'label_codes',
  'label_formats',
  'labor_rates',
  'locations',
  'lot_genealogy',
  'lots',
  'stock_balances',
  'stock_ledger',
  'stock_transactions',
];

const PRIVILEGES = ['SELECT', 'INSERT', 'UPDATE', 'DELETE'] as const;

let testDb: TTestDatabase;
let db: TDb;
let companyA: string;
let companyB: string;
/** A company without a settings row, so an insert of its settings could only fail on the grant or the policy. */
let companyC: string;

beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.database.db;
  companyA = (await createCompany(db, { name: 'Victim A', labelConfig: { allowBorrowing: true, width: 6 } }))
    .company.id;
  companyB = (await createCompany(db, { name: 'Intruder B' })).company.id;
  companyC = (await createCompany(db, { name: 'Bare C' })).company.id;
  await db.execute(sql`delete from company_settings where company_id = ${companyC}`);
  // Company A's analytics, written as the server writes them: as the owner.
  for (const path of ['/inventory', '/inventory', '/quality']) {
    await analyticsRepo.insertEvent(db, {
      id: uuidv7(),
      companyId: companyA,
      userId: null,
      name: 'page_view',
      path,
      props: {},
    });
  }
});
afterAll(async () => {
  await testDb?.database.close();
  await testDb?.dispose();
});

/** What a statement run in `companyId`'s tenant transaction did: its rows, or the SQLSTATE and message it failed with. */
async function asTenant(
  companyId: string,
  statement: ReturnType<typeof sql>,
): Promise<{ rows: unknown[] } | { code: string; message: string }> {
  try {
    return { rows: await withTenant(db, companyId, (tx) => queryRows(tx, statement)) };
  } catch (error) {
    const messages: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
    return { code: sqlStateOf(error) ?? 'none', message: messages.join(' | ') };
  }
}

/** Company A's rows as the owner sees them (the owner bypasses row-level security). */
async function companyARows() {
  const [row] = await queryRows<{ settings: unknown; events: number; name: string }>(
    db,
    sql`select (select row_to_json(s) from company_settings s where company_id = ${companyA}) as settings,
               (select count(*)::int from analytics_events where company_id = ${companyA}) as events,
               (select name from companies where id = ${companyA}) as name`,
  );
  return row!;
}

describe("inserting a row that carries company A's id, as company B with the app's filter skipped", () => {
  it('refuses company_settings (no INSERT grant: permission denied, 42501)', async () => {
    for (const target of [companyA, companyC]) {
      const result = await asTenant(
        companyB,
        sql`insert into company_settings (company_id, allow_borrowing) values (${target}, true) returning company_id`,
      );
      expect(result).toMatchObject({ code: '42501', message: expect.stringMatching(/permission denied/) });
    }
  });

  it('refuses analytics_events (no INSERT grant: permission denied, 42501)', async () => {
    const result = await asTenant(
      companyB,
      sql`insert into analytics_events (id, company_id, name, path) values (${uuidv7()}, ${companyA}, 'page_view', '/forged') returning id`,
    );
    expect(result).toMatchObject({ code: '42501', message: expect.stringMatching(/permission denied/) });
  });

  it('refuses companies (no INSERT grant: permission denied, 42501)', async () => {
    const result = await asTenant(
      companyB,
      sql`insert into companies (id, name) values (${uuidv7()}, 'Forged Co') returning id`,
    );
    expect(result).toMatchObject({ code: '42501', message: expect.stringMatching(/permission denied/) });
  });

  it("refuses moving B's own settings row to another company (policy WITH CHECK, 42501)", async () => {
    const result = await asTenant(
      companyB,
      sql`update company_settings set company_id = ${companyC} where company_id = ${companyB} returning company_id`,
    );
    expect(result).toMatchObject({
      code: '42501',
      message: expect.stringMatching(/new row violates row-level security policy/),
    });
    const [b] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from company_settings where company_id = ${companyB}`,
    );
    expect(b!.n).toBe(1);
  });

  it('leaves company A exactly as it was', async () => {
    const before = await companyARows();
    expect(before.events).toBe(3);
    expect(before.name).toBe('Victim A');
    expect(before.settings).toMatchObject({ allow_borrowing: true });
    const [c] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from company_settings where company_id = ${companyC}`,
    );
    expect(c!.n).toBe(0);
  });
});

describe("changing or deleting company A's rows by id, as company B with the app's filter skipped", () => {
  /** Each tenant table and the statements that name A's row by its id. */
  const cases = [
    {
      table: 'company_settings',
      select: () => sql`select * from company_settings where company_id = ${companyA}`,
      update: () =>
        sql`update company_settings set allow_borrowing = false, label_width = 1 where company_id = ${companyA} returning company_id`,
      delete: () => sql`delete from company_settings where company_id = ${companyA} returning company_id`,
    },
    {
      table: 'analytics_events',
      select: () => sql`select * from analytics_events where company_id = ${companyA}`,
      update: () =>
        sql`update analytics_events set path = '/tampered' where company_id = ${companyA} returning id`,
      delete: () => sql`delete from analytics_events where company_id = ${companyA} returning id`,
    },
    {
      table: 'companies',
      select: () => sql`select * from companies where id = ${companyA}`,
      update: () => sql`update companies set name = 'Pwned' where id = ${companyA} returning id`,
      delete: () => sql`delete from companies where id = ${companyA} returning id`,
    },
  ];

  it.each(cases)(
    '$table: SELECT finds 0 rows; UPDATE and DELETE affect 0 rows or are refused (42501)',
    async (c) => {
      expect(await asTenant(companyB, c.select())).toEqual({ rows: [] });
      for (const [privilege, statement] of [
        ['UPDATE', c.update()],
        ['DELETE', c.delete()],
      ] as const) {
        const [granted] = await queryRows<{ granted: boolean }>(
          db,
          sql`select has_table_privilege(${TENANT_ROLE}, ${c.table}, ${privilege}) as granted`,
        );
        const result = await asTenant(companyB, statement);
        // Granted: the policy hides A's row, so nothing is touched. Not granted: the database refuses outright.
        if (granted!.granted) expect(result, `${privilege} ${c.table}`).toEqual({ rows: [] });
        else expect(result, `${privilege} ${c.table}`).toMatchObject({ code: '42501' });
      }
      const after = await companyARows();
      expect(after).toMatchObject({ name: 'Victim A', events: 3, settings: { allow_borrowing: true } });
      expect(Number((after.settings as { label_width: string }).label_width)).toBe(6);
    },
  );

  it("finds nothing of A's through the repo functions pointed at A inside B's transaction", async () => {
    const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const seen = await withTenant(db, companyB, async (tx) => ({
      company: await companiesRepo.findCompany(tx, companyA),
      labelConfig: await companiesRepo.findLabelConfig(tx, companyA),
      changed: await companiesRepo.updateLabelConfig(tx, companyA, { allowBorrowing: false }),
      counts: await analyticsRepo.countByName(tx, companyA, since),
      topPaths: await analyticsRepo.topPaths(tx, companyA, since, 10),
    }));
    expect(seen).toEqual({ company: null, labelConfig: null, changed: null, counts: [], topPaths: [] });
    expect((await companyARows()).settings).toMatchObject({ allow_borrowing: true });
    // The owner, the same functions: the rows are there, so the empty answers above are the policies' doing.
    expect(await analyticsRepo.countByName(db, companyA, since)).toEqual([{ name: 'page_view', count: 3 }]);
  });
});

describe('the stock search functions: they read as the owner, yet answer only for the calling company', () => {
  it("finds A's items by part number, lot number and location code for A, and none of them for B", async () => {
    const [itemA, itemB, lotItemA, lot, place] = [uuidv7(), uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    // Written as the owner, as the services would: A has a part, a lot and a location that all say "shared".
    await db.execute(sql`insert into items (id, company_id, part_number, name) values
      (${itemA}, ${companyA}, 'SHARED-1', 'Bracket'), (${itemB}, ${companyB}, 'SHARED-2', 'Bracket'),
      (${lotItemA}, ${companyA}, 'P-9', 'Bolt')`);
    await db.execute(sql`insert into lots (id, company_id, item_id, lot_number)
      values (${lot}, ${companyA}, ${lotItemA}, 'SHARED-LOT')`);
    await db.execute(sql`insert into locations (id, company_id, kind, code, name, path, full_code, depth)
      values (${place}, ${companyA}, 'site', 'SHARED-BAY', 'Bay', ${`/${place}/`}, 'SHARED-BAY', 0)`);
    await db.execute(sql`insert into stock_balances (id, company_id, item_id, location_id, lot_id, quantity)
      values (${uuidv7()}, ${companyA}, ${lotItemA}, ${place}, ${lot}, 5)`);
    const search = (companyId: string) =>
      withTenant(db, companyId, async (tx) => ({
        byText: (
          await queryRows<{ id: string }>(tx, sql`select stock_search_item_ids('%shared%', null, 100) as id`)
        )
          .map((r) => r.id)
          .sort(),
        byLotOrPlace: (
          await queryRows<{ id: string }>(tx, sql`select stock_search_other_item_ids('%shared%', null) as id`)
        ).map((r) => r.id),
      }));
    expect(await search(companyA)).toEqual({ byText: [itemA], byLotOrPlace: [lotItemA] });
    expect(await search(companyB)).toEqual({ byText: [itemB], byLotOrPlace: [] });
  });
});

describe('the catalogue: every table open to the request role is confined to app_company_id()', () => {
  interface TTableRow {
    table: string;
    rls: boolean;
    hasCompanyId: boolean;
    privileges: string[];
  }
  interface TPolicyRow {
    table: string;
    cmd: string;
    roles: string[];
    qual: string | null;
    withCheck: string | null;
  }

  async function tables(on: TDb = db): Promise<TTableRow[]> {
    return queryRows<TTableRow>(
      on,
      sql`select c.relname as "table", c.relrowsecurity as rls,
                 exists (select 1 from pg_attribute a
                         where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped) as "hasCompanyId",
                 array_remove(array[
                   case when has_table_privilege(${TENANT_ROLE}, c.oid, 'SELECT') then 'SELECT' end,
                   case when has_table_privilege(${TENANT_ROLE}, c.oid, 'INSERT') then 'INSERT' end,
                   case when has_table_privilege(${TENANT_ROLE}, c.oid, 'UPDATE') then 'UPDATE' end,
                   case when has_table_privilege(${TENANT_ROLE}, c.oid, 'DELETE') then 'DELETE' end
                 ], null) as privileges
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')
          order by c.relname`,
    );
  }

  async function policies(on: TDb = db): Promise<TPolicyRow[]> {
    const rows = await queryRows<Omit<TPolicyRow, 'roles'> & { roles: string[] | string }>(
      on,
      sql`select tablename as "table", cmd, roles::text[] as roles, qual, with_check as "withCheck"
          from pg_policies where schemaname = 'public'`,
    );
    // pg may hand a text[] back as '{a,b}' on one driver and as an array on the other.
    return rows.map((r) => ({
      ...r,
      roles: Array.isArray(r.roles) ? r.roles : r.roles.replace(/^\{|\}$/g, '').split(','),
    }));
  }

  /** The policies that confine `cmd` on `table` for the request role to app_company_id(). */
  function confining(all: TPolicyRow[], table: string, cmd: string): TPolicyRow[] {
    return all.filter(
      (p) =>
        p.table === table &&
        (p.cmd === cmd || p.cmd === 'ALL') &&
        (p.roles.includes(TENANT_ROLE) || p.roles.includes('public')) &&
        // INSERT policies have only WITH CHECK; the others must filter the rows they see.
        (cmd === 'INSERT' ? p.withCheck : p.qual)?.includes('app_company_id()') === true &&
        // A policy that lets a row be written must check the new row too (UPDATE's default WITH CHECK is its USING).
        (cmd !== 'UPDATE' || p.withCheck === null || p.withCheck.includes('app_company_id()')),
    );
  }

  it('finds the tenant tables of today (the discovery works)', async () => {
    const open = (await tables()).filter((t) => t.privileges.length > 0).map((t) => t.table);
    expect(open).toEqual(expect.arrayContaining(KNOWN_TENANT_TABLES));
  });

  /** Tables open to the request role without row-level security, or with a granted command no policy confines. */
  async function openTableProblems(on: TDb = db): Promise<string[]> {
    const all = await policies(on);
    const problems: string[] = [];
    for (const t of await tables(on)) {
      if (t.privileges.length === 0) continue;
      if (!t.rls)
        problems.push(`${t.table}: open to ${TENANT_ROLE} (${t.privileges}) without row-level security`);
      for (const privilege of t.privileges) {
        if (confining(all, t.table, privilege).length === 0)
          problems.push(
            `${t.table}: ${privilege} granted to ${TENANT_ROLE} with no policy on app_company_id()`,
          );
      }
    }
    return problems;
  }

  /** Tables with a company_id that are neither confined by a policy nor listed system tables closed to the role. */
  async function companyIdProblems(on: TDb = db): Promise<string[]> {
    const all = await policies(on);
    const problems: string[] = [];
    for (const t of await tables(on)) {
      if (!t.hasCompanyId) continue;
      const hasPolicy = confining(all, t.table, 'SELECT').length > 0;
      if (SYSTEM_TABLES_WITH_COMPANY_ID.includes(t.table)) {
        if (t.privileges.length > 0)
          problems.push(`${t.table}: listed as a system table but ${TENANT_ROLE} has ${t.privileges}`);
        if (!t.rls) problems.push(`${t.table}: system table without row-level security as the second lock`);
      } else if (!hasPolicy) {
        problems.push(
          `${t.table}: has company_id but no policy on app_company_id(); add one, or list it in SYSTEM_TABLES_WITH_COMPANY_ID with no grant`,
        );
      }
    }
    return problems;
  }

  it('has row-level security on, and a policy on app_company_id() for every granted command, on every table open to forgeboard_app', async () => {
    expect(await openTableProblems()).toEqual([]);
  });

  it('lets no permissive policy open a tenant table by something other than app_company_id()', async () => {
    const loose = (await policies()).filter(
      (p) =>
        (p.roles.includes(TENANT_ROLE) || p.roles.includes('public')) &&
        !(p.qual ?? p.withCheck ?? '').includes('app_company_id()'),
    );
    expect(loose).toEqual([]);
  });

  it('has, for every table with a company_id, a company policy or no grant at all to forgeboard_app (system tables)', async () => {
    expect(await companyIdProblems()).toEqual([]);
    // Spelled out for the listed system tables: no SELECT (nor any other) privilege for the request role.
    for (const table of SYSTEM_TABLES_WITH_COMPANY_ID) {
      for (const privilege of PRIVILEGES) {
        const [row] = await queryRows<{ granted: boolean }>(
          db,
          sql`select has_table_privilege(${TENANT_ROLE}, ${table}, ${privilege}) as granted`,
        );
        expect(row!.granted, `${privilege} on ${table}`).toBe(false);
      }
    }
  });

  it('catches a new tenant table without row-level security (the checks above can fail)', async () => {
    const rolledBack = new Error('roll back the probe table');
    let found: { open: string[]; companyId: string[] } | null = null;
    await expect(
      db.transaction(async (tx) => {
        const t = tx as unknown as TDb;
        await t.execute(sql`create table zz_unguarded (id uuid primary key, company_id uuid)`);
        await t.execute(sql`grant select, insert on zz_unguarded to forgeboard_app`);
        found = { open: await openTableProblems(t), companyId: await companyIdProblems(t) };
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(found).toEqual({
      open: [
        'zz_unguarded: open to forgeboard_app (SELECT,INSERT) without row-level security',
        'zz_unguarded: SELECT granted to forgeboard_app with no policy on app_company_id()',
        'zz_unguarded: INSERT granted to forgeboard_app with no policy on app_company_id()',
      ],
      companyId: [
        'zz_unguarded: has company_id but no policy on app_company_id(); add one, or list it in SYSTEM_TABLES_WITH_COMPANY_ID with no grant',
      ],
    });
  });

  it('gives the request role no way around the policies: not superuser, not BYPASSRLS, owner of no table', async () => {
    const [role] = await queryRows<{ rolsuper: boolean; rolbypassrls: boolean; owns: number }>(
      db,
      sql`select r.rolsuper, r.rolbypassrls,
                 (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname = 'public' and c.relowner = r.oid) as owns
          from pg_roles r where r.rolname = ${TENANT_ROLE}`,
    );
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false, owns: 0 });
  });
});
