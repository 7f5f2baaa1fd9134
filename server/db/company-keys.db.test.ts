// The company inside the keys (decision 033): every tenant table is keyed by (company_id, id) and every foreign key
// between tenant tables carries company_id, so the database itself refuses a row of company B that names company A's
// record, even written by the owner (foreign-key checks bypass row-level security, and the owner bypasses it anyway).
// Also: the catalogue check that holds every table, today's and a new area's, to that rule; and migration 0033
// applied to a database that already holds data.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TTestDatabase } from '../../tests/setup/test-database.ts';
import { queryRows, type TDatabase, type TDb } from './client.ts';
import { sqlStateOf } from './errors.ts';
import { applyMigrations, MIGRATIONS_FOLDER } from './migrate.ts';

/** Tables with a company_id that are not keyed by it; each is a decision, with its reason. */
const NOT_KEYED_BY_COMPANY: Record<string, string> = {
  users: "better-auth's users are global: sign-in finds a user by e-mail before any company is known",
  mail_outbox: 'a system table: sign-up mail precedes any company',
  security_events: 'a system table: an audit record outlives the company it names',
  queue_tasks: 'a system table: the queue is claimed across companies',
  analytics_events: "company_id may be null: a signed-out visitor's page view has no company",
};

/**
 * Unique indexes of tenant tables that leave company_id out on purpose. A distributed table (docs/scale-out.md) cannot
 * keep them: each would move to a registry table of its own on the coordinator.
 */
const GLOBAL_UNIQUE_INDEXES: Record<string, string> = {
  label_codes_token_key: 'a printed code stands for one thing anywhere (decision 027)',
  maintenance_calendar_feeds_token_key:
    'a calendar app reads its feed with no session: the secret alone finds the feed, then its company (decision 050)',
  sso_providers_provider_id_key:
    "the provider's callback names it alone, before any company is known; it is the row's own id (decision 086)",
  sso_domains_proved_key:
    "a domain is proved for one company at most, so no company routes another's people (decision 086)",
};

/** The tenant tables of today, so the discovery below cannot silently find nothing. */
const KNOWN_KEYED_TABLES = [
  'audit_entries',
  'borrowing_returns',
  'borrowings',
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

/** One record of each kind a company holds, written as raw SQL so it runs on the schema before migration 0033 too. */
interface TCompanyRecords {
  company: string;
  site: string;
  bin: string;
  item: string;
  lot: string;
  transaction: string;
  session: string;
  borrowing: string;
  user: string;
}

async function createCompanyWithRecords(db: TDb, name: string): Promise<TCompanyRecords> {
  const r: TCompanyRecords = {
    company: uuidv7(),
    site: uuidv7(),
    bin: uuidv7(),
    item: uuidv7(),
    lot: uuidv7(),
    transaction: uuidv7(),
    session: uuidv7(),
    borrowing: uuidv7(),
    user: uuidv7(),
  };
  const statements = [
    sql`insert into companies (id, name) values (${r.company}, ${`${name} ${r.company}`})`,
    sql`insert into company_settings (company_id) values (${r.company})`,
    sql`insert into users (id, name, email, first_name, last_name, company_id)
        values (${r.user}, 'Ada Admin', ${`ada-${r.user}@example.com`}, 'Ada', 'Admin', ${r.company})`,
    // In force from the user's creation, as every user's first rate is (migration 0053 adds a 0 rate otherwise).
    sql`insert into labor_rates (id, company_id, user_id, rate, effective_from)
        values (${uuidv7()}, ${r.company}, ${r.user}, 40, (select created_at from users where id = ${r.user}))`,
    sql`insert into audit_entries (id, company_id, actor_name, entity_type, entity_id, entity_label, action)
        values (${uuidv7()}, ${r.company}, 'Ada', 'user', ${r.user}, 'Ada', 'created')`,
    sql`insert into locations (id, company_id, kind, code, name, path, full_code, depth)
        values (${r.site}, ${r.company}, 'site', 'MAIN', 'Main', ${`/${r.site}/`}, 'MAIN', 0)`,
    sql`insert into locations (id, company_id, parent_id, kind, code, name, path, full_code, depth)
        values (${r.bin}, ${r.company}, ${r.site}, 'bin', 'B1', 'Bin 1', ${`/${r.site}/${r.bin}/`}, 'MAIN / B1', 1)`,
    sql`insert into items (id, company_id, part_number, name, default_location_id, lot_tracked, on_hand)
        values (${r.item}, ${r.company}, 'P-1', 'Bracket', ${r.bin}, true, 5)`,
    sql`insert into lots (id, company_id, item_id, lot_number) values (${r.lot}, ${r.company}, ${r.item}, 'L-1')`,
    sql`insert into lots (id, company_id, item_id, lot_number) values (${uuidv7()}, ${r.company}, ${r.item}, 'L-0')`,
    sql`insert into stock_transactions (id, company_id, kind, idempotency_key, posted_by_name)
        values (${r.transaction}, ${r.company}, 'receive', ${uuidv7()}, 'Ada')`,
    sql`insert into stock_balances (id, company_id, item_id, location_id, lot_id, quantity)
        values (${uuidv7()}, ${r.company}, ${r.item}, ${r.bin}, ${r.lot}, 5)`,
    sql`insert into stock_ledger (id, company_id, transaction_id, line_no, item_id, location_id, lot_id,
                                  quantity_delta, unit_cost, balance_after)
        values (${uuidv7()}, ${r.company}, ${r.transaction}, 1, ${r.item}, ${r.bin}, ${r.lot}, 5, 1.5, 5)`,
    sql`insert into lot_genealogy (id, company_id, parent_lot_id, child_lot_id, quantity, transaction_id)
        select ${uuidv7()}, ${r.company}, ${r.lot}, l.id, 1, ${r.transaction}
          from lots l where l.company_id = ${r.company} and l.lot_number = 'L-0'`,
    sql`insert into count_sessions (id, company_id, number, scope, location_id, started_by_name, transaction_id)
        values (${r.session}, ${r.company}, 1, 'location', ${r.site}, 'Ada', ${r.transaction})`,
    sql`insert into count_lines (id, company_id, session_id, item_id, location_id, lot_id, expected_quantity)
        values (${uuidv7()}, ${r.company}, ${r.session}, ${r.item}, ${r.bin}, ${r.lot}, 5)`,
    sql`insert into borrowings (id, company_id, item_id, location_id, lot_id, quantity, due_on, borrowed_by_name,
                                transaction_id)
        values (${r.borrowing}, ${r.company}, ${r.item}, ${r.bin}, ${r.lot}, 1, '2030-01-01', 'Ada', ${r.transaction})`,
    sql`insert into borrowing_returns (id, company_id, borrowing_id, location_id, quantity, returned_by_name,
                                       transaction_id)
        values (${uuidv7()}, ${r.company}, ${r.borrowing}, ${r.bin}, 1, 'Ada', ${r.transaction})`,
    sql`insert into label_codes (token, company_id, kind, entity_id)
        values (${`T${r.item.slice(-7)}`}, ${r.company}, 'item', ${r.item})`,
    sql`insert into label_formats (id, company_id, name, width, height, unit, symbology)
        values (${uuidv7()}, ${r.company}, 'Bin label', 4, 1, 'in', 'qr')`,
  ];
  for (const statement of statements) await db.execute(statement);
  return r;
}

/** The SQLSTATE and message a statement failed with, or 'ok'. */
async function outcome(
  db: TDb,
  statement: ReturnType<typeof sql>,
): Promise<'ok' | { code: string; message: string }> {
  try {
    // A savepoint of its own, so a refused statement leaves nothing behind and the next one starts clean.
    await db.transaction(async (tx) => {
      await tx.execute(statement);
    });
    return 'ok';
  } catch (error) {
    const messages: string[] = [];
    for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
    return { code: sqlStateOf(error) ?? 'none', message: messages.join(' | ') };
  }
}

let testDb: TTestDatabase;
let db: TDb;

beforeAll(async () => {
  testDb = await openTestDatabase();
  db = testDb.database.db;
});
afterAll(async () => {
  await testDb?.database.close();
  await testDb?.dispose();
});

describe("a row of company B that names company A's record, written as the owner", () => {
  let a: TCompanyRecords;
  let b: TCompanyRecords;
  beforeAll(async () => {
    a = await createCompanyWithRecords(db, 'Victim A');
    b = await createCompanyWithRecords(db, 'Intruder B');
  });

  /** Each case: the statement with B's own record (accepted) and with A's (refused by the named foreign key). */
  const cases: Array<{
    name: string;
    constraint: string;
    statement: (target: TCompanyRecords) => ReturnType<typeof sql>;
  }> = [
    {
      name: "a stock balance of B on A's item",
      constraint: 'stock_balances_item_id_fk',
      statement: (t) => sql`insert into stock_balances (id, company_id, item_id, location_id, quantity)
          values (${uuidv7()}, ${b.company}, ${t.item}, ${b.site}, 1)`,
    },
    {
      name: "a ledger line of B naming A's item",
      constraint: 'stock_ledger_item_id_fk',
      statement: (
        t,
      ) => sql`insert into stock_ledger (id, company_id, transaction_id, line_no, item_id, location_id,
                                              quantity_delta, unit_cost, balance_after)
          values (${uuidv7()}, ${b.company}, ${b.transaction}, 2, ${t.item}, ${b.bin}, 1, 1, 1)`,
    },
    {
      name: "a ledger line of B in A's transaction",
      constraint: 'stock_ledger_transaction_id_fk',
      statement: (
        t,
      ) => sql`insert into stock_ledger (id, company_id, transaction_id, line_no, item_id, location_id,
                                              quantity_delta, unit_cost, balance_after)
          values (${uuidv7()}, ${b.company}, ${t.transaction}, 3, ${b.item}, ${b.bin}, 1, 1, 1)`,
    },
    {
      name: "a location of B whose parent is A's location",
      constraint: 'locations_parent_id_fk',
      statement: (
        t,
      ) => sql`insert into locations (id, company_id, parent_id, kind, code, name, path, full_code, depth)
          values (${uuidv7()}, ${b.company}, ${t.site}, 'bin', ${`X-${uuidv7()}`}, 'Bin', '/x/', 'X', 1)`,
    },
    {
      name: "a lot of B of A's item",
      constraint: 'lots_item_id_fk',
      statement: (t) => sql`insert into lots (id, company_id, item_id, lot_number)
          values (${uuidv7()}, ${b.company}, ${t.item}, ${`L-${uuidv7()}`})`,
    },
    {
      name: "an item of B whose default location is A's",
      constraint: 'items_default_location_id_fk',
      statement: (t) => sql`insert into items (id, company_id, part_number, name, default_location_id)
          values (${uuidv7()}, ${b.company}, ${`P-${uuidv7()}`}, 'Bolt', ${t.bin})`,
    },
    {
      name: "a count line of B in A's count session",
      constraint: 'count_lines_session_id_fk',
      statement: (
        t,
      ) => sql`insert into count_lines (id, company_id, session_id, item_id, location_id, expected_quantity)
          values (${uuidv7()}, ${b.company}, ${t.session}, ${b.item}, ${b.site}, 0)`,
    },
    {
      name: "a borrowing of B of A's lot",
      constraint: 'borrowings_lot_id_fk',
      statement: (
        t,
      ) => sql`insert into borrowings (id, company_id, item_id, location_id, lot_id, quantity, due_on,
                                            borrowed_by_name, transaction_id)
          values (${uuidv7()}, ${b.company}, ${b.item}, ${b.bin}, ${t.lot}, 1, '2030-01-01', 'Bo', ${b.transaction})`,
    },
    {
      name: "a genealogy row of B whose parent lot is A's",
      constraint: 'lot_genealogy_parent_lot_id_fk',
      statement: (t) => sql`insert into lot_genealogy (id, company_id, parent_lot_id, child_lot_id, quantity,
                                               transaction_id)
          select ${uuidv7()}, ${b.company}, ${t.lot}, l.id, 1, ${b.transaction}
            from lots l where l.company_id = ${b.company} and l.lot_number = 'L-0'`,
    },
  ];

  it.each(cases)(
    'refuses $name (23503, $constraint); the same row naming B’s own record is accepted',
    async (c) => {
      const refused = await outcome(db, c.statement(a));
      expect(refused).toMatchObject({ code: '23503', message: expect.stringContaining(c.constraint) });
      expect(await outcome(db, c.statement(b))).toBe('ok');
    },
  );

  it("refuses moving B's balance over to A's item by an update", async () => {
    const result = await outcome(
      db,
      sql`update stock_balances set item_id = ${a.item} where company_id = ${b.company} and item_id = ${b.item}`,
    );
    expect(result).toMatchObject({
      code: '23503',
      message: expect.stringContaining('stock_balances_item_id_fk'),
    });
  });

  it("refuses deleting A's item while A's own balance names it (the composite key still guards deletes)", async () => {
    const result = await outcome(
      db,
      sql`delete from items where company_id = ${a.company} and id = ${a.item}`,
    );
    expect(result).toMatchObject({ code: '23503' });
  });

  it('takes the same id in two companies: an id is unique within its company only', async () => {
    const shared = uuidv7();
    for (const company of [a.company, b.company]) {
      expect(
        await outcome(
          db,
          sql`insert into items (id, company_id, part_number, name) values (${shared}, ${company}, ${`S-${shared}`}, 'Shared')`,
        ),
      ).toBe('ok');
    }
    expect(
      await outcome(
        db,
        sql`insert into items (id, company_id, part_number, name) values (${shared}, ${a.company}, 'S-again', 'Again')`,
      ),
    ).toMatchObject({ code: '23505' });
  });
});

describe('the catalogue: every tenant table is keyed by company_id, and every key between them carries it', () => {
  /** The tables with a company_id column, and whether it may be null. */
  let keyedTables: string[];
  beforeAll(async () => {
    const rows = await queryRows<{ table: string }>(
      db,
      sql`select c.relname as "table"
            from pg_class c
            join pg_namespace n on n.oid = c.relnamespace
            join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
           where n.nspname = 'public' and c.relkind in ('r', 'p')
           order by 1`,
    );
    keyedTables = rows.map((r) => r.table).filter((t) => !(t in NOT_KEYED_BY_COMPANY));
  });

  it("finds today's tenant tables (so the checks below are not vacuous)", () => {
    expect(keyedTables).toEqual(expect.arrayContaining(KNOWN_KEYED_TABLES));
  });

  it('gives every tenant table a primary key that leads with company_id', async () => {
    const rows = await queryRows<{ table: string; columns: string[] | null }>(
      db,
      sql`select c.relname as "table",
                 (select array_agg(a.attname::text order by k.ord)
                    from pg_constraint p
                    cross join lateral unnest(p.conkey) with ordinality as k(attnum, ord)
                    join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum
                   where p.conrelid = c.oid and p.contype = 'p') as columns
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relname = any(string_to_array(${keyedTables.join(',')}, ','))`,
    );
    const wrong = rows.filter((r) => r.columns?.[0] !== 'company_id');
    expect(wrong, 'tables whose primary key does not lead with company_id').toEqual([]);
    expect(rows).toHaveLength(keyedTables.length);
  });

  it('makes every foreign key into a tenant table pair company_id with company_id', async () => {
    const rows = await queryRows<{ name: string; from: string; to: string; pairs: string[] }>(
      db,
      sql`select f.conname as name, f.conrelid::regclass::text as "from", f.confrelid::regclass::text as "to",
                 array(select a.attname::text || '=' || b.attname::text
                         from unnest(f.conkey, f.confkey) as k(col, ref)
                         join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.col
                         join pg_attribute b on b.attrelid = f.confrelid and b.attnum = k.ref) as pairs
            from pg_constraint f
           where f.contype = 'f' and f.confrelid::regclass::text = any(string_to_array(${keyedTables.join(',')}, ','))`,
    );
    expect(rows.length, 'foreign keys into tenant tables').toBeGreaterThanOrEqual(25);
    const wrong = rows.filter((r) => !r.pairs.includes('company_id=company_id'));
    expect(wrong, 'foreign keys into a tenant table without company_id').toEqual([]);
  });

  // Leads, not only holds: the order matters to an index's use (a company's rows are its leading range) and Citus needs
  // the distribution column in every unique index of a distributed table (docs/scale-out.md).
  it('leads every unique key of a tenant table with company_id, but for the named global ones', async () => {
    const rows = await queryRows<{ name: string; table: string; columns: string[] }>(
      db,
      sql`select i.relname as name, t.relname as "table",
                 array(select a.attname::text from unnest(x.indkey) with ordinality as k(attnum, ord)
                         join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
                        order by k.ord) as columns
            from pg_index x
            join pg_class i on i.oid = x.indexrelid
            join pg_class t on t.oid = x.indrelid
            join pg_namespace n on n.oid = t.relnamespace
           where x.indisunique and n.nspname = 'public' and t.relname = any(string_to_array(${keyedTables.join(',')}, ','))`,
    );
    const wrong = rows.filter((r) => r.columns[0] !== 'company_id' && !(r.name in GLOBAL_UNIQUE_INDEXES));
    expect(wrong, 'unique keys of tenant tables not led by company_id').toEqual([]);
    expect(rows.length, 'unique keys of tenant tables').toBeGreaterThanOrEqual(keyedTables.length);
  });
});

describe('migration 0033 on a database that already holds data', () => {
  let old: TTestDatabase;
  let folder: string;
  afterAll(async () => {
    await old?.database.close();
    await old?.dispose();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** Applies the migrations up to (not including) `tag`, from a copy of the folder cut short there. */
  async function migrateUpTo(database: TDatabase, tag: string): Promise<void> {
    folder = mkdtempSync(join(tmpdir(), 'fb-migrations-'));
    mkdirSync(join(folder, 'meta'));
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const stop = journal.entries.findIndex((e) => e.tag === tag);
    expect(stop).toBeGreaterThan(0);
    const entries = journal.entries.slice(0, stop);
    for (const e of entries)
      copyFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    if (database.driver === 'pglite')
      await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  }

  // Thirty-odd migrations, then the rest: seconds alone, several times that beside other test files.
  it('keeps every row and puts the new keys in place', async () => {
    old = await openTestDatabase({ migrate: false });
    const odb = old.database.db;
    await migrateUpTo(old.database, '0033_company_in_keys');
    const [single] = await queryRows<{ columns: string }>(
      odb,
      sql`select pg_get_constraintdef(oid) as columns from pg_constraint where conname = 'items_pkey'`,
    );
    expect(single!.columns).toBe('PRIMARY KEY (id)');
    await createCompanyWithRecords(odb, 'Before A');
    await createCompanyWithRecords(odb, 'Before B');
    const count = () =>
      queryRows<Record<string, number>>(
        odb,
        sql.raw(
          `select ${KNOWN_KEYED_TABLES.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`,
        ),
      );
    const [before] = await count();

    await applyMigrations(old.database);

    expect((await count())[0]).toEqual(before);
    expect(Object.values(before!).every((n) => n >= 2)).toBe(true);
    const keys = await queryRows<{ name: string; definition: string }>(
      odb,
      sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
           where conname in ('items_pkey', 'stock_balances_item_id_fk', 'count_lines_session_id_fk')
           order by 1`,
    );
    expect(keys).toEqual([
      {
        name: 'count_lines_session_id_fk',
        definition:
          'FOREIGN KEY (company_id, session_id) REFERENCES count_sessions(company_id, id) ON DELETE CASCADE',
      },
      { name: 'items_pkey', definition: 'PRIMARY KEY (company_id, id)' },
      {
        name: 'stock_balances_item_id_fk',
        definition: 'FOREIGN KEY (company_id, item_id) REFERENCES items(company_id, id)',
      },
    ]);
  }, 120_000);
});
